import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { startBitcoind, type BitcoindNode } from '../../../test/bitcoind';
import { until, watchedAddresses } from '../../../test/scanner';
import { openTestDatabase, TEST_CLOCK_START } from '../../../test/harness';
import type { Database } from '../../db/client';
import { btcAddress, btcSegwitAsMainnet } from '../../lib/chain-address';
import { ManualClock } from '../../lib/clock';
import {
  BitcoinScanner,
  bitcoindNode,
  satsFromBtc,
  type BitcoinChainSettings,
  type BitcoinNode,
  type PollResult,
  type ScanBatch,
} from './index';

/** A native segwit address of a key made from a name, as the deposits module hands them out (bc1q…). */
const addressOf = (name: string) => btcAddress(secp256k1.getPublicKey(sha256(utf8ToBytes(name)), true));

describe('amounts and addresses as bitcoind writes them', () => {
  it('turns BTC amounts (JSON numbers with 8 decimals) into exact satoshi', () => {
    const cases: [string, bigint][] = [
      ['0.00000001', 1n],
      ['0.00050000', 50_000n],
      ['0.29000000', 29_000_000n],
      ['0.57000000', 57_000_000n],
      ['1.10000000', 110_000_000n],
      ['2.67500000', 267_500_000n],
      ['50.00000000', 5_000_000_000n],
      ['0.12345678', 12_345_678n],
      ['20999999.99999999', 2_099_999_999_999_999n],
      ['21000000.00000000', 2_100_000_000_000_000n],
      ['0.00000000', 0n],
    ];
    // What multiplying the float would give for some of them: the reason not to.
    expect(Math.round(0.29 * 1e8) === 29_000_000 && 0.29 * 1e8 !== 29_000_000).toBe(true);
    for (const [text, sats] of cases) expect(satsFromBtc(JSON.parse(text)), text).toBe(sats);
    for (const bad of [-0.00000001, 21_000_000.00000001, Number.NaN, Number.POSITIVE_INFINITY, '0.1', null]) {
      expect(() => satsFromBtc(bad), String(bad)).toThrow(/not an amount of bitcoin/);
    }
  });

  it("writes a segwit address of any network as mainnet's (the same key), and leaves others out", () => {
    const alice = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
    expect(btcSegwitAsMainnet(alice)).toBe(alice);
    expect(btcSegwitAsMainnet(alice.toUpperCase())).toBe(alice);
    expect(btcSegwitAsMainnet('bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zeqchgx')).toBe(alice);
    expect(btcSegwitAsMainnet(bech32.encode('tb', bech32.decode(alice).words))).toBe(alice);
    // Taproot (witness v1, bech32m) keeps its encoding.
    const taproot = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
    expect(btcSegwitAsMainnet(taproot)).toBe(taproot);
    for (const other of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv',
      'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8zwxk4sv',
      '',
    ]) {
      expect(btcSegwitAsMainnet(other), other).toBeNull();
    }
  });
});

describe('the Bitcoin scanner on a bitcoind-compatible test node', () => {
  let node: BitcoindNode;
  let database: Database;
  let chains = 0;

  // Our addresses and their owners: what the deposits module's lookup answers.
  const { watched, lookups, lookup } = watchedAddresses<string>();
  const ours = (name: string) => {
    const a = addressOf(name);
    watched.set(a, name);
    return a;
  };
  const alice = ours('alice');
  const bob = ours('bob');
  const stranger = addressOf('stranger');
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const recording = {
    warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }),
    info: () => undefined,
  } as unknown as Pick<FastifyBaseLogger, 'warn' | 'info'>;

  beforeAll(async () => {
    [node, database] = await Promise.all([startBitcoind(), openTestDatabase()]);
  });
  afterAll(async () => {
    await node?.stop();
    await database?.close();
  });

  /** A scanner on a chain name of its own, starting after the current tip. */
  function scanner(over: Partial<BitcoinChainSettings> = {}, deps: { node?: BitcoinNode; clock?: ManualClock } = {}) {
    const settings: BitcoinChainSettings = {
      chain: `btc-test-${++chains}`,
      network: 'regtest',
      coin: 'BTC',
      startBlock: node.height() + 1,
      blocksPerPoll: 100,
      keepBlocks: 16,
      pollMs: 50,
      backoffMs: 1000,
      backoffMaxMs: 4000,
      ...over,
    };
    return new BitcoinScanner(settings, {
      db: database.db,
      node: deps.node ?? bitcoindNode(node.rpcUrl),
      lookup,
      log: recording,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
  }

  const scanned = <O>(r: PollResult<O>): ScanBatch<O> => {
    if (r.status !== 'scanned') throw new Error(`expected a batch, got ${JSON.stringify(r)}`);
    return r.batch;
  };
  const password = () => new URL(node.rpcUrl).password;

  it('hands on each output paying our addresses: keyed txid:vout, in satoshi, without a sender', async () => {
    const s = scanner();
    const one = node.pay([
      { address: alice, sats: 50_000n },
      { address: stranger, sats: 1_234n },
      { address: bob, sats: 120_000_000n },
    ]);
    // An OP_RETURN output and a zero-value one to alice are no deposits; the 1-satoshi one is (the minimum is the watcher's).
    const two = node.pay([
      { script: hexToBytes('6a04deadbeef'), sats: 0n },
      { address: alice, sats: 0n },
      { address: alice, sats: 1n },
    ]);
    const odd = node.pay([
      { address: bob, sats: 29_000_000n },
      { address: bob, sats: 57_000_000n },
    ]);
    const [mined] = node.mine();
    const before = lookups.length;

    const batch = scanned(await s.poll());
    expect(batch.blocks.map((b) => [b.number, b.hash, b.parentHash])).toEqual([
      [mined!.height, mined!.hash, mined!.previous],
    ]);
    const transfers = batch.blocks[0]!.transfers;
    expect(
      transfers.map((t) => ({
        to: t.to,
        owner: t.owner,
        amount: t.amount,
        txHash: t.txHash,
        index: t.index,
        key: t.key,
      })),
    ).toEqual([
      { to: alice, owner: 'alice', amount: 50_000n, txHash: one.txid, index: 0, key: `${one.txid}:0` },
      { to: bob, owner: 'bob', amount: 120_000_000n, txHash: one.txid, index: 2, key: `${one.txid}:2` },
      { to: alice, owner: 'alice', amount: 1n, txHash: two.txid, index: 2, key: `${two.txid}:2` },
      { to: bob, owner: 'bob', amount: 29_000_000n, txHash: odd.txid, index: 0, key: `${odd.txid}:0` },
      { to: bob, owner: 'bob', amount: 57_000_000n, txHash: odd.txid, index: 1, key: `${odd.txid}:1` },
    ]);
    expect(
      transfers.every(
        (t) =>
          t.chain === s.chain &&
          t.coin === 'BTC' &&
          t.token === null &&
          t.from === null &&
          t.decimals === 8 &&
          t.blockNumber === mined!.height &&
          t.blockHash === mined!.hash,
      ),
    ).toBe(true);
    // One lookup for the poll, with every segwit output's address once, in mainnet form (the node writes bcrt1q…).
    expect(lookups.length - before).toBe(1);
    const asked = lookups.at(-1)!;
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.every((a) => /^bc1q[02-9ac-hj-np-z]{38}$/.test(a))).toBe(true);
    expect(asked).toEqual(expect.arrayContaining([alice, bob, stranger]));
    expect(s.status()).toMatchObject({ head: node.height(), cursor: node.height(), lag: 0, failures: 0 });
    expect(await s.poll()).toEqual({ status: 'caught-up' });
  });

  it('leaves coinbase outputs to our addresses out, and says so in the log', async () => {
    const s = scanner();
    const [mined] = node.mine(1, { coinbaseTo: alice });
    const batch = scanned(await s.poll());
    expect(batch.blocks.flatMap((b) => b.transfers)).toEqual([]);
    expect(warnings.at(-1)).toMatchObject({
      obj: { chain: s.chain, to: alice, txid: mined!.txs[0]!.txid, vout: 0, block: mined!.height },
      msg: expect.stringContaining('coinbase output pays a deposit address'),
    });
  });

  it('scans at most K blocks per poll, asking for them in JSON-RPC batches, and reports its lag', async () => {
    const s = scanner({ blocksPerPoll: 10 });
    const first = node.height() + 1;
    node.mine(25);
    await s.poll(); // the first poll also reads the anchor block before the start
    const from = node.requests.length;
    const second = scanned(await s.poll());
    expect(second.blocks.map((b) => b.number)).toEqual(Array.from({ length: 10 }, (_, i) => first + 10 + i));
    expect(s.status()).toMatchObject({ head: first + 24, cursor: first + 19, lag: 5 });
    // The head; the block after the cursor (is the cursor still on the chain?); the nine others' hashes in one request, their bodies in another.
    expect(node.requests.slice(from)).toEqual([
      ['getblockcount'],
      ['getblockhash'],
      ['getblock'],
      Array(9).fill('getblockhash'),
      Array(9).fill('getblock'),
    ]);
    expect(scanned(await s.poll()).blocks).toHaveLength(5);
    expect(await s.poll()).toEqual({ status: 'caught-up' });
  });

  it('a re-org is found by the parent hash: the orphaned blocks are reported, a transaction mined again keeps its key', async () => {
    const s = scanner();
    const moved = node.pay([{ address: alice, sats: 70_000n }]);
    const gone = node.pay([{ address: bob, sats: 80_000n }]);
    node.mine(3);
    const head = node.height();
    const before = scanned(await s.poll());
    expect(before.blocks.flatMap((b) => b.transfers).map((t) => t.key)).toEqual([`${moved.txid}:0`, `${gone.txid}:0`]);
    const oldHashes = [head - 2, head - 1, head].map((h) => node.block(h).hash);

    // The last 3 blocks are replaced; alice's transaction goes into the second new one, bob's is gone.
    node.reorg(3, [[], [moved]]);
    node.mine(1);
    const after = scanned(await s.poll());
    expect(after.orphaned).toEqual([head, head - 1, head - 2].map((n, i) => ({ number: n, hash: oldHashes[2 - i] })));
    expect(after.deepReorg).toBe(false);
    expect(after.blocks.map((b) => b.number)).toEqual([head - 2, head - 1, head, head + 1]);
    const now = after.blocks.flatMap((b) => b.transfers);
    expect(now.map((t) => [t.key, t.blockNumber, t.amount])).toEqual([[`${moved.txid}:0`, head - 1, 70_000n]]);
    expect(now[0]!.blockHash).toBe(node.block(head - 1).hash);
  });

  it('a re-org at the tip with no new block is found too, and one deeper than the kept hashes is reported as such', async () => {
    const s = scanner({ keepBlocks: 3 });
    node.pay([{ address: bob, sats: 7_000n }]);
    node.mine(2);
    const head = node.height();
    expect(
      scanned(await s.poll())
        .blocks.flatMap((b) => b.transfers)
        .map((t) => t.amount),
    ).toEqual([7_000n]);
    node.reorg(2); // same height, other hashes, the payment gone
    const r = scanned(await s.poll());
    expect(r.orphaned.map((o) => o.number)).toEqual([head, head - 1]);
    expect(r.blocks.map((b) => b.number)).toEqual([head - 1, head]);
    expect(r.blocks.flatMap((b) => b.transfers)).toEqual([]);

    node.mine(4);
    scanned(await s.poll());
    node.reorg(5);
    const deep = scanned(await s.poll());
    expect(deep.deepReorg).toBe(true);
    expect(deep.orphaned).toHaveLength(3);
  });

  it("a re-org between a block's hash and its body (bitcoind serves the stale block) makes the poll start again", async () => {
    const s = scanner();
    node.mine(1);
    scanned(await s.poll());
    node.pay([{ address: alice, sats: 90_000n }]);
    node.mine(1);
    node.beforeCall = (method) => {
      if (method !== 'getblock') return;
      node.beforeCall = null;
      node.reorg(1);
    };
    expect(await s.poll()).toEqual({ status: 'moved' });
    expect(s.status().failures).toBe(0);
    const batch = scanned(await s.poll());
    expect(batch.blocks.map((b) => b.hash)).toEqual([node.block(node.height()).hash]);
    expect(batch.blocks.flatMap((b) => b.transfers)).toEqual([]);
  });

  it('refuses a node of another network', async () => {
    const s = scanner({ network: 'main' });
    expect(await s.poll()).toMatchObject({
      status: 'failed',
      error: 'the node of ' + s.chain + ' serves chain regtest, configured main',
    });
    expect(s.status().cursor).toBeNull();
  });

  it('backs off while the node is down or answers errors, without asking it, and resumes where it was', async () => {
    const clock = new ManualClock(TEST_CLOCK_START);
    const s = scanner({}, { clock });
    node.pay([{ address: alice, sats: 42_000n }]);
    node.mine();
    await node.down();
    const down = await s.poll();
    // Refused, or (a kept-alive connection the node closed) cut.
    expect(down).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(
        /^getblockchaininfo: the bitcoin node is unreachable \((connect ECONNREFUSED 127\.0\.0\.1:\d+|other side closed)\)$/,
      ),
    });
    expect(s.status()).toMatchObject({ failures: 1 });
    await node.up();
    const asked = node.requests.length;
    expect(await s.poll()).toMatchObject({ status: 'backoff' });
    expect(node.requests.length).toBe(asked);

    const errors: string[] = [];
    const waits: number[] = [];
    for (const fault of [
      { status: 503, text: 'Work queue depth exceeded' },
      { code: -28, message: 'Loading block index…' },
      { status: 500, text: '' },
    ]) {
      node.fail(fault);
      clock.advance(10_000);
      const r = await s.poll();
      if (r.status !== 'failed') throw new Error(r.status);
      errors.push(r.error);
      waits.push(r.retryAt.getTime() - clock.now().getTime());
    }
    expect(errors).toEqual([
      'getblockchaininfo: the bitcoin node answered HTTP 503: Work queue depth exceeded',
      'getblockchaininfo: Loading block index… (-28)',
      'getblockchaininfo: the bitcoin node answered HTTP 500: no body',
    ]);
    expect(waits).toEqual([2000, 4000, 4000]);
    node.fail(null);
    clock.advance(4000);
    const batch = scanned(await s.poll());
    expect(batch.blocks.flatMap((b) => b.transfers).map((t) => t.amount)).toEqual([42_000n]);
    expect(s.status()).toMatchObject({ failures: 0, lastError: null, backoffUntil: null });
  });

  it('fails on a wrong password and on a node that does not answer, without writing the password anywhere', async () => {
    const wrong = new URL(node.rpcUrl);
    wrong.password = 'not-the-password';
    const refused = await scanner({}, { node: bitcoindNode(wrong.toString()) }).poll();
    expect(refused).toMatchObject({
      status: 'failed',
      error: 'getblockchaininfo: the bitcoin node refused the user and password (HTTP 401)',
    });

    node.hang(true);
    try {
      const slow = await scanner({}, { node: bitcoindNode(node.rpcUrl, { timeoutMs: 200 }) }).poll();
      expect(slow).toMatchObject({
        status: 'failed',
        error: 'getblockchaininfo: the bitcoin node gave no answer in 200 ms',
      });
      expect(JSON.stringify([refused, slow])).not.toContain(password());
    } finally {
      node.hang(false);
    }
  });

  it('sends the user and password of the URL as basic auth, percent-encoded characters decoded', async () => {
    const other = await startBitcoind({ user: '__cookie__', password: 'p@ss/w:rd%', blocks: 3 });
    try {
      expect(other.rpcUrl).toContain('__cookie__:p%40ss%2Fw%3Ard%25@');
      const s = scanner({ startBlock: 1 }, { node: bitcoindNode(other.rpcUrl) });
      expect(scanned(await s.poll()).blocks.map((b) => b.number)).toEqual([1, 2, 3]);
    } finally {
      await other.stop();
    }
  });

  it('keeps running on its timer while the node is gone, and stops cleanly', async () => {
    const s = scanner({ pollMs: 20, backoffMs: 20, backoffMaxMs: 40 });
    s.start();
    node.mine(3);
    await until(() => s.status().cursor === node.height());
    await node.down();
    try {
      await until(() => s.status().failures >= 3);
      expect(s.status().lastError).toContain('unreachable');
    } finally {
      await node.up();
    }
    await until(() => s.status().failures === 0);
    await s.stop();
  });
});
