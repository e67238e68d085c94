import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { TYPEBOX_PURE_BUILDERS } from '../../packages/contract/src/pure-builders';
import { sourcesHash } from '../../scripts/build-web-if-changed.mjs';

/**
 * Built to apps/web/dist, which the server serves at the same origin with an SPA fallback.
 * `vite dev` proxies the API paths to a server started locally on port 8080.
 */
const API_TARGET = 'http://127.0.0.1:8080';
// A key starting with ^ is a RegExp: '/asset/' must not catch Vite's own '/assets/...'.
const API_PATHS = '^/(asset|api|transaction|uploads)/';

/** A node_modules package test for the chunk groups (either path separator). */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * The error catalogue's translations (packages/contract/src/messages/<lang>.ts), each a chunk that
 * lib/i18n/catalog.ts loads for the current language: named `error-messages-<lang>-<hash>.js`, apart
 * from the app's strings of the same language (src/locales/<lang>.ts, `<lang>-<hash>.js`).
 */
const CONTRACT_MESSAGES = /[\\/]packages[\\/]contract[\\/]src[\\/]messages[\\/][\w-]+\.ts$/;

/** The app proper, which the small entry (src/main.tsx) imports once it has asked for the page's chunk. */
const APP_START = '/src/app/start.tsx';
/** The libraries, which the entry runs a task before the app (src/app/libraries.ts; React a task before them). */
const APP_LIBRARIES = '/src/app/libraries.ts';
/**
 * The English strings, the fallback every page loads: the entry asks for them (the stored
 * language's) itself once the shell is painted, at its priority, and paints the home and quote
 * pages' first view in them (src/app/first-view.ts). Not preloaded here at low priority, which
 * would hold that request back; not at a higher one, which would hold the shell's paint back.
 */
const ENGLISH_STRINGS = '/src/locales/en.ts';

/**
 * index.html preloads the app's files (app/libraries.ts, app/start.tsx, their static imports and CSS) as it
 * would an entry's static imports: they download with the page, beside the small entry that
 * imports them dynamically, instead of after it; at low priority, behind what the first paint needs.
 */
function preloadAppStart(): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunkOf = (module: string) => {
          const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(module));
          if (!chunk || chunk.type !== 'chunk') throw new Error(`no chunk for ${module}`);
          return chunk;
        };
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (js.has(fileName) || chunk?.type !== 'chunk') return;
          js.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
          chunk.imports.forEach(visit);
        };
        visit(chunkOf(APP_LIBRARIES).fileName);
        visit(chunkOf(APP_START).fileName);
        const missing = (file: string) => !html.includes(`/${file}"`);
        // A chunk of its own (lib/i18n imports it, src/locales/load.ts loads it), named after it or not.
        const englishChunk = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(ENGLISH_STRINGS)),
        );
        if (englishChunk?.type !== 'chunk' || englishChunk.moduleIds.length !== 1)
          throw new Error(`${ENGLISH_STRINGS} is not a chunk of its own`);
        const english = englishChunk.fileName;
        return [
          ...[...css].filter(missing).map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          })),
          // Low priority: on a slow link the stylesheets and the small entry, which paints the shell
          // (app/prepaint.ts), get the bandwidth first; the app's files still start at once.
          ...[...js]
            .filter((f) => missing(f) && f !== english)
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${f}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * The build's id (docs/app-version.md "The web app's update check"): the first 16 hex digits of the
 * hash of everything the build reads (scripts/build-web-if-changed.mjs `sourcesHash`), so the same
 * sources give the same id. Written into the app as `__WEB_BUILD_ID__` and into the dist as
 * build.json, which the server reads to tell a browser running another build that a new one is
 * deployed. `vite dev` has none (null): its pages are not a deployment and never ask.
 */
function webBuildId(): Plugin {
  let id: string | null = null;
  return {
    name: 'web-build-id',
    config(_config, { command }) {
      id = command === 'build' ? sourcesHash(fileURLToPath(new URL('../..', import.meta.url))).slice(0, 16) : null;
      return { define: { __WEB_BUILD_ID__: JSON.stringify(id) } };
    },
    generateBundle() {
      if (id) this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ buildId: id })}\n` });
    },
  };
}

/** JavaScript both layouts' first routes load statically (scripts/first-route-size.mjs lists them). */
const ALWAYS_LOADED =
  /^assets\/(react|vendor|rolldown-runtime|preload-helper|libraries|start|base|api-client|en)-[\w-]+\.js$/;

export default defineConfig({
  base: '/',
  plugins: [react(), preloadAppStart(), webBuildId()],
  resolve: {
    // npm hoists an older react (a peer of antd-mobile's animation packages) to the
    // repository root; exactly one React instance must serve the app and every library.
    dedupe: ['react', 'react-dom'],
    alias: [
      // react-router's package exports name only its development build (dev warnings on); the
      // production build beside it is the same code without them.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
      },
    ],
  },
  build: {
    // A lazy page's preload list leaves out what every first route has loaded already (the entry's
    // static imports): listing them again only made the entry's dependency table longer (and a
    // preload of a loaded file does nothing). Style sheets always stay: the helper applies them.
    // No polyfill: every browser the app supports but Safari before 17 has <link rel=modulepreload>,
    // and there a missing preload only costs time; its 0.4 KB were on every first route (issue 34).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((d) => !ALWAYS_LOADED.test(d)),
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunks and their static imports, for scripts/first-route-size.mjs.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: TYPEBOX_PURE_BUILDERS,
      },
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && CONTRACT_MESSAGES.test(chunk.facadeModuleId)
            ? 'assets/error-messages-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What every page runs, in two long-cached files apart from the app's own code: React and
            // its DOM renderer (with app/libraries-react.ts), then the rest, which the entry evaluates
            // a task later (app/libraries.ts): one start-up of 25-30 ms, four times that on a phone,
            // was the longest task the trade chart's visitor waited through (issue 34).
            {
              name: 'react',
              test: new RegExp(
                `${pkg('react|react-dom|scheduler').source}|[\\\\/]src[\\\\/]app[\\\\/]libraries-react\\.ts$`,
              ),
            },
            {
              name: 'vendor',
              test: pkg(
                'react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|zustand|use-sync-external-store',
              ),
            },
            // Small modules both layouts' first routes load beside the libraries, each a file of
            // 0.1–1.9 KB before (the UI kit's config and locales, its global hook, tslib; the icons,
            // the page states, the query client and the ledger's queries, the confirm and idle
            // helpers; antd-mobile's index, a bare re-export that was a first-route file of its own):
            // one file, whose saved per-file overhead keeps the phone's first route within 150 KiB
            // (issue 34). They import only the libraries, the entry and the API client, none of
            // which imports them back: no cycle between chunks.
            {
              name: 'base',
              test: /[\\/]node_modules[\\/](tslib[\\/]|antd-mobile[\\/]es[\\/](index\.js$|global[\\/]|utils[\\/](can-use-dom|merge-locale)\.js|components[\\/]config-provider[\\/]|locales[\\/](zh-CN|base|en-US)\.js))|[\\/]src[\\/](components[\\/](icons|page-state)\.tsx|lib[\\/]api[\\/](query-client|ledger-query|get-user-asset-data)\.ts|lib[\\/]feedback[\\/]confirm\.ts|lib[\\/]browser[\\/]idle\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // Loaded only by the pages that use them (the auth pages; the trade chart).
            { name: 'phone', test: pkg('libphonenumber-js') },
            { name: 'chart', test: pkg('lightweight-charts|fancy-canvas') },
            // The home page's list pieces and requests, which other pages share (so each was a
            // chunk of its own): one file on the first route instead of five (each request a round
            // trip on HTTP/1.1; the desktop dashboard's first route loads none of them).
            {
              name: 'ticker-list',
              test: /[\\/]src[\\/](components[\\/](ticker-list|coin-icon)\.tsx|features[\\/]home[\\/]api[\\/](get-banners|get-shortcuts)\.ts|lib[\\/]api[\\/](take-early|get-tickers-by-type)\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The form kit the sign-in, registration and most account pages share (the fields, the
            // submit button, the form hooks, the code and country requests): one file instead of
            // nine of 1–2 KB, each a round trip on HTTP/1.1 (the login page's largest text waited on
            // three waves of them, issue 34). Nothing a first route loads is in it (the desktop's
            // preferences import update-user, which stays apart), nor the phone-number library.
            {
              name: 'forms',
              test: /[\\/]src[\\/](components[\\/](text-field|password-field|submit-button|code-field|search-field)\.tsx|lib[\\/]forms[\\/]use-form-errors\.ts|lib[\\/]api[\\/](country-code-list|send-sms-otp)\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The market pieces home shares with the quote, news and trade pages (tabs, favourites, the
            // socket and live-price hooks with the instruments, and lib/market's index, a bare re-export
            // that was a first-route file of its own): one file on the first route instead of four once
            // other pages import some of them.
            {
              name: 'market-shared',
              test: /[\\/]src[\\/](components[\\/](tab-list|favorite-star)\.tsx|lib[\\/]api[\\/](get-favorites|set-favorite)\.ts|lib[\\/]market[\\/](index|socket|paths|ticks|connections|use-market-stream|use-live-tickers|use-prices-stale)\.ts|lib[\\/]browser[\\/]use-painted\.ts)$|[\\/]packages[\\/]contract[\\/]src[\\/]instruments\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [API_PATHS]: { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});
