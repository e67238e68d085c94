import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { EvmNode, NodeBlock, NodeLog } from './evm-node';
import { chainRepo, type StoredBlock, type StoredCursor } from './repository';

/**
 * The last block of `chain` its scanner has checked (the cursor), held still (a share lock) until
 * the caller's transaction ends: what counts confirmations cannot race a re-org moving it back.
 * Null before the chain's first scan.
 */
export async function scannedHeight(tx: Tx, chain: string): Promise<number | null> {
  return (await chainRepo.cursor(tx, chain, 'share'))?.blockNumber ?? null;
}

/** Each scanned chain's cursor, without a lock: what a deposit record counts its confirmations to. */
export function scannedHeights(db: Db): Promise<Map<string, number>> {
  return chainRepo.heights(db);
}

/** A token contract the scanner reads `Transfer` logs of. */
export interface EvmToken {
  coin: string;
  /** The contract address (any case). */
  address: string;
  decimals: number;
}

/** One EVM chain's scanner settings (docs/configuration.md, "Chains"). */
export interface EvmChainSettings {
  /** The chain's name in the deposits catalogue and the cursor table, e.g. `ethereum`. */
  chain: string;
  /** The node must answer this `eth_chainId`, or nothing is scanned (a test chain is never taken for the real one). */
  chainId: number;
  /** The native coin, e.g. ETH. */
  nativeCoin: string;
  nativeDecimals: number;
  tokens: readonly EvmToken[];
  /** The first block scanned when the chain has no cursor yet; default the node's head then. */
  startBlock?: number | undefined;
  /** K: at most this many blocks are scanned in one poll. */
  blocksPerPoll: number;
  /** How many scanned blocks' hashes are kept to find the common ancestor after a re-org. */
  keepBlocks: number;
  /** The pause between polls once the scanner has caught up with the head. */
  pollMs: number;
  /** The first pause after a failed poll; it doubles with each further failure up to backoffMaxMs. */
  backoffMs: number;
  backoffMaxMs: number;
}

/**
 * Which addresses are ours: the watched ones among `addresses` (lower case, 0x-prefixed) mapped to
 * their owner. Addresses not in the map are ignored. The deposits module provides the real one.
 */
export type AddressLookup<O> = (chain: string, addresses: string[]) => Promise<Map<string, O>>;

/** A transfer to one of our addresses, as a block holds it. */
export interface ChainTransfer<O> {
  chain: string;
  coin: string;
  /** The token contract; null for the chain's native coin. */
  token: string | null;
  from: string;
  to: string;
  owner: O;
  /** In the coin's base units (wei; 10^-6 USDT). */
  amount: bigint;
  decimals: number;
  txHash: string;
  /** The log's index in its block; null for a native transfer. */
  logIndex: number | null;
  /** Unique on the chain: `<txHash>:<logIndex>`, or `<txHash>:native`. */
  key: string;
  blockNumber: number;
  blockHash: string;
}

export interface ScannedBlock<O> {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: number;
  transfers: ChainTransfer<O>[];
}

/** What one poll found: new canonical blocks (oldest first), and blocks seen before that a re-org removed. */
export interface ScanBatch<O> {
  chain: string;
  /** The node's head when the poll began. */
  head: number;
  blocks: ScannedBlock<O>[];
  /** Blocks reported before (by number and hash) that are no longer on the chain, newest first. */
  orphaned: { number: number; hash: string }[];
  /**
   * The re-org went deeper than the kept hashes: every kept block is orphaned, and what lies below
   * them cannot be checked. An incident for an operator.
   */
  deepReorg: boolean;
  /** The last scanned block after this batch (the cursor). */
  cursor: number;
}

/**
 * Called with each batch inside the database transaction that moves the cursor: what it writes and
 * the cursor commit together, or neither (a crash or an error leaves the batch to be scanned again).
 * Write through `tx` only: the outer handle inside a transaction hangs PGlite.
 */
export type ScanHandler<O> = (batch: ScanBatch<O>, tx: Tx) => Promise<void>;

export type PollResult<O> =
  | { status: 'scanned'; batch: ScanBatch<O> }
  /** Nothing new since the last poll. */
  | { status: 'caught-up' }
  /** Waiting after failures; the node was not asked. */
  | { status: 'backoff'; until: Date }
  /** Another poll of this scanner is running. */
  | { status: 'busy' }
  /** Another scanner moved the cursor of this chain during the poll: nothing was committed. */
  | { status: 'raced' }
  /** The node's blocks changed while the poll read them: nothing was committed; poll again. */
  | { status: 'moved' }
  | { status: 'failed'; error: string; retryAt: Date };

export interface ScannerStatus {
  chain: string;
  head: number | null;
  cursor: number | null;
  /** head − cursor: how many blocks the scanner is behind (null before the first poll). */
  lag: number | null;
  /** Failed polls in a row. */
  failures: number;
  lastError: string | null;
  backoffUntil: Date | null;
  lastPollAt: Date | null;
}

export interface EvmScannerDeps<O> {
  /** Where the cursor lives: read at each use (the server opens its database after building the app). */
  db: Db | (() => Db);
  node: EvmNode;
  lookup: AddressLookup<O>;
  clock?: Clock;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

class CursorMoved extends Error {}

/** A node answered with blocks that changed under the scan: try again at once, not a failure. */
class ChainMoved extends Error {}

const addressFromTopic = (topic: string) => `0x${topic.slice(26)}`;
const isTransferLog = (l: NodeLog) => l.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(l.data);

/**
 * A stateless EVM scanner for one chain (DESIGN.md §2, §8): it asks the node for blocks by number
 * and `eth_getLogs` over block ranges it tracks itself (no node-side filters), at most K blocks per
 * poll, and hands on the transfers to our addresses (ERC-20 `Transfer` logs of the configured
 * tokens, and native value transfers). It keeps the hashes of the blocks it scanned, so a re-org
 * shows as a parent-hash mismatch; the cursor then goes back to the common ancestor, the blocks
 * after it are reported as orphaned and the new ones scanned. The cursor and the kept hashes are
 * in the database and move in the transaction of the consumer's handler. It credits nothing.
 */
export class EvmScanner<O> {
  private readonly dbOf: () => Db;
  private readonly node: EvmNode;
  private readonly lookup: AddressLookup<O>;
  private readonly clock: Clock;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined;
  private readonly tokens: Map<string, EvmToken>;
  private chainChecked = false;
  private polling = false;
  private head: number | null = null;
  private cursor: number | null = null;
  private failures = 0;
  private lastError: string | null = null;
  private backoffUntil: Date | null = null;
  private lastPollAt: Date | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(readonly settings: EvmChainSettings, deps: EvmScannerDeps<O>) {
    const { db } = deps;
    this.dbOf = typeof db === 'function' ? db : () => db;
    this.node = deps.node;
    this.lookup = deps.lookup;
    this.clock = deps.clock ?? systemClock;
    this.log = deps.log;
    this.tokens = new Map(settings.tokens.map((t) => [t.address.toLowerCase(), t]));
  }

  get chain(): string {
    return this.settings.chain;
  }

  status(): ScannerStatus {
    return {
      chain: this.chain, head: this.head, cursor: this.cursor,
      lag: this.head === null || this.cursor === null ? null : Math.max(0, this.head - this.cursor),
      failures: this.failures, lastError: this.lastError, backoffUntil: this.backoffUntil, lastPollAt: this.lastPollAt,
    };
  }

  /**
   * One poll: at most K new blocks, or the re-org it finds. Never throws: a failure of the node, the
   * database or the handler commits nothing and is retried after the backoff.
   */
  async poll(handler?: ScanHandler<O>): Promise<PollResult<O>> {
    const now = this.clock.now();
    if (this.backoffUntil && now < this.backoffUntil) return { status: 'backoff', until: this.backoffUntil };
    if (this.polling) return { status: 'busy' };
    this.polling = true;
    this.lastPollAt = now;
    try {
      const result = await this.scan(handler);
      this.failures = 0;
      this.lastError = null;
      this.backoffUntil = null;
      return result;
    } catch (e) {
      if (e instanceof CursorMoved) return { status: 'raced' };
      if (e instanceof ChainMoved) return { status: 'moved' };
      this.failures++;
      this.lastError = e instanceof Error ? e.message : String(e);
      const wait = Math.min(this.settings.backoffMaxMs, this.settings.backoffMs * 2 ** (this.failures - 1));
      this.backoffUntil = new Date(this.clock.now().getTime() + wait);
      this.log?.warn({ chain: this.chain, failures: this.failures, retryInMs: wait, err: this.lastError }, 'chain scanner: poll failed');
      return { status: 'failed', error: this.lastError, retryAt: this.backoffUntil };
    } finally {
      this.polling = false;
    }
  }

  /**
   * Polls on a timer until `stop`: again at once while behind the head, after pollMs once caught up,
   * after the backoff when the node failed. `afterPoll` runs after each poll, outside its
   * transaction (a failure of it is logged, and the polls go on).
   */
  start(handler?: ScanHandler<O>, afterPoll?: (r: PollResult<O>) => Promise<void>): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      const r = await this.poll(handler);
      if (afterPoll) {
        try {
          await afterPoll(r);
        } catch (e) {
          this.log?.warn({ chain: this.chain, err: e instanceof Error ? e.message : String(e) }, 'chain scanner: after-poll work failed');
        }
      }
      if (this.stopped) return;
      let delay = this.settings.pollMs;
      if (r.status === 'backoff' || r.status === 'failed') {
        delay = Math.max(0, (r.status === 'backoff' ? r.until : r.retryAt).getTime() - this.clock.now().getTime());
      } else if (r.status === 'scanned' && (this.status().lag ?? 0) > 0) {
        delay = 0;
      }
      this.timer = setTimeout(() => {
        this.running = tick();
      }, delay);
    };
    this.running = tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async scan(handler?: ScanHandler<O>): Promise<PollResult<O>> {
    const s = this.settings;
    if (!this.chainChecked) {
      const id = await this.node.chainId();
      if (id !== s.chainId) throw new Error(`the node of ${s.chain} answers chain id ${id}, configured ${s.chainId}`);
      this.chainChecked = true;
    }
    const head = await this.node.head();
    this.head = head;
    const stored = await chainRepo.cursor(this.dbOf(), s.chain);
    let base: StoredCursor = stored ?? { blockNumber: (s.startBlock ?? head) - 1, blockHash: null };
    this.cursor = base.blockNumber;
    // On the first poll the block before the start is kept as well, as the anchor a re-org of the
    // first scanned blocks goes back to.
    let anchor: NodeBlock | null = null;
    if (!stored && base.blockNumber >= 0) {
      if (base.blockNumber > head) return { status: 'caught-up' };
      anchor = await this.node.block(base.blockNumber);
      if (!anchor) throw new ChainMoved();
      base = { blockNumber: anchor.number, blockHash: anchor.hash };
    }

    // Is the last scanned block still on the chain? A parent-hash mismatch (or, at the head, a
    // different hash at the same height) means a re-org: back to the common ancestor.
    let orphaned: StoredBlock[] = [];
    let deepReorg = false;
    let first: NodeBlock | null = null;
    if (base.blockHash !== null) {
      let canonical: boolean;
      if (base.blockNumber < head) {
        first = await this.node.block(base.blockNumber + 1);
        canonical = first !== null && first.parentHash === base.blockHash;
      } else {
        canonical = base.blockNumber === head && (await this.node.blockHash(base.blockNumber)) === base.blockHash;
      }
      if (!canonical) {
        first = null;
        ({ base, orphaned, deepReorg } = await this.commonAncestor(base, head));
      }
    }

    // The next blocks, at most K, linked by parent hash from the base.
    const from = base.blockNumber + 1;
    const to = Math.min(head, base.blockNumber + s.blocksPerPoll);
    const blocks: NodeBlock[] = [];
    if (from <= to) {
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const fetched = await Promise.all(numbers.map((n) => (n === first?.number ? first : this.node.block(n))));
      let prev = base.blockHash;
      for (const b of fetched) {
        if (!b || (prev !== null && b.parentHash !== prev)) break;
        blocks.push(b);
        prev = b.hash;
      }
      if (!blocks.length) throw new ChainMoved();
    }

    // Token transfers in those blocks; a log from another version of a block cuts the batch there.
    let logs: NodeLog[] = [];
    if (blocks.length) {
      logs = await this.logsHalving(from, blocks);
      const stale = logs.find((l) => blocks[l.blockNumber - from]?.hash !== l.blockHash);
      if (stale) {
        blocks.length = stale.blockNumber - from;
        logs = logs.filter((l) => l.blockNumber < stale.blockNumber);
        if (!blocks.length) throw new ChainMoved();
      }
    }

    const byBlock = await this.transfersOf(blocks, logs);
    const scanned: ScannedBlock<O>[] = blocks.map((b) => ({
      number: b.number, hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp, transfers: byBlock.get(b.number) ?? [],
    }));
    if (!scanned.length && !orphaned.length) return { status: 'caught-up' };

    const last = blocks.at(-1);
    const next: StoredCursor = last ? { blockNumber: last.number, blockHash: last.hash } : base;
    const batch: ScanBatch<O> = {
      chain: s.chain, head, blocks: scanned,
      orphaned: orphaned.map((b) => ({ number: b.blockNumber, hash: b.blockHash })),
      deepReorg, cursor: next.blockNumber,
    };
    const at = this.clock.now();
    await this.dbOf().transaction(async (tx) => {
      // Another scanner of this chain (a second engine for a moment) must not commit the same range twice.
      const current = await chainRepo.cursor(tx, s.chain, true);
      if (!sameCursor(current, stored)) throw new CursorMoved();
      if (!current) {
        if (!(await chainRepo.createCursor(tx, s.chain, next, at))) throw new CursorMoved();
      } else {
        await chainRepo.moveCursor(tx, s.chain, next, at);
      }
      if (orphaned.length) await chainRepo.deleteBlocksAbove(tx, s.chain, base.blockNumber);
      await chainRepo.addBlocks(tx, s.chain, [
        ...(anchor ? [{ blockNumber: anchor.number, blockHash: anchor.hash, parentHash: anchor.parentHash, transfers: 0 }] : []),
        ...scanned.map((b) => ({ blockNumber: b.number, blockHash: b.hash, parentHash: b.parentHash, transfers: b.transfers.length })),
      ]);
      await chainRepo.deleteBlocksUpTo(tx, s.chain, next.blockNumber - s.keepBlocks);
      if (handler) await handler(batch, tx);
    });
    this.cursor = next.blockNumber;
    if (orphaned.length) {
      this.log?.warn({ chain: s.chain, orphaned: batch.orphaned.length, ancestor: base.blockNumber, deepReorg }, 'chain scanner: re-org');
    }
    return { status: 'scanned', batch };
  }

  /**
   * `eth_getLogs` over the blocks' range. Nodes cap a query's range or results ("more than 10000
   * results", "range too large"): on an error the range is halved (and `blocks` cut to it) until
   * one block is left, whose error is the poll's.
   */
  private async logsHalving(from: number, blocks: NodeBlock[]): Promise<NodeLog[]> {
    let to = blocks.at(-1)!.number;
    for (;;) {
      try {
        const logs = await this.node.transferLogs([...this.tokens.keys()], from, to);
        blocks.length = to - from + 1;
        return logs;
      } catch (e) {
        if (to === from) throw e;
        to = from + Math.floor((to - from) / 2);
      }
    }
  }

  /** Walks the kept hashes down until one is still on the chain: the common ancestor. */
  private async commonAncestor(base: StoredCursor, head: number) {
    const kept = await chainRepo.blocksDown(this.dbOf(), this.chain, base.blockNumber);
    const orphaned: StoredBlock[] = [];
    const CHUNK = 16;
    for (let i = 0; i < kept.length; i += CHUNK) {
      const chunk = kept.slice(i, i + CHUNK);
      const hashes = await Promise.all(chunk.map((b) => (b.blockNumber <= head ? this.node.blockHash(b.blockNumber) : null)));
      for (const [j, b] of chunk.entries()) {
        if (hashes[j] === b.blockHash) {
          return { base: { blockNumber: b.blockNumber, blockHash: b.blockHash }, orphaned, deepReorg: false };
        }
        orphaned.push(b);
      }
    }
    // Deeper than every kept hash: below the oldest one nothing can be checked.
    const oldest = kept.at(-1);
    const below = oldest ? oldest.blockNumber - 1 : base.blockNumber - 1;
    return { base: { blockNumber: below, blockHash: null }, orphaned, deepReorg: true };
  }

  /** The transfers to our addresses in these blocks, by block number, in log / transaction order. */
  private async transfersOf(blocks: NodeBlock[], logs: NodeLog[]): Promise<Map<number, ChainTransfer<O>[]>> {
    const s = this.settings;
    const tokenLogs = logs.filter((l) => this.tokens.has(l.address) && isTransferLog(l) && BigInt(l.data) > 0n);
    const candidates = new Set<string>();
    for (const l of tokenLogs) candidates.add(addressFromTopic(l.topics[2]!));
    for (const b of blocks) for (const t of b.valueTxs) candidates.add(t.to);
    const owners = candidates.size ? await this.lookup(s.chain, [...candidates]) : new Map<string, O>();
    const out = new Map<number, ChainTransfer<O>[]>();
    const add = (t: ChainTransfer<O>) => {
      const list = out.get(t.blockNumber) ?? [];
      list.push(t);
      out.set(t.blockNumber, list);
    };

    const byNumber = new Map(blocks.map((b) => [b.number, b]));
    const native = blocks.flatMap((b) => b.valueTxs.filter((t) => owners.has(t.to)).map((t) => ({ b, t, owner: owners.get(t.to)! })));
    // A transaction that failed moved no ether (its value stays with the sender). One receipt per
    // transfer to us, asked together (one JSON-RPC batch).
    const succeeded = await Promise.all(native.map(({ t }) => this.node.succeeded(t.hash)));
    for (const [i, { b, t, owner }] of native.entries()) {
      const ok = succeeded[i];
      if (ok === null) throw new ChainMoved();
      if (!ok) continue;
      add({
        chain: s.chain, coin: s.nativeCoin, token: null, from: t.from, to: t.to, owner,
        amount: t.value, decimals: s.nativeDecimals, txHash: t.hash, logIndex: null, key: `${t.hash}:native`,
        blockNumber: b.number, blockHash: b.hash,
      });
    }
    for (const l of tokenLogs) {
      const to = addressFromTopic(l.topics[2]!);
      const owner = owners.get(to);
      if (owner === undefined) continue;
      const token = this.tokens.get(l.address)!;
      add({
        chain: s.chain, coin: token.coin, token: l.address, from: addressFromTopic(l.topics[1]!), to, owner,
        amount: BigInt(l.data), decimals: token.decimals, txHash: l.txHash, logIndex: l.logIndex, key: `${l.txHash}:${l.logIndex}`,
        blockNumber: l.blockNumber, blockHash: byNumber.get(l.blockNumber)!.hash,
      });
    }
    for (const list of out.values()) list.sort((a, b) => (a.logIndex ?? -1) - (b.logIndex ?? -1) || a.key.localeCompare(b.key));
    return out;
  }
}

function sameCursor(a: StoredCursor | null, b: StoredCursor | null): boolean {
  if (!a || !b) return a === b;
  return a.blockNumber === b.blockNumber && a.blockHash === b.blockHash;
}
