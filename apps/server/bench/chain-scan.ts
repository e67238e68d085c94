/**
 * npm run bench:chain-scan — how fast the EVM scanner reads a chain, against anvil (started from
 * node_modules, stopped at the end), on the configured database (PGlite in a temporary folder by
 * default; PostgreSQL with DATABASE_URL). Not part of npm test.
 *
 * The chain: BENCH_BLOCKS (200) blocks, each holding one test-USDT `mintMany` with BENCH_LOGS
 * (50) Transfer logs (half to watched addresses, half to others) and BENCH_ETH (5) ether transfers
 * (one to a watched address). For each number of watched addresses in BENCH_WATCHED (default
 * `1000,100000,1000000`), a fresh scanner (its own cursor) scans the whole range from its first
 * block to the head with K = BENCH_K (100) blocks a poll; the lookup is a Map of that many
 * addresses, as a stand-in for the deposits module's indexed query. Printed per size: blocks and
 * logs per second, the time spent in the lookup, and a check that every expected transfer was
 * found once (exit code 1 otherwise).
 */
import pino from 'pino';
import type { Address } from 'viem';
import { DEV_ACCOUNTS, startAnvil } from '../test/anvil';
import { EvmScanner, viemNode } from '../src/modules/chains';
import { openBenchDatabase } from './bench-db';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 200);
const LOGS = Number(process.env.BENCH_LOGS ?? 50);
const ETH = Number(process.env.BENCH_ETH ?? 5);
const K = Number(process.env.BENCH_K ?? 100);
const SIZES = (process.env.BENCH_WATCHED ?? '1000,100000,1000000').split(',').map(Number);

/** The i-th address of the bench's address space (watched ones are 0 … size−1). */
const address = (i: number) => `0x${(0xbe00000000 + i).toString(16).padStart(40, '0')}` as Address;
const STRANGERS = 10_000_000;

const node = await startAnvil();
const { db, cleanup } = await openBenchDatabase('chainscan', 4);
let failed = false;
try {
  const token = await node.deployTestUsdt();
  const first = (await node.head()) + 1;
  const half = Math.floor(LOGS / 2);
  const watchedLimit = Math.min(...SIZES);
  let n = 0;
  const build = Date.now();
  for (let b = 0; b < BLOCKS; b++) {
    const credits = Array.from({ length: LOGS }, (_, j) => ({
      // Watched recipients come from the smallest watched set, so every size expects the same transfers.
      to: j < half ? address(n++ % watchedLimit) : address(STRANGERS + b * LOGS + j),
      amount: 1n,
    }));
    await node.mintUsdt(token, credits);
    for (let e = 0; e < ETH; e++) {
      await node.sendEth(
        e === 0 ? address((b * 7) % watchedLimit) : address(STRANGERS - 1 - e),
        1n,
        DEV_ACCOUNTS[1 + (e % 9)],
      );
    }
    await node.mine();
  }
  const head = await node.head();
  console.log(
    `chain: ${BLOCKS} blocks (${first}..${head}), ${BLOCKS * LOGS} Transfer logs, ${BLOCKS * ETH} ether transfers; built in ${((Date.now() - build) / 1000).toFixed(1)} s`,
  );
  const expected = BLOCKS * (half + 1);

  console.log('\n| watched addresses | blocks/s | logs/s | scan (s) | lookup (ms, total) | transfers found |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const size of SIZES) {
    const watched = new Map<string, number>();
    for (let i = 0; i < size; i++) watched.set(address(i), i);
    let lookupMs = 0;
    const scanner = new EvmScanner(
      {
        chain: `bench-${size}-${process.pid}`,
        chainId: node.chainId,
        nativeCoin: 'ETH',
        nativeDecimals: 18,
        tokens: [{ coin: 'USDT', address: token, decimals: 6 }],
        startBlock: first,
        blocksPerPoll: K,
        keepBlocks: 128,
        pollMs: 1000,
        backoffMs: 100,
        backoffMaxMs: 1000,
      },
      {
        db: db.db,
        node: viemNode(node.rpcUrl),
        log: pino({ level: 'warn' }),
        lookup: async (_chain, addresses) => {
          const t = performance.now();
          const out = new Map<string, number>();
          for (const a of addresses) {
            const owner = watched.get(a);
            if (owner !== undefined) out.set(a, owner);
          }
          lookupMs += performance.now() - t;
          return out;
        },
      },
    );
    const keys = new Set<string>();
    let found = 0;
    const t0 = performance.now();
    for (;;) {
      const r = await scanner.poll();
      if (r.status === 'caught-up') break;
      if (r.status !== 'scanned') throw new Error(`poll: ${JSON.stringify(r)}`);
      for (const t of r.batch.blocks.flatMap((x) => x.transfers)) {
        keys.add(t.key);
        found++;
      }
    }
    const secs = (performance.now() - t0) / 1000;
    const ok = found === expected && keys.size === expected;
    if (!ok) failed = true;
    console.log(
      `| ${size.toLocaleString('en')} | ${Math.round(BLOCKS / secs)} | ${Math.round((BLOCKS * LOGS) / secs)} | ${secs.toFixed(2)} | ${lookupMs.toFixed(1)} | ${found}${ok ? '' : ` (expected ${expected}, ${keys.size} distinct)`} |`,
    );
  }
} finally {
  await cleanup();
  await node.stop();
}
if (failed) {
  console.error('some transfers were missed or found twice');
  process.exit(1);
}
