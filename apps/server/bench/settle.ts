/**
 * npm run bench:settle — settlement of seconds contracts that all expire in the same second, on
 * the configured database (PGlite in a temporary folder by default; PostgreSQL with
 * DATABASE_URL). Not part of npm test.
 *
 * Sets up BENCH_CONTRACTS (100,000) open contracts of BENCH_USERS (1,000) demo users over 20
 * crypto symbols, each opened by its own ledger transaction, all expiring at one instant. Feeds
 * every symbol a close tick before the expiry through the real market engine (a scripted source),
 * then runs the real settlement pass (`ContractSettler.settleDue`, as the background worker
 * does) and prints the time from expiry until every contract is settled and ledgered, and
 * ledger transactions per second. In the same run it measures the per-transfer ledger path of
 * bench:ledger (one ledger transaction per database transaction) for the comparison.
 */
import { sql } from 'drizzle-orm';
import { INSTRUMENTS } from '@app/contract';
import { buildApp } from '../src/app';
import { contracts, contractsOpen } from '../src/db/schema-trading';
import { rowsOf } from '../src/db/client';
import { MoneyCommands, systemAccount, userAccount, type PostInput } from '../src/modules/ledger';
import { ContractSettler } from '../src/modules/contracts';
import { loadConfig } from '../src/config';
import { ScriptedSource } from '../src/modules/market/testing';
import { benchContext, benchUsers, openBenchDatabase } from './bench-db';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const COMPARE_SECONDS = 3;
const STAKE = 10_000_000n; // 10 USDT
const SYMBOLS = INSTRUMENTS.filter((i) => i.market === 'CRYPTO').slice(0, 20);
const OPEN_UNITS = 1_000_000;
const CHUNK = 2000;
const EXPIRY_SECONDS = Number(process.env.BENCH_EXPIRY_SECONDS ?? 60);

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main() {
  const { db, cleanup } = await openBenchDatabase('bench_settle', 12);
  const ctx = benchContext(db, { MARKET_ENGINE: 'manual' });
  const feed = new ScriptedSource(SYMBOLS.map((s) => s.symbol), () => Date.now());
  const app = await buildApp({ ctx, marketEngine: { sources: () => [feed] } });
  await app.ready();
  await app.market.engine.start();
  const ledger = app.ledger;
  const money = new MoneyCommands(ctx, ledger, (userId, event) => app.market.publishToUser(userId, event));
  console.log(`settlement bench on ${db.kind}: ${CONTRACTS} contracts, ${USERS} users, ${SYMBOLS.length} symbols, ${WORKERS} worker(s)`);

  // ----- set-up (not measured): users, their money, the contracts and their opening transactions
  let t = process.hrtime.bigint();
  const users = await benchUsers(db, USERS);
  const perUser = BigInt(Math.ceil(CONTRACTS / USERS)) * STAKE;
  await db.db.transaction((tx) => ledger.postMany(tx, users.map((u): PostInput => ({
    mode: 'demo', kind: 'demo_faucet', reference: `user:${u}`,
    postings: [
      { account: systemAccount('demo', 'demo_faucet', 'USDT'), amount: -perUser },
      { account: userAccount(u, 'demo', 'option', 'USDT'), amount: perUser },
    ],
  }))));
  for (const s of SYMBOLS) feed.tick(s.symbol, (OPEN_UNITS / 10 ** s.priceDecimals).toFixed(s.priceDecimals));
  // All expire at one instant, EXPIRY_SECONDS after the set-up starts (the contracts are written
  // once, as the service writes them, and never touched again before they settle).
  const expiry = Date.now() + EXPIRY_SECONDS * 1000;
  const now = new Date();
  for (let from = 0; from < CONTRACTS; from += CHUNK) {
    const n = Math.min(CHUNK, CONTRACTS - from);
    await db.db.transaction(async (tx) => {
      const rows = await tx.insert(contracts).values(Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const s = SYMBOLS[i % SYMBOLS.length]!;
        return {
          userId: users[i % USERS]!, mode: 'demo', market: 'CRYPTO', symbol: s.symbol, direction: i % 3 === 0 ? 'down' : 'up',
          durationSeconds: 60, payoutBps: 8200, asset: 'USDT', stake: STAKE, openTime: now, expiresAt: new Date(expiry),
          openTickTime: now, openPrice: OPEN_UNITS, openSource: 'scripted',
        };
      })).returning({ id: contracts.id, publicId: contracts.publicId, userId: contracts.userId, symbol: contracts.symbol, expiresAt: contracts.expiresAt });
      await tx.insert(contractsOpen).values(rows.map((r) => ({ contractId: r.id, userId: r.userId, symbol: r.symbol, expiresAt: r.expiresAt })));
      await ledger.postMany(tx, rows.map((r): PostInput => ({
        mode: 'demo', kind: 'contract_open', reference: `contract:${r.publicId}`,
        postings: [
          { account: userAccount(r.userId, 'demo', 'option', 'USDT'), amount: -STAKE },
          { account: userAccount(r.userId, 'demo', 'option_frozen', 'USDT'), amount: STAKE },
        ],
      })));
    });
  }
  console.log(`set-up: ${CONTRACTS} contracts opened in ${(ms(t) / 1000).toFixed(1)} s`);

  if (Date.now() > expiry - 1000) {
    console.error(`set-up ran past the contracts' expiry: set BENCH_EXPIRY_SECONDS above ${EXPIRY_SECONDS}`);
    process.exit(1);
  }

  // ----- the worker's passes up to the expiry, on its schedule, as in a server: they read the
  // contracts ahead of their expiry (CONTRACT_STAGE_AHEAD_MS; 0 leaves it all to the expiry)
  const config = loadConfig(process.env).contracts;
  const settlers = Array.from({ length: WORKERS }, () => new ContractSettler(ctx, money, app.market, config));
  let stageMs = 0;
  const worker = (async () => {
    while (Date.now() < expiry - config.settleEveryMs) {
      const from = process.hrtime.bigint();
      await Promise.all(settlers.map((s) => s.pass()));
      stageMs += ms(from);
      await sleep(config.settleEveryMs);
    }
  })();

  // ----- each symbol moves up, down or not at all half a second before the expiry
  await sleep(expiry - 500 - Date.now());
  SYMBOLS.forEach((s, i) => feed.tick(s.symbol, ((OPEN_UNITS + (i % 3) - 1) / 10 ** s.priceDecimals).toFixed(s.priceDecimals), expiry - 500));
  await worker;
  console.log(`before the expiry: ${settlers.reduce((n, s) => n + s.stagedCount, 0)} contracts read ahead (${(stageMs / 1000).toFixed(1)} s of passes)`);

  // ----- measured: the worker's pass at the expiry plus its grace period
  await sleep(Math.max(0, expiry + config.settleGraceMs - Date.now()));
  t = process.hrtime.bigint();
  const settledCounts = await Promise.all(settlers.map((s) => s.pass()));
  const workMs = ms(t);
  const sinceExpiry = Date.now() - expiry;
  const settled = settledCounts.reduce((a, b) => a + b, 0);
  const [left] = rowsOf(await db.db.execute(sql`SELECT count(*)::int AS n FROM contracts_open`));
  console.log(`settled ${settled} contracts (${Number(left!.n)} left open): ${sinceExpiry} ms from expiry (grace ${config.settleGraceMs} ms + ${workMs.toFixed(0)} ms of the pass)`);
  const settleRate = settled / (workMs / 1000);
  const [txs] = rowsOf(await db.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind LIKE 'contract%' AND kind <> 'contract_open'`));
  console.log(`settlement: ${settleRate.toFixed(0)} contracts/s in ${Number(txs!.n)} ledger transactions (${(Number(txs!.n) / (workMs / 1000)).toFixed(0)} tx/s)`);

  // ----- the per-transfer ledger path of bench:ledger, same database, same run
  let done = 0;
  const end = Date.now() + COMPARE_SECONDS * 1000;
  t = process.hrtime.bigint();
  while (Date.now() < end) {
    const u = users[done % USERS]!;
    await db.db.transaction((tx) => ledger.post(tx, {
      mode: 'demo', kind: 'transfer', reference: `user:${u}`,
      postings: [
        { account: userAccount(u, 'demo', 'option', 'USDT'), amount: -1n },
        { account: userAccount(u, 'demo', 'currency', 'USDT'), amount: 1n },
      ],
    }));
    done++;
  }
  const transferRate = done / (ms(t) / 1000);
  console.log(`per-transfer ledger path (bench:ledger sequential): ${transferRate.toFixed(0)} tx/s`);
  console.log(`ratio: batched settlement / per-transfer = ${(settleRate / transferRate).toFixed(1)}x`);
  const violations = await ledger.verify(db.db);
  console.log(`invariants: ${violations.length === 0 ? 'hold' : JSON.stringify(violations)}`);
  await app.close();
  await cleanup();
}

void main();
