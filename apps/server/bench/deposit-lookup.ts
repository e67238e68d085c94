/**
 * npm run bench:deposit-lookup — how the chain watchers' address lookup scales with the number of
 * deposit addresses (issue 17: "address lookup must not degrade linearly"), on the configured
 * database (PGlite in a temporary folder by default; PostgreSQL with DATABASE_URL). Not part of
 * npm test.
 *
 * At each size of BENCH_SIZES (default 1000, 100000, 1000000) the table holds that many users, each
 * with an EVM deposit address (written by SQL, in the real table with its unique indexes:
 * `seedDepositAddresses`, shared with bench:deposits); then
 * BENCH_ROUNDS (20) batches of 1000 addresses, half ours and half strangers, in mixed case, go
 * through `DepositService.ownersOf` (one query per batch). Printed: the mean and worst batch time;
 * then the time of allocating a new user's first address (`addressFor`: lock the counter, derive,
 * insert) at that size. Check (exit code 1): every batch finds exactly the addresses that are ours.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { DepositService } from '../src/modules/deposits';
import { benchContext, openBenchDatabase } from './bench-db';
import { benchDepositAddress, seedDepositAddresses } from './deposit-addresses';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BATCH = 1000;

const { db, cleanup } = await openBenchDatabase('bench_deposit_lookup', 4);
let failed = false;
// The development seed the deposit keys make goes to a folder of its own, removed at the end.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deposit-lookup-'));
try {
  const ctx = benchContext(db, { DATA_DIR: dataDir, DEPOSIT_DEV_SEED: 'true' });
  const deposits = new DepositService(ctx);
  let have = 0;
  for (const size of SIZES) {
    const t0 = performance.now();
    await seedDepositAddresses(ctx.db, have, size);
    have = size;
    console.log(`${size} addresses written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const times: number[] = [];
    for (let r = 0; r < ROUNDS + 1; r++) {
      const ours = new Set<string>();
      const batch = Array.from({ length: BATCH }, (_, i) => {
        if (i % 2) return benchDepositAddress(size * 10 + r * BATCH + i); // a stranger
        const a = benchDepositAddress(Math.floor(Math.random() * size));
        // ownersOf answers by the addresses as given: an upper-case one is a key of its own.
        const given = i % 4 ? a : `0x${a.slice(2).toUpperCase()}`;
        ours.add(given);
        return given;
      });
      const s = performance.now();
      const found = await deposits.ownersOf('ethereum', batch);
      if (r > 0) times.push(performance.now() - s); // the first warms up
      if (found.size !== ours.size || [...ours].some((a) => !found.has(a))) {
        failed = true;
        console.error(`round ${r}: found ${found.size}, expected ${ours.size}`);
      }
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `  ownersOf, batch of ${BATCH}: mean ${mean.toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms (${((BATCH / mean) * 1000).toFixed(0)} lookups/s)`,
    );

    const [user] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO users (uid, email, password_hash, nickname, invitation_code, created_at, updated_at)
      VALUES (${`n${size}`}, ${`n${size}@bench.invalid`}, 'x', 'n', ${`n${size}`}, now(), now()) RETURNING id`),
    );
    const a = performance.now();
    await deposits.addressFor(Number(user!.id), 'evm');
    console.log(`  first address of a new user: ${(performance.now() - a).toFixed(1)} ms`);
  }
} finally {
  await cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
