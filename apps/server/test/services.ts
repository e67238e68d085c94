/**
 * The services a test needs besides the database. `npm test` (scripts/test/run.mjs) starts those that
 * are installed; outside CI it names the ones that are missing in TEST_SERVICES_MISSING, and the tests
 * that need them do not run (under CI a missing service fails the run before any test). Run directly
 * with vitest, every test runs and fails if its service is down.
 */
export type Service = 'Redis' | 'NATS';

export function serviceMissing(name: Service): boolean {
  return (process.env.TEST_SERVICES_MISSING ?? '').split(',').includes(name);
}
