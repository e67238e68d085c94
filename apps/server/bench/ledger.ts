/**
 * npm run bench:ledger — the ledger's posting path against the database's own baseline (issue 14),
 * on the configured database (PGlite in a temporary folder by default; PostgreSQL with
 * DATABASE_URL). Not part of npm test.
 *
 * Baseline (PostgreSQL only): pgbench's TPC-B on a scratch database of the same server,
 * initialised with `pgbench -i -s <clients>`, run as `pgbench -c <clients> -j 2 -T <seconds> -M
 * prepared`. PGlite has no pgbench (nor a second connection): there the ledger's figures are
 * printed alone.
 *
 * Subject cases, each at the same client count (16 workers, each one connection):
 *   - per transfer: one ledger transaction (currency → option, two postings) per database
 *     transaction, `money.run({ userId: null, step: (m) => m.post(…) })`, 16 workers over distinct users;
 *   - batched: `ledger.postMany` of BENCH_BATCH transfers (one per user of the worker) per database
 *     transaction: group commit as settlement does it (docs/decisions/0026-no-group-commit-batcher.md:
 *     no batcher of separate requests in the product);
 *   - house: per transfer, each user paying one unit to the mode's house account, which every
 *     worker's transaction locks (a system account, kept in SYSTEM_SHARDS rows: the transaction of
 *     a user locks the shard of that user);
 *   - hot account: per transfer, all 16 workers debiting one user's account (its row lock
 *     serialises them).
 * BENCH_PAIRS (≥ 3) rounds, back to back: the baseline, then every case, each BENCH_SECONDS. Per
 * round and case: baseline tps, subject ledger transactions/s, ratio; then min/median/max.
 * Targets (issue 14): per transfer ≥ 1× pgbench, batched ≥ 8×; reported, not enforced.
 *
 * Checks (exit code 1 when one fails): the ledger's invariants (`LedgerService.verify`), the number
 * of ledger transactions equal to the funding plus every post the cases counted, and no failed
 * pgbench transaction.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { createLedger, systemAccount, userAccount, type PostInput } from '../src/modules/ledger';
import { benchContext, benchUsers, minMedianMax, openBenchDatabase, openPgbench } from './bench-db';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
const CLIENTS = 16;
/** Transfers per database transaction in the batched case; also the users each worker has. */
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const USERS = CLIENTS * BATCH;
const START = 1_000_000_000_000n;

interface Case {
  name: string;
  /** Issue 14's target as a ratio to pgbench, if it sets one. */
  target?: number;
  /** One database transaction of worker `w` (its `round`-th); the ledger transactions it posted. */
  run(w: number, round: number): Promise<number>;
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  const { db, cleanup } = await openBenchDatabase('bench_ledger', CLIENTS + 2);
  const baseline = url
    ? await openPgbench(url, 'bench_ledger', CLIENTS).catch(async (e: unknown) => {
        await cleanup();
        throw e;
      })
    : undefined;
  const failures: string[] = [];
  const stop = async () => {
    try {
      await baseline?.cleanup();
    } finally {
      await cleanup();
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: dropping the scratch databases`);
      void stop().finally(() => process.exit(130));
    });
  }
  try {
    // Engine work through the money command (no user, no key): one database transaction, the posting.
    const { ledger, money } = createLedger(benchContext(db), () => undefined);
    const userIds = await benchUsers(db, USERS);
    const faucet = systemAccount('demo', 'demo_faucet', 'USDT');
    for (let from = 0; from < USERS; from += 1000) {
      await money.run({
        userId: null,
        step: (m) =>
          m.postMany(
            userIds.slice(from, from + 1000).map(
              (id): PostInput => ({
                mode: 'demo',
                kind: 'demo_faucet',
                reference: `user:${id}`,
                postings: [
                  { account: faucet, amount: -START },
                  { account: userAccount(id, 'demo', 'currency', 'USDT'), amount: START },
                ],
              }),
            ),
          ),
      });
    }
    let expected = USERS;

    const transfer = (userId: number, to: 'option' | 'house'): PostInput => ({
      mode: 'demo',
      kind: 'transfer',
      reference: `user:${userId}`,
      postings: [
        { account: userAccount(userId, 'demo', 'currency', 'USDT'), amount: -1n },
        {
          account:
            to === 'house' ? systemAccount('demo', 'house', 'USDT') : userAccount(userId, 'demo', 'option', 'USDT'),
          amount: 1n,
        },
      ],
    });
    /** Worker `w`'s users: BATCH of them, none shared with another worker. */
    const userOf = (w: number, k: number) => userIds[w * BATCH + (k % BATCH)]!;
    const one = (input: PostInput) =>
      money.run({
        userId: null,
        step: async (m) => {
          await m.post(input);
          return 1;
        },
      });
    const cases: Case[] = [
      { name: 'per transfer', target: 1, run: (w, round) => one(transfer(userOf(w, round), 'option')) },
      {
        name: `batched (${BATCH} per db tx)`,
        target: 8,
        run: (w) =>
          money.run({
            userId: null,
            step: async (m) =>
              (await m.postMany(Array.from({ length: BATCH }, (_, k) => transfer(userOf(w, k), 'option')))).length,
          }),
      },
      { name: 'house (all pay the house)', run: (w, round) => one(transfer(userOf(w, round), 'house')) },
      { name: 'hot account (one user)', run: () => one(transfer(userIds[0]!, 'option')) },
    ];

    /** Ledger transactions per second of `c` with CLIENTS workers for `seconds`. */
    async function measure(c: Case, seconds = SECONDS): Promise<number> {
      let posted = 0;
      const end = Date.now() + seconds * 1000;
      const start = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, w) => {
          for (let round = 0; Date.now() < end; round++) {
            const n = await c.run(w, round);
            posted += n;
          }
        }),
      );
      expected += posted;
      return posted / (Number(process.hrtime.bigint() - start) / 1e9);
    }

    console.log(
      `ledger bench on ${db.kind}: ${CLIENTS} clients, ${SECONDS} s per run, ${PAIRS} rounds (baseline, then each case)`,
    );
    if (!baseline)
      console.log(
        'PGlite: no pgbench baseline (pgbench needs a PostgreSQL server; PGlite has one connection); ledger figures only',
      );
    // Every connection compiles the ledger's function and plans its statements on first use (as
    // pgbench prepares its statements before it counts): a second of each case first, not timed.
    for (const c of cases) await measure(c, 1);
    console.log(
      `${'round'.padEnd(6)}${'case'.padEnd(30)}${'pgbench tps'.padStart(12)}${'ledger tx/s'.padStart(13)}${'ratio'.padStart(9)}`,
    );
    const rates = new Map<string, number[]>(cases.map((c) => [c.name, []]));
    const ratios = new Map<string, number[]>(cases.map((c) => [c.name, []]));
    for (let round = 1; round <= PAIRS; round++) {
      const base = baseline ? await baseline.run(SECONDS) : undefined;
      if (base?.failed) failures.push(`pgbench round ${round}: ${base.failed} failed transactions`);
      for (const c of cases) {
        const rate = await measure(c);
        rates.get(c.name)!.push(rate);
        const ratio = base ? rate / base.tps : undefined;
        if (ratio !== undefined) ratios.get(c.name)!.push(ratio);
        console.log(
          `${String(round).padEnd(6)}${c.name.padEnd(30)}${(base ? base.tps.toFixed(0) : '-').padStart(12)}${rate.toFixed(0).padStart(13)}${(ratio === undefined ? '-' : `${ratio.toFixed(2)}x`).padStart(9)}`,
        );
      }
    }
    console.log('\nsummary');
    for (const c of cases) {
      const r = ratios.get(c.name)!;
      const target =
        c.target === undefined || r.length === 0
          ? ''
          : `; target >= ${c.target}x ${Math.min(...r) >= c.target ? 'met in every round' : r.some((x) => x >= c.target!) ? 'met in some rounds only' : 'NOT met'}`;
      console.log(
        `${c.name.padEnd(30)} ledger tx/s ${minMedianMax(rates.get(c.name)!)}${r.length ? `; ratio ${minMedianMax(r, 2)}` : ''}${target}`,
      );
    }

    const violations = await ledger.verify(db.db);
    if (violations.length) failures.push(`ledger invariants: ${JSON.stringify(violations).slice(0, 2000)}`);
    const n = Number(rowsOf(await db.db.execute(sql`SELECT count(*) AS n FROM ledger_transactions`))[0]!.n);
    if (n !== expected) failures.push(`${n} ledger transactions, expected ${expected}`);
    console.log(
      `checks: ${n} ledger transactions (expected ${expected}); ${failures.length ? `FAILED: ${failures.join('; ')}` : 'invariants hold'}`,
    );
  } finally {
    await stop();
  }
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
