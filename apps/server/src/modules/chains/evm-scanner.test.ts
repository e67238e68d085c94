import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Address } from 'viem';
import { DEV_ACCOUNTS, startAnvil, type AnvilNode } from '../../../test/anvil';
import { until, watchedAddresses } from '../../../test/scanner';
import { openTestDatabase, TEST_CLOCK_START } from '../../../test/harness';
import { rowsOf, type Database } from '../../db/client';
import { ManualClock } from '../../lib/clock';
import {
  EvmScanner,
  viemNode,
  type EvmChainSettings,
  type EvmNode,
  type PollResult,
  type ScanBatch,
  type ScanHandler,
} from './index';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('the EVM scanner on a local chain (anvil)', () => {
  let node: AnvilNode;
  let token: Address;
  let database: Database;
  let chains = 0;

  // Our addresses (lower case) and their owners: what the deposits module's lookup answers.
  const { watched, lookups, lookup } = watchedAddresses<string>();
  const ours = (name: string, n: number): Address => {
    const a = `0x${'00'.repeat(17)}${n.toString(16).padStart(6, '0')}` as Address;
    watched.set(a, name);
    return a;
  };
  const alice = ours('alice', 0xa11ce);
  const bob = ours('bob', 0xb0b);
  const stranger = '0x00000000000000000000000000000000005714a9' as Address;

  beforeAll(async () => {
    [node, database] = await Promise.all([startAnvil(), openTestDatabase()]);
    token = await node.deployTestUsdt();
  });
  afterAll(async () => {
    await node?.stop();
    await database?.close();
  });

  /** A scanner on a chain name of its own, starting after the current head. */
  async function scanner(over: Partial<EvmChainSettings> = {}, deps: { node?: EvmNode; clock?: ManualClock } = {}) {
    const settings: EvmChainSettings = {
      chain: `test-${++chains}`,
      chainId: node.chainId,
      nativeCoin: 'ETH',
      nativeDecimals: 18,
      tokens: [{ coin: 'USDT', address: token, decimals: 6 }],
      startBlock: (await node.head()) + 1,
      blocksPerPoll: 100,
      keepBlocks: 16,
      pollMs: 50,
      backoffMs: 1000,
      backoffMaxMs: 8000,
      ...over,
    };
    return new EvmScanner(settings, {
      db: database.db,
      node: deps.node ?? viemNode(node.rpcUrl),
      lookup,
      log,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
  }

  const scanned = <O>(r: PollResult<O>): ScanBatch<O> => {
    if (r.status !== 'scanned') throw new Error(`expected a batch, got ${JSON.stringify(r)}`);
    return r.batch;
  };
  const blockHash = async (n: number) =>
    (await node.rpc<{ hash: string }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).hash;

  it('finds ETH and USDT transfers to our addresses with their amounts, transaction hashes and log indexes', async () => {
    const s = await scanner();
    const eth = await node.sendEth(alice, 1_500_000_000_000_000_000n);
    const usdt = await node.sendUsdt(token, bob, 25_000_000n, DEV_ACCOUNTS[2]);
    await node.sendUsdt(token, stranger, 1n, DEV_ACCOUNTS[3]);
    await node.sendEth(stranger, 5n, DEV_ACCOUNTS[3]);
    // One transaction, three Transfer logs (two to us): each is its own deposit.
    const mint = await node.mintUsdt(token, [
      { to: alice, amount: 3_000_000n },
      { to: stranger, amount: 4n },
      { to: bob, amount: 5_000_000n },
    ]);
    await node.mine();

    const batch = scanned(await s.poll());
    expect(batch.blocks).toHaveLength(1);
    const [block] = batch.blocks;
    expect(block!.hash).toBe(await blockHash(block!.number));
    const mintLogs = (await node.receipt(mint))!.logs.map((l) => Number(l.logIndex));
    const usdtLog = Number((await node.receipt(usdt))!.logs[0]!.logIndex);
    expect(
      block!.transfers.map((t) => ({
        coin: t.coin,
        to: t.to,
        owner: t.owner,
        amount: t.amount,
        txHash: t.txHash,
        index: t.index,
        key: t.key,
      })),
    ).toEqual([
      {
        coin: 'ETH',
        to: alice,
        owner: 'alice',
        amount: 1_500_000_000_000_000_000n,
        txHash: eth,
        index: null,
        key: `${eth}:native`,
      },
      {
        coin: 'USDT',
        to: bob,
        owner: 'bob',
        amount: 25_000_000n,
        txHash: usdt,
        index: usdtLog,
        key: `${usdt}:${usdtLog}`,
      },
      {
        coin: 'USDT',
        to: alice,
        owner: 'alice',
        amount: 3_000_000n,
        txHash: mint,
        index: mintLogs[0],
        key: `${mint}:${mintLogs[0]}`,
      },
      {
        coin: 'USDT',
        to: bob,
        owner: 'bob',
        amount: 5_000_000n,
        txHash: mint,
        index: mintLogs[2],
        key: `${mint}:${mintLogs[2]}`,
      },
    ]);
    expect(block!.transfers.every((t) => t.blockHash === block!.hash && t.chain === s.chain)).toBe(true);
    expect(block!.transfers[1]!.from).toBe(DEV_ACCOUNTS[2]);
    expect(block!.transfers[1]!.token).toBe(token);
    expect(s.status()).toMatchObject({ lag: 0, failures: 0 });
    expect(await s.poll()).toEqual({ status: 'caught-up' });
  });

  it('scans at most K blocks per poll and reports its lag', async () => {
    const s = await scanner({ blocksPerPoll: 10 });
    const first = (await node.head()) + 1;
    await node.mine(25);
    const head = first + 24;
    const a = scanned(await s.poll());
    expect(a.blocks.map((b) => b.number)).toEqual(Array.from({ length: 10 }, (_, i) => first + i));
    expect(s.status()).toMatchObject({ head, cursor: first + 9, lag: 15 });
    expect(scanned(await s.poll()).blocks).toHaveLength(10);
    expect(scanned(await s.poll()).blocks).toHaveLength(5);
    expect(s.status().lag).toBe(0);
    expect(await s.poll()).toEqual({ status: 'caught-up' });
  });

  it('a re-org (anvil_reorg) is found by the parent hash: the orphaned blocks are reported and the new ones scanned', async () => {
    const s = await scanner();
    const gone = await node.sendUsdt(token, alice, 10_000_000n, DEV_ACCOUNTS[4]);
    await node.mine(3);
    const before = scanned(await s.poll());
    const seen = before.blocks.flatMap((b) => b.transfers);
    expect(seen.map((t) => [t.txHash, t.amount])).toEqual([[gone, 10_000_000n]]);
    const orphanedHash = seen[0]!.blockHash;
    const head = await node.head();

    // The last 3 blocks are replaced; the new second one pays alice 9 USDT instead.
    await node.reorg(3, [
      { tx: { from: DEV_ACCOUNTS[5]!, to: token, data: transferData(alice, 9_000_000n), gas: 100_000n }, block: 1 },
    ]);
    await node.mine(1);
    const after = scanned(await s.poll());
    expect(after.orphaned.map((o) => o.number)).toEqual([head, head - 1, head - 2]);
    expect(after.orphaned.map((o) => o.hash)).toContain(orphanedHash);
    expect(after.deepReorg).toBe(false);
    expect(after.blocks.map((b) => b.number)).toEqual([head - 2, head - 1, head, head + 1]);
    const now = after.blocks.flatMap((b) => b.transfers);
    expect(now.map((t) => [t.blockNumber, t.amount])).toEqual([[head - 1, 9_000_000n]]);
    expect(now[0]!.txHash).not.toBe(gone);
    expect(await node.receipt(gone)).toBeNull();
    expect(s.status().lag).toBe(0);
  });

  it('a re-org at the head with no new block, and a rollback that shortens the chain, are found too', async () => {
    const s = await scanner();
    await node.sendEth(bob, 7n);
    await node.mine(2);
    const head = await node.head();
    expect(
      scanned(await s.poll())
        .blocks.flatMap((b) => b.transfers)
        .map((t) => t.amount),
    ).toEqual([7n]);
    await node.reorg(2); // same height, other hashes, the transfer gone
    const r = scanned(await s.poll());
    expect(r.orphaned.map((o) => o.number)).toEqual([head, head - 1]);
    expect(r.blocks.map((b) => b.number)).toEqual([head - 1, head]);
    expect(r.blocks.flatMap((b) => b.transfers)).toEqual([]);

    await node.rollback(1);
    const back = scanned(await s.poll());
    expect(back.orphaned.map((o) => o.number)).toEqual([head]);
    expect(back.blocks).toEqual([]);
    expect(back.cursor).toBe(head - 1);
  });

  it('a re-org deeper than the kept hashes is reported as such', async () => {
    const s = await scanner({ keepBlocks: 3 });
    await node.mine(6);
    scanned(await s.poll());
    await node.reorg(5);
    const r = scanned(await s.poll());
    expect(r.deepReorg).toBe(true);
    expect(r.orphaned).toHaveLength(3);
  });

  it('a restart resumes from the stored cursor: a batch whose handler failed is scanned again, nothing is missed or handed on twice', async () => {
    await database.db.execute(sql`CREATE TABLE IF NOT EXISTS test_seen (key text PRIMARY KEY, chain text NOT NULL)`);
    const record: ScanHandler<string> = async (batch, tx) => {
      for (const t of batch.blocks.flatMap((b) => b.transfers)) {
        await tx.execute(sql`INSERT INTO test_seen (key, chain) VALUES (${t.key}, ${t.chain})`);
      }
    };
    const first = await scanner({ blocksPerPoll: 2 });
    const sent: string[] = [];
    for (let i = 0; i < 6; i++) {
      sent.push(await node.sendUsdt(token, i % 2 ? alice : bob, BigInt(i + 1), DEV_ACCOUNTS[6]));
      await node.mine();
    }
    expect(scanned(await first.poll(record)).blocks).toHaveLength(2);
    // The process dies in the middle of the second batch: its writes and the cursor roll back together.
    const crash: ScanHandler<string> = async (batch, tx) => {
      await record(batch, tx);
      throw new Error('killed');
    };
    expect(await first.poll(crash)).toMatchObject({ status: 'failed', error: 'killed' });

    const restarted = new EvmScanner(first.settings, { db: database.db, node: viemNode(node.rpcUrl), lookup, log });
    while ((await restarted.poll(record)).status === 'scanned');
    const rows = rowsOf(
      await database.db.execute(sql`SELECT key FROM test_seen WHERE chain = ${first.chain} ORDER BY key`),
    );
    expect(rows.map((r) => String(r.key).split(':')[0]).sort()).toEqual([...sent].sort());
    expect(restarted.status().lag).toBe(0);
  });

  it('two scanners of one chain at once: each block is handed on once', async () => {
    const a = await scanner();
    const b = new EvmScanner(a.settings, { db: database.db, node: viemNode(node.rpcUrl), lookup, log });
    const keys: string[] = [];
    const handler: ScanHandler<string> = async (batch) => {
      keys.push(...batch.blocks.flatMap((x) => x.transfers.map((t) => t.key)));
    };
    for (let i = 0; i < 3; i++) await node.sendEth(alice, BigInt(100 + i));
    await node.mine(3);
    const results = await Promise.all([a.poll(handler), b.poll(handler)]);
    // The one that reads the cursor first commits; the other finds it moved and commits nothing
    // (or, had it started after that commit, finds nothing new).
    expect(results.map((r) => r.status).sort()).toEqual(
      [expect.stringMatching(/^(raced|caught-up)$/), 'scanned'].sort(),
    );
    while ((await a.poll(handler)).status === 'scanned');
    while ((await b.poll(handler)).status === 'scanned');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('ether sent to one of our addresses by a transaction that failed is not a transfer', async () => {
    const s = await scanner();
    // The token contract has no receive function: ether sent to it reverts (value stays with the sender).
    watched.set(token, 'a contract of ours');
    try {
      const reverted = await node.send({ from: DEV_ACCOUNTS[7]!, to: token, value: 1_000n, gas: 50_000n });
      const ok = await node.sendEth(alice, 2_000n, DEV_ACCOUNTS[7]);
      await node.mine();
      expect((await node.receipt(reverted))!.status).toBe('0x0');
      const transfers = scanned(await s.poll()).blocks.flatMap((b) => b.transfers);
      expect(transfers.map((t) => [t.txHash, t.amount])).toEqual([[ok, 2_000n]]);
    } finally {
      watched.delete(token);
    }
  });

  it('1,000 transfers in 100 blocks are each handed on once, K blocks at a time, with one address lookup a poll', async () => {
    const s = await scanner({ blocksPerPoll: 30 });
    const many = Array.from({ length: 50 }, (_, i) => ours(`user${i}`, 0x100000 + i));
    for (let b = 0; b < 100; b++) {
      await node.mintUsdt(
        token,
        Array.from({ length: 10 }, (_, j) => ({
          to: many[(b * 10 + j) % many.length]!,
          amount: BigInt(b * 10 + j + 1),
        })),
      );
      await node.mine();
    }
    const keys = new Set<string>();
    let total = 0n;
    let polls = 0;
    const before = lookups.length;
    for (;;) {
      const r = await s.poll();
      if (r.status !== 'scanned') break;
      polls++;
      expect(r.batch.blocks.length).toBeLessThanOrEqual(30);
      for (const t of r.batch.blocks.flatMap((b) => b.transfers)) {
        keys.add(t.key);
        total += t.amount;
      }
    }
    expect(polls).toBe(4);
    expect(lookups.length - before).toBe(4);
    expect(keys.size).toBe(1000);
    expect(total).toBe(BigInt((1000 * 1001) / 2));
  });

  it('a node that refuses a wide eth_getLogs range gets narrower ones (the poll scans fewer blocks)', async () => {
    const real = viemNode(node.rpcUrl);
    const ranges: number[] = [];
    const capped: EvmNode = {
      ...real,
      async transferLogs(tokens, from, to) {
        ranges.push(to - from + 1);
        if (to - from + 1 > 6) throw new Error('query returned more than 10000 results');
        return real.transferLogs(tokens, from, to);
      },
    };
    const s = await scanner({ blocksPerPoll: 20 }, { node: capped });
    const sent: string[] = [];
    for (let i = 0; i < 20; i++) {
      sent.push(await node.sendUsdt(token, bob, BigInt(i + 1), DEV_ACCOUNTS[8]));
      await node.mine();
    }
    const first = scanned(await s.poll());
    expect(ranges).toEqual([20, 10, 5]);
    expect(first.blocks).toHaveLength(5);
    const seen = first.blocks.flatMap((b) => b.transfers.map((t) => t.txHash));
    while (true) {
      const r = await s.poll();
      if (r.status !== 'scanned') break;
      seen.push(...r.batch.blocks.flatMap((b) => b.transfers.map((t) => t.txHash)));
    }
    expect(seen).toEqual(sent);
    expect(s.status()).toMatchObject({ lag: 0, failures: 0 });
  });

  it('refuses a node of another chain id', async () => {
    const s = await scanner({ chainId: 1 });
    const r = await s.poll();
    expect(r).toMatchObject({ status: 'failed', error: expect.stringContaining('chain id 31337, configured 1') });
  });

  it('backs off while the node fails, without asking it or throwing, and resumes where it was', async () => {
    const clock = new ManualClock(TEST_CLOCK_START);
    let down = false;
    let calls = 0;
    const real = viemNode(node.rpcUrl);
    const flaky = new Proxy(real, {
      get(target, prop: keyof EvmNode) {
        const fn = target[prop];
        return async (...args: never[]) => {
          calls++;
          if (down) throw new Error('connection refused');
          return (fn as (...a: never[]) => Promise<unknown>)(...args);
        };
      },
    });
    const s = await scanner({ backoffMs: 1000, backoffMaxMs: 4000 }, { node: flaky, clock });
    await node.sendEth(alice, 42n);
    await node.mine();
    down = true;
    expect(await s.poll()).toMatchObject({ status: 'failed', error: 'connection refused' });
    expect(s.status()).toMatchObject({ failures: 1, lastError: 'connection refused' });
    const asked = calls;
    expect(await s.poll()).toMatchObject({ status: 'backoff' });
    expect(calls).toBe(asked);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      clock.advance(10_000);
      const r = await s.poll();
      if (r.status !== 'failed') throw new Error(r.status);
      waits.push(r.retryAt.getTime() - clock.now().getTime());
    }
    expect(waits).toEqual([2000, 4000, 4000, 4000]);
    down = false;
    clock.advance(4000);
    const batch = scanned(await s.poll());
    expect(batch.blocks.flatMap((b) => b.transfers).map((t) => t.amount)).toEqual([42n]);
    expect(s.status()).toMatchObject({ failures: 0, lastError: null, backoffUntil: null });
  });

  it('keeps running on its timer when the node process is gone, and stops cleanly', async () => {
    const other = await startAnvil();
    const s = new EvmScanner(
      {
        chain: `test-${++chains}`,
        chainId: other.chainId,
        nativeCoin: 'ETH',
        nativeDecimals: 18,
        tokens: [],
        blocksPerPoll: 10,
        keepBlocks: 8,
        pollMs: 20,
        backoffMs: 20,
        backoffMaxMs: 40,
      },
      { db: database.db, node: viemNode(other.rpcUrl, { timeoutMs: 1000 }), lookup, log },
    );
    s.start();
    await other.mine(3);
    await until(() => s.status().cursor === 3);
    await other.stop();
    await until(() => s.status().failures >= 3);
    expect(s.status().lastError).toBeTruthy();
    await s.stop();
  });
});

function transferData(to: Address, amount: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
