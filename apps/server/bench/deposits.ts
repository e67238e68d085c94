/**
 * npm run bench:deposits — issue 17's benchmark: the deposits module's chain watcher end to end,
 * against anvil (started from node_modules, stopped at the end), on the configured database
 * (PGlite in a temporary folder by default; PostgreSQL with DATABASE_URL, in scratch databases
 * dropped at the end). Not part of npm test.
 *
 * What runs is what the server runs (app.ts): a `DepositWatcher` over the scanner `chainScanners`
 * builds from the configuration (Ethereum's `EvmScanner` on anvil, the catalogue's tokens: the test
 * USDT), its real address lookup (`ownerLookup` → `DepositService.ownersOf`, one indexed query over
 * `deposit_addresses`), recording in the scanner's transaction and crediting through the money
 * command (one ledger transaction `deposit` each). Two measuring subclasses, which change nothing
 * of what they extend: `ownersOf`'s time is summed, and the money command notes when a crediting
 * that credited something returned (committed).
 *
 * For each number of deposit addresses in BENCH_WATCHED (default `1000,100000,1000000`), on a
 * fresh database holding that many users with an EVM deposit address each (`seedDepositAddresses`)
 * and a fresh anvil (anvil keeps 500 blocks' states in memory and writes older ones to disk, each
 * block slower than the last: a size mines fewer than 500 blocks with the defaults):
 *
 * - **Scanning.** A warm-up round of BENCH_WARMUP_BLOCKS (40), not counted, then BENCH_ROUNDS (3)
 *   rounds: a chain of BENCH_BLOCKS (100) blocks, each with one test-USDT `mintMany` of BENCH_LOGS
 *   (50) Transfer logs (half to deposit addresses picked at random among all of that size, half to
 *   strangers) and BENCH_ETH (5) ether transfers (one to a deposit address), is mined while the
 *   watcher is stopped; then the watcher catches up by hand, poll after poll (K =
 *   CHAIN_BLOCKS_PER_POLL, 100), as its timer would. Timed: the polls (read the blocks and logs,
 *   look up the recipients, record in the cursor's transaction) — blocks/s and logs/s — and, apart,
 *   the crediting after each poll. After the last round N − 1 empty blocks confirm the rest.
 * - **Time to credit.** The watcher runs on its own timer (`start()`, CHAIN_POLL_MS = BENCH_POLL_MS,
 *   50 ms). A stream of BENCH_DEPOSITS (120) + N − 1 blocks, mined one at a time: each holds a
 *   deposit (USDT and ether in turn, to a random deposit address) and BENCH_LOGS transfers to
 *   strangers, and gives the deposit N − 1 blocks before it its N-th confirmation, so the poll that
 *   scans it records one deposit and credits another, as on a live chain. Each block is mined
 *   after a random pause (0 to CHAIN_POLL_MS: it falls anywhere in the timer's cycle) once the
 *   previous credit is in. Measured: from just before the block is asked for (`anvil_mine`) to the
 *   return of the money command that credited the deposit (after its COMMIT). N =
 *   BENCH_CONFIRMATIONS (12, the catalogue's default); the first N − 1 blocks only fill the pipe.
 *
 * Printed per size: each round's blocks/s and logs/s, the lookup's time, the crediting; the
 * credit latency's p50 and p99 and min / median / max; then a table with the first size (1k) as
 * the baseline and the larger ones as subjects: ratio = subject / baseline of blocks/s (per round,
 * min / median / max) and of the credit latency's p50. Checks (exit code 1): every deposit sent to
 * a deposit address is recorded and credited exactly once (ledger transactions of kind `deposit`,
 * one per deposit, distinct references; none left in progress), each timed credit is that of the
 * deposit its block confirmed, and the ledger's invariants hold.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import { rowsOf } from '../src/db/client';
import type { DepositChainId } from '@app/contract';
import { DepositService, DepositWatcher, chainScanners, type AddressOwner } from '../src/modules/deposits';
import { createLedger, type MoneyCommand, type MoneyCommands } from '../src/modules/ledger';
import { DEV_ACCOUNTS, startAnvil } from '../test/anvil';
import { benchContext, minMedianMax, openBenchDatabase } from './bench-db';
import { benchDepositAddress, seedDepositAddresses } from './deposit-addresses';

const SIZES = (process.env.BENCH_WATCHED ?? '1000,100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 100);
const WARMUP_BLOCKS = Number(process.env.BENCH_WARMUP_BLOCKS ?? 40);
const LOGS = Number(process.env.BENCH_LOGS ?? 50);
const ETH = Number(process.env.BENCH_ETH ?? 5);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 120);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 50);
const N = Number(process.env.BENCH_CONFIRMATIONS ?? 12);
/** How long the watcher may take to scan a block or credit a deposit before the bench gives up. */
const TIMEOUT_MS = 30_000;
/** Beyond this many blocks anvil writes states to disk (~/.foundry/anvil/tmp), each block slower. */
const ANVIL_MEMORY_BLOCKS = 500;
/** Strangers' addresses: far above any deposit address, a pool used over and over (each new address makes anvil's state, and its every block, bigger). */
const STRANGERS = 1e12;
const STRANGER_POOL = 5000;
/** Above the routes' minimums (20 USDT, 0.01 ETH), so every deposit is credited. */
const USDT_AMOUNT = 20_000_000n;
const ETH_AMOUNT = 10n ** 16n;

/** The p-th percentile of `xs`, interpolated between the two nearest ranks (p50 is the median). */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p / 100) * (s.length - 1);
  const lo = Math.floor(at);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** Until the watcher's cursor is at `height` (it has scanned and recorded up to there). */
async function reached(w: DepositWatcher, height: number): Promise<void> {
  const from = performance.now();
  while ((w.status().cursor ?? -1) < height) {
    if (performance.now() - from > TIMEOUT_MS)
      throw new Error(`the watcher did not reach block ${height}: ${JSON.stringify(w.status())}`);
    await sleep(1);
  }
}

/** The deposits module; notes how long the scanner's address lookups take (`ownerLookup` asks `ownersOf`). */
class TimedDeposits extends DepositService {
  lookupMs = 0;
  lookups = 0;

  override async ownersOf(chain: DepositChainId, addresses: readonly string[]): Promise<Map<string, AddressOwner>> {
    const t = performance.now();
    try {
      return await super.ownersOf(chain, addresses);
    } finally {
      this.lookupMs += performance.now() - t;
      this.lookups++;
    }
  }
}

/** The app's money command; notes when a command that credited something returned, i.e. committed. */
/** The money command, timed: calls `onCredited` when the watcher's crediting (its only command here) credited something. */
function timed(money: MoneyCommands): MoneyCommands & { onCredited: ((at: number) => void) | null } {
  const timedMoney = Object.assign(money, { onCredited: null as ((at: number) => void) | null });
  const run = money.run.bind(money);
  timedMoney.run = async <R>(cmd: MoneyCommand<R>): Promise<R> => {
    const r = await run(cmd);
    // The watcher's crediting is the only money command here; it answers how many it credited.
    if (typeof r === 'number' && r > 0) timedMoney.onCredited?.(performance.now());
    return r;
  };
  return timedMoney;
}

interface SizeResult {
  size: number;
  blocksPerSecond: number[];
  logsPerSecond: number[];
  latencies: number[];
}

const failures: string[] = [];
const fail = (why: string) => {
  failures.push(why);
  console.error(`FAILED: ${why}`);
};
/** What the size being measured holds (its watcher, database, anvil, folder), released in this order. */
const release: (() => Promise<void>)[] = [];
const releaseAll = async () => {
  for (const r of release.splice(0)) await r().catch((e: unknown) => console.error('cleaning up failed', e));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping anvil, removing the scratch database`);
    void releaseAll().finally(() => process.exit(130));
  });
}

/** One size: a fresh database with `size` deposit addresses and a fresh anvil; its figures. */
async function measure(size: number): Promise<SizeResult> {
  const t0 = performance.now();
  const { db, cleanup } = await openBenchDatabase(`bench_deposits_${size}`, 4);
  release.push(cleanup);
  await seedDepositAddresses(db.db, 0, size);
  const seeded = (performance.now() - t0) / 1000;
  const node = await startAnvil();
  release.unshift(() => node.stop());
  // The development seed the deposit keys make goes to a folder of its own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-deposits-'));
  release.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const token = await node.deployTestUsdt();
  const ctx = benchContext(db, {
    DATA_DIR: dataDir,
    DEPOSIT_DEV_SEED: 'true',
    ETHEREUM_RPC_URL: node.rpcUrl,
    ETHEREUM_CHAIN_ID: String(node.chainId),
    ETHEREUM_START_BLOCK: String((await node.head()) + 1),
    DEPOSIT_USDT_ETHEREUM_CONTRACT: token,
    DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: String(N),
    DEPOSIT_ETH_ETHEREUM_CONFIRMATIONS: String(N),
    DEPOSIT_USDC_ETHEREUM_ENABLED: 'false',
    CHAIN_POLL_MS: String(POLL_MS),
  });
  // As app.ts builds them: one watcher per chain with a node (here Ethereum, on anvil).
  const deposits = new TimedDeposits(ctx);
  const { ledger, money: untimed } = createLedger(ctx, () => undefined);
  const money = timed(untimed);
  const watchers = chainScanners(ctx, deposits).map((scanner) => new DepositWatcher(ctx, { deposits, money, scanner }));
  const w = watchers[0];
  if (watchers.length !== 1 || w?.chain !== 'ethereum')
    throw new Error(`expected one watcher, of Ethereum: ${watchers.map((x) => x.chain).join(', ')}`);
  release.unshift(() => w.stop());

  const count = async (query: SQL) => Number(rowsOf(await ctx.db.execute(query))[0]!.n);
  const creditTransactions = () =>
    count(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'deposit'`);
  const recorded = () => count(sql`SELECT count(*)::int AS n FROM deposits WHERE chain_key IS NOT NULL`);
  const inProgress = () =>
    count(sql`SELECT count(*)::int AS n FROM deposits WHERE chain_key IS NOT NULL AND status = 'in_progress'`);
  const watched = () => benchDepositAddress(Math.floor(Math.random() * size)) as Address;
  let strangers = 0;
  const stranger = () => benchDepositAddress(STRANGERS + (strangers++ % STRANGER_POOL)) as Address;
  /** Deposits sent to deposit addresses: each must be recorded and credited once. */
  let sent = 0;
  /** A counter in every amount: no two transactions are alike, whatever the recipients. */
  let unique = 0n;

  console.log(
    `\n${size.toLocaleString('en')} deposit addresses (database ready in ${seeded.toFixed(1)} s; load average ${load()})`,
  );
  const result: SizeResult = { size, blocksPerSecond: [], logsPerSecond: [], latencies: [] };

  // ----- scanning a backlog of blocks -----
  for (let round = 0; round <= ROUNDS; round++) {
    const blocks = round ? BLOCKS : WARMUP_BLOCKS;
    const build = performance.now();
    const half = Math.floor(LOGS / 2);
    let expected = 0;
    for (let b = 0; b < blocks; b++) {
      await node.mintUsdt(
        token,
        Array.from({ length: LOGS }, (_, j) => ({
          to: j < half ? watched() : stranger(),
          amount: USDT_AMOUNT + unique++,
        })),
      );
      expected += half;
      for (let e = 0; e < ETH; e++) {
        await node.sendEth(
          e === 0 ? watched() : stranger(),
          (e === 0 ? ETH_AMOUNT : 1n) + unique++,
          DEV_ACCOUNTS[1 + (e % 9)],
        );
        if (e === 0) expected++;
      }
      await node.mine();
    }
    const buildSecs = (performance.now() - build) / 1000;
    const before = await recorded();
    deposits.lookupMs = 0;
    deposits.lookups = 0;
    let scanMs = 0;
    let creditMs = 0;
    let credited = 0;
    for (;;) {
      const s = performance.now();
      const r = await w.scanner.poll(w.record);
      scanMs += performance.now() - s;
      if (r.status === 'caught-up') break;
      if (r.status !== 'scanned') throw new Error(`poll: ${JSON.stringify(r)}`);
      const c = performance.now();
      credited += await w.creditConfirmed();
      creditMs += performance.now() - c;
    }
    const found = (await recorded()) - before;
    sent += expected;
    if (found !== expected) fail(`size ${size}, round ${round}: ${found} deposits recorded, ${expected} sent`);
    const secs = scanMs / 1000;
    if (round > 0) {
      result.blocksPerSecond.push(blocks / secs);
      result.logsPerSecond.push((blocks * LOGS) / secs);
    }
    console.log(
      `  scan ${round ? `round ${round}` : 'warm-up (not counted)'}: ${blocks} blocks in ${secs.toFixed(2)} s: ${(blocks / secs).toFixed(0)} blocks/s, ${((blocks * LOGS) / secs).toFixed(0)} logs/s; ` +
        `lookup ${deposits.lookupMs.toFixed(1)} ms in ${deposits.lookups} calls; ${found} deposits recorded; crediting after the polls: ${credited} in ${(creditMs / 1000).toFixed(2)} s ` +
        `(${credited ? (credited / (creditMs / 1000)).toFixed(0) : '-'}/s); chain built in ${buildSecs.toFixed(1)} s`,
    );
  }
  // The last rounds' deposits: confirmed by empty blocks and credited (not timed).
  await node.mine(N - 1);
  while ((await w.pollOnce()).status === 'scanned');
  if ((await inProgress()) !== 0) fail(`size ${size}: deposits left in progress after scanning`);
  if ((await creditTransactions()) !== sent)
    fail(`size ${size}: ${await creditTransactions()} credits for ${sent} deposits after scanning`);

  // ----- the time from the N-th confirmation to the credit, the watcher on its timer -----
  // A stream of blocks, each with a deposit and transfers to strangers, each giving the deposit
  // N − 1 blocks before it its N-th confirmation: the poll that scans a block records its deposit
  // and credits an older one, as on a live chain. The first N − 1 blocks only fill the pipe.
  const phase = performance.now();
  deposits.lookupMs = 0;
  deposits.lookups = 0;
  const hashes: Hash[] = [];
  w.start();
  for (let k = 0; k < DEPOSITS + N - 1; k++) {
    const to = watched();
    const from = DEV_ACCOUNTS[1 + (k % 9)];
    hashes.push(
      k % 2
        ? await node.sendEth(to, ETH_AMOUNT + unique++, from)
        : await node.sendUsdt(token, to, USDT_AMOUNT + unique++, from),
    );
    sent++;
    await node.mintUsdt(
      token,
      Array.from({ length: LOGS }, () => ({ to: stranger(), amount: 1n + unique++ })),
    );
    const due = k - (N - 1);
    if (due < 0) {
      await node.mine(1);
      await reached(w, await node.head());
      continue;
    }
    // The block falls anywhere in the timer's cycle.
    await sleep(Math.random() * POLL_MS);
    let timer: NodeJS.Timeout | undefined;
    const credited = new Promise<number | null>((resolve) => {
      money.onCredited = resolve;
      timer = setTimeout(() => resolve(null), TIMEOUT_MS);
    });
    const mined = performance.now();
    await node.mine(1);
    const at = await credited;
    clearTimeout(timer);
    money.onCredited = null;
    if (at === null) {
      fail(`size ${size}: deposit ${hashes[due]} not credited ${TIMEOUT_MS} ms after its ${N}th confirmation`);
      break;
    }
    result.latencies.push(at - mined);
    // Not timed: the credit seen was that deposit's (the newest rows are the last N deposits).
    const newest = rowsOf(
      await ctx.db.execute(
        sql`SELECT tx_hash, status FROM deposits WHERE chain_key IS NOT NULL ORDER BY id DESC LIMIT ${N}`,
      ),
    );
    const row = newest.find((r) => r.tx_hash === hashes[due]!.toLowerCase());
    if (row?.status !== 'success')
      fail(`size ${size}: the credit timed at block ${k} was not that of ${hashes[due]} (${String(row?.status)})`);
  }
  // The last N − 1 deposits: confirmed by empty blocks and credited, not timed.
  await node.mine(N - 1);
  await reached(w, await node.head());
  for (let i = 0; (await inProgress()) > 0; i++) {
    if (i * 20 > TIMEOUT_MS) throw new Error('the last deposits were not credited');
    await sleep(20);
  }
  await w.stop();
  const mined = await node.head();
  const l = result.latencies;
  if (l.length) {
    console.log(
      `  time to credit (${l.length} deposits, the watcher on its ${POLL_MS} ms timer): p50 ${percentile(l, 50).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms; ${minMedianMax(l, 1)} ms; ` +
        `lookup ${(deposits.lookupMs / Math.max(1, deposits.lookups)).toFixed(2)} ms a call (${deposits.lookups} calls); ${((performance.now() - phase) / 1000).toFixed(1)} s; load average ${load()}`,
    );
  }

  // ----- every deposit credited exactly once -----
  const [totals] = rowsOf(
    await ctx.db.execute(
      sql`SELECT count(*)::int AS n, count(DISTINCT reference)::int AS refs FROM ledger_transactions WHERE kind = 'deposit'`,
    ),
  );
  const [states] = rowsOf(
    await ctx.db.execute(sql`SELECT count(*) FILTER (WHERE status = 'success')::int AS ok, count(*) FILTER (WHERE status <> 'success')::int AS other,
    count(DISTINCT transaction_id)::int AS txs FROM deposits WHERE chain_key IS NOT NULL`),
  );
  const [credits, refs, ok, other, txs] = [totals!.n, totals!.refs, states!.ok, states!.other, states!.txs].map(
    Number,
  ) as [number, number, number, number, number];
  console.log(
    `  check: ${sent} deposits sent to deposit addresses; ${ok} recorded and credited (${other} not), ${credits} ledger transactions 'deposit' (${refs} distinct references, ${txs} on the records); ${mined} blocks on anvil`,
  );
  if (credits !== sent || refs !== sent || ok !== sent || other !== 0 || txs !== sent)
    fail(`size ${size}: not every deposit was credited exactly once`);
  for (const v of await ledger.verify(ctx.db)) fail(`size ${size}: ledger invariant ${v.rule}: ${v.detail}`);
  if (mined > ANVIL_MEMORY_BLOCKS)
    console.log(
      `  note: ${mined} blocks, more than the ${ANVIL_MEMORY_BLOCKS} whose states anvil keeps in memory: it wrote the older ones to disk (slower blocks)`,
    );
  return result;
}

console.log(
  `bench:deposits on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; N = ${N} confirmations, CHAIN_POLL_MS = ${POLL_MS}; a fresh database and anvil per size`,
);
console.log(
  `scanning: a warm-up of ${WARMUP_BLOCKS} blocks, then ${ROUNDS} rounds of ${BLOCKS} blocks × (${LOGS} Transfer logs, ${Math.floor(LOGS / 2)} to deposit addresses; ${ETH} ether transfers, ${ETH ? 1 : 0} to one); ` +
    `time to credit: a stream of ${DEPOSITS} deposits, one a block`,
);
console.log(`load average at start: ${load()} (${os.cpus().length} cores)`);
const results: SizeResult[] = [];
try {
  for (const size of SIZES) {
    results.push(await measure(size));
    await releaseAll();
  }
} finally {
  await releaseAll();
}

// ----- the baseline (the first size) against the subjects -----
const [base, ...subjects] = results;
if (base?.latencies.length && base.blocksPerSecond.length) {
  console.log(
    `\nbaseline: ${base.size.toLocaleString('en')} addresses; subjects: ${subjects.map((s) => s.size.toLocaleString('en')).join(', ') || 'none'} (ratio = subject / baseline)`,
  );
  console.log(
    '| addresses | blocks/s | logs/s (median) | blocks/s ratio (round by round) | credit p50 ms | credit p99 ms | credit ms | p50 ratio |',
  );
  console.log('| ---: | --- | ---: | --- | ---: | ---: | --- | ---: |');
  const baseP50 = percentile(base.latencies, 50);
  for (const r of results) {
    const ratios = r.blocksPerSecond.map((x, i) => x / base.blocksPerSecond[i]!);
    const p50 = percentile(r.latencies, 50);
    console.log(
      `| ${r.size.toLocaleString('en')} | ${minMedianMax(r.blocksPerSecond)} | ${percentile(r.logsPerSecond, 50).toFixed(0)} | ${r === base ? 'baseline' : minMedianMax(ratios, 2)} | ` +
        `${p50.toFixed(1)} | ${percentile(r.latencies, 99).toFixed(1)} | ${minMedianMax(r.latencies, 1)} | ${r === base ? 'baseline' : (p50 / baseP50).toFixed(2)} |`,
    );
  }
}
console.log(`load average at the end: ${load()}`);
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
