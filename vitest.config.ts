import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // TEST_DATABASE_ONLY=1 (CI's second, PostgreSQL pass): only the server's tests, the ones a database
    // can change; the contract's, the web's and the scripts' tests ran in the first pass.
    include: process.env.TEST_DATABASE_ONLY === '1'
      ? ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts']
      : ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    reporters: ['default', './apps/server/test/summary-reporter.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
