/**
 * Which server tests run where (docs/testing.md "Which test runs where"). Every server test runs on
 * PostgreSQL, the production database. These run on the embedded PGlite as well, because there the
 * code takes other paths: one connection instead of a pool, a data folder instead of a server.
 * Each entry says what it checks there; a test file listed here that does not exist fails the run
 * (suites.test.ts).
 */
export const PGLITE_SET: readonly string[] = [
  // Migrations on a fresh folder, the data-folder lock, the buffer pool, planner statistics.
  'apps/server/src/db/client.test.ts',
  // Prepared reads written as literals (PGlite has no extended protocol through drizzle's driver).
  'apps/server/src/db/prepared.test.ts',
  // Every money path with one race and one replay, on the one connection (a transaction that used
  // the outer handle would hang here and nowhere else).
  'apps/server/test/money-paths.test.ts',
  // The ledger's own postings, balances and invariants.
  'apps/server/src/modules/ledger/ledger.test.ts',
  // A first start: history stored in batches while live minutes wait, a shutdown in the first seconds.
  'apps/server/src/modules/market/first-start.test.ts',
  // Prices stored in display decimals scaled to ticks (migration 0032): a default installation keeps
  // its history in the embedded database.
  'apps/server/src/modules/market/price-ticks-migration.test.ts',
];

/**
 * Server test files that replace one of the app's modules with `vi.mock`: a mock only takes effect in
 * a fresh module graph, so these run in a project of their own with isolation on.
 */
export const ISOLATED: readonly string[] = ['apps/server/src/modules/auth/login-lock.test.ts'];
