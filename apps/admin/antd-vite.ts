import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as AntdModule from 'antd';
import type * as ExtractModule from '@ant-design/static-style-extract';
import type * as ReactModule from 'react';
import type { Plugin } from 'vite';
import { ANTD_COMPONENTS, THEME } from './src/theme';

/**
 * How antd fits the back office's CSP (docs/decisions/0134-back-office-on-antd.md): its CSS is made
 * here, at build time, and its run-time rules go through the CSSOM.
 */

/** What main.tsx imports for antd's styles: the CSS of ANTD_COMPONENTS under THEME. */
export const ANTD_CSS_ID = 'virtual:antd.css';
const RESOLVED_CSS_ID = '/__antd.css';

/**
 * The CSS of the components the back office uses, under its theme, as antd's CSS-in-JS would add it
 * at run time: rendered once on the server side by @ant-design/static-style-extract. It renders with
 * the React that antd itself resolves (npm hoists another React than the back office's to the root,
 * and one render must use one React); the CSS does not depend on which.
 */
export function extractAntdCss(): string {
  const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd'));
  const React = fromAntd('react') as typeof ReactModule;
  const { ConfigProvider } = fromAntd('antd') as typeof AntdModule;
  const { extractStyle } = fromAntd('@ant-design/static-style-extract') as typeof ExtractModule;
  return extractStyle({
    includes: [...ANTD_COMPONENTS],
    customTheme: (node) => React.createElement(ConfigProvider, { theme: THEME }, node),
  });
}

/** Serves `virtual:antd.css`: Vite then minifies it and bundles it into the build's stylesheet. */
export function antdStaticCss(): Plugin {
  let css: string | undefined;
  return {
    name: 'antd-static-css',
    resolveId: (id) => (id === ANTD_CSS_ID ? RESOLVED_CSS_ID : undefined),
    load(id) {
      if (id !== RESOLVED_CSS_ID) return undefined;
      css ??= extractAntdCss();
      return css;
    },
  };
}

const UPSTREAM_DYNAMIC_CSS = /[\\/]@rc-component[\\/]util[\\/](es|lib)[\\/]Dom[\\/]dynamicCSS\.js$/;

/**
 * Puts src/csp/dynamic-css.ts in place of `@rc-component/util`'s dynamicCSS, which adds `<style>`
 * elements (a table's scrollbar measurement, a dialog's scroll lock) that the CSP refuses.
 */
export function cspSafeDynamicCss(): Plugin {
  const shim = fileURLToPath(new URL('./src/csp/dynamic-css.ts', import.meta.url));
  return {
    name: 'csp-safe-dynamic-css',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('dynamicCSS')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && UPSTREAM_DYNAMIC_CSS.test(resolved.id) ? shim : resolved;
    },
  };
}
