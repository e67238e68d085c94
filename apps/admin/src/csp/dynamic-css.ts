/**
 * Stands in for `@rc-component/util/es/Dom/dynamicCSS` in the back office's build (antd-vite.ts), so
 * that antd's few run-time rules never become `<style>` elements, which the CSP refuses
 * (docs/decisions/0134-back-office-on-antd.md).
 *
 * antd's components add two rules at run time, outside its CSS-in-JS: a table measures the
 * scrollbar's width with a `::-webkit-scrollbar` rule, and a dialog stops the page behind it from
 * scrolling with `html body { overflow-y: hidden }`. Here each rule goes into a constructed
 * stylesheet adopted by the document (CSSOM, as `element.style` is: the CSP governs markup, not what
 * our own script does through the CSSOM), under the same key, replaced and removed by it.
 *
 * What antd's CSS-in-JS would add goes to the detached container main.tsx gives its StyleProvider:
 * that is dropped, the extracted stylesheet has it all.
 *
 * The API is upstream's (injectCSS, updateCSS, removeCSS, clearContainerCache), with its types.
 */
type Container = Element | ShadowRoot;

interface Options {
  attachTo?: Container;
  csp?: { nonce?: string };
  prepend?: boolean | 'queue';
  priority?: number;
  mark?: string;
  styles?: HTMLElement[];
}

type Root = Document | ShadowRoot;

/** The keyed rules adopted so far: the key, where, and the sheet. */
const keyed = new Map<string, { root: Root; sheet: CSSStyleSheet }>();

/** Where a rule applies: the document, a shadow root, or nowhere (a container outside the document). */
function rootOf(option: Options): Root | null {
  const target = option.attachTo;
  if (!target) return document;
  if (target instanceof ShadowRoot) return target;
  return target.isConnected ? document : null;
}

function sheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/** A `<style>` never inserted anywhere, for callers that set attributes on what they get back. */
function standIn(css: string): HTMLStyleElement {
  const element = document.createElement('style');
  element.textContent = css;
  return element;
}

export function injectCSS(css: string, option: Options = {}): HTMLStyleElement {
  const root = rootOf(option);
  if (root) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheetOf(css)];
  return standIn(css);
}

export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const root = rootOf(option);
  const found = keyed.get(key);
  if (found && found.root === root) {
    found.sheet.replaceSync(css);
  } else {
    removeCSS(key);
    if (root) {
      const sheet = sheetOf(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      keyed.set(key, { root, sheet });
    }
  }
  return standIn(css);
}

export function removeCSS(key: string, _option: Options = {}): void {
  const found = keyed.get(key);
  if (!found) return;
  found.root.adoptedStyleSheets = found.root.adoptedStyleSheets.filter((s) => s !== found.sheet);
  keyed.delete(key);
}

/** Upstream clears its cache of containers between unit tests; there is none here. */
export function clearContainerCache(): void {}
