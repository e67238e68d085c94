/**
 * npm run bench:ledger — ledger throughput on the configured database (PGlite in a temporary
 * folder by default; PostgreSQL with DATABASE_URL). Not part of npm test.
 *
 * Measures, in one run and on one database:
 *   - sequential transfers: one ledger transaction per database transaction, one at a time;
 *   - concurrent transfers: the same, 16 at a time over distinct users (no lock contention);
 *   - hot account: 16 at a time all debiting one account (the row lock serialises them).
 * Figures are transactions per second; compare ratios within a run, not across machines.
 */
import { sql } from 'drizzle-orm';
import { LedgerService, systemAccount, userAccount } from '../src/modules/ledger';
import { benchContext, benchUsers, openBenchDatabase } from './bench-db';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 16;
const USERS = 64;

async function main() {
  const { db, cleanup } = await openBenchDatabase('bench_ledger', CONCURRENCY + 2);
  const ledger = new LedgerService(benchContext(db));
  const userIds = await benchUsers(db, USERS);
  for (const id of userIds) {
    await db.db.transaction((tx) => ledger.post(tx, {
      mode: 'demo', kind: 'demo_faucet', reference: `user:${id}`,
      postings: [
        { account: systemAccount('demo', 'demo_faucet', 'USDT'), amount: -1_000_000_000_000n },
        { account: userAccount(id, 'demo', 'currency', 'USDT'), amount: 1_000_000_000_000n },
      ],
    }));
  }
  const transfer = (userId: number) => db.db.transaction((tx) => ledger.post(tx, {
    mode: 'demo', kind: 'transfer', reference: `user:${userId}`,
    postings: [
      { account: userAccount(userId, 'demo', 'currency', 'USDT'), amount: -1n },
      { account: userAccount(userId, 'demo', 'option', 'USDT'), amount: 1n },
    ],
  }));

  async function measure(label: string, workers: number, pick: (worker: number) => number) {
    let done = 0;
    const end = Date.now() + DURATION_MS;
    const start = process.hrtime.bigint();
    await Promise.all(Array.from({ length: workers }, async (_, w) => {
      while (Date.now() < end) {
        await transfer(pick(w));
        done++;
      }
    }));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const rate = done / seconds;
    console.log(`${label.padEnd(36)} ${String(done).padStart(7)} tx in ${seconds.toFixed(1)} s = ${rate.toFixed(0).padStart(6)} tx/s`);
    return rate;
  }

  console.log(`ledger bench on ${db.kind}, ${DURATION_MS / 1000} s per case`);
  const seq = await measure('sequential (1 at a time)', 1, () => userIds[0]!);
  const conc = await measure(`concurrent (${CONCURRENCY}, distinct users)`, CONCURRENCY, (w) => userIds[w % USERS]!);
  const hot = await measure(`hot account (${CONCURRENCY}, one user)`, CONCURRENCY, () => userIds[1]!);
  console.log(`ratios: concurrent/sequential ${(conc / seq).toFixed(2)}x, hot/sequential ${(hot / seq).toFixed(2)}x`);
  const violations = await ledger.verify(db.db);
  const [{ n }] = (await db.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
  console.log(`ledger transactions: ${n}; invariants: ${violations.length === 0 ? 'hold' : JSON.stringify(violations)}`);
  await cleanup();
}

void main();
