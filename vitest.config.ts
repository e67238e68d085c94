import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ISOLATED, PGLITE_SET } from './apps/server/test/suites';

/**
 * The test projects (docs/testing.md says which test runs where and why):
 * - unit: what no database can change (the contract, the web app's models, the back office, the
 *   scripts); no database, no server.
 * - components: the web app's components (*.test.tsx) rendered with React Testing Library in
 *   happy-dom, the network faked under the app's own API client (apps/web/src/test/).
 * - server: every server test on PostgreSQL (TEST_DATABASE_URL, else DATABASE_URL, else the local
 *   server), one module graph per worker (isolate: false), so a file does not pay for importing the
 *   app again.
 * - server-isolated: the server files that replace a module with vi.mock, which only takes effect
 *   in a fresh module graph.
 * - pglite: the named set of server tests that can really differ on the embedded PGlite
 *   (apps/server/test/suites.ts), on a PGlite template.
 *
 * `npm test` (scripts/test/run.mjs) runs them as separate stages; `npx vitest run <file>` runs a
 * file in every project that includes it.
 */
const SERVER = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/** apps/web's own node_modules, where its React 19 is (the components project). */
const WEB_MODULES = fileURLToPath(new URL('./apps/web/node_modules', import.meta.url));
/**
 * The components project's libraries that import React: run through Vite (not Node), so that their
 * `react` is apps/web's; the pre-bundled ones (node_modules/.vite) too.
 */
const REACT_LIBRARIES = [
  /[\\/]node_modules[\\/](antd-mobile|@testing-library|react-i18next|@tanstack|react-router|zustand|@react-spring|@use-gesture|ahooks|qrcode\.react|rc-[\w-]+)[\\/]/,
  /[\\/]node_modules[\\/]\.vite[\\/]/,
];
/** Pre-bundled for the components project; use-sync-external-store/shim is CommonJS that requires react (react-i18next uses it). */
const PREBUNDLED = [
  'antd-mobile',
  'use-sync-external-store/shim',
  'react-router',
  '@tanstack/react-query',
  'react-i18next',
  'i18next',
  '@testing-library/react',
  '@testing-library/user-event',
  '@testing-library/dom',
  'zustand',
  'zustand/middleware',
];
const shared = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One time zone for every test, whatever the machine's (docs/testing.md "Time").
  env: { TZ: 'UTC' },
};

export default defineConfig({
  test: {
    reporters: ['default', './apps/server/test/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'apps/web/scripts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          pool: 'forks',
          env: shared.env,
        },
      },
      {
        resolve: {
          // One React for the components and every library, as in the app's build (apps/web/vite.config.ts
          // `dedupe`): npm hoists react 18 (a peer of antd-mobile's animation packages) to the root, and
          // apps/web has react 19 in its own node_modules.
          alias: [{ find: /^(react|react-dom)(\/.*)?$/, replacement: `${WEB_MODULES}/$1$2` }],
          // The libraries' ES module builds, whose imports go through that alias (their CommonJS builds
          // would `require` the root's react).
          mainFields: ['module', 'jsnext:main', 'jsnext'],
          conditions: ['module', 'browser', 'development'],
        },
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          server: { deps: { inline: REACT_LIBRARIES } },
          // Pre-bundled once per run (node_modules/.vite/vitest): antd-mobile alone is some 500 modules, which
          // every test file would otherwise load one by one. React stays outside the bundles (the alias above).
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: PREBUNDLED,
                exclude: ['react-dom', 'react-dom/client', 'react-dom/test-utils', 'react/jsx-runtime'],
              },
            },
          },
          pool: 'threads',
          env: shared.env,
        },
      },
      { test: { ...shared, name: 'server', include: SERVER, exclude: ISOLATED, isolate: false } },
      { test: { ...shared, name: 'server-isolated', include: ISOLATED } },
      { test: { ...shared, name: 'pglite', include: PGLITE_SET, isolate: false } },
    ],
  },
});
