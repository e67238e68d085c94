import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { PollLoop } from '../../lib/worker';
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

/** What every chain's scanner is set with (docs/configuration.md, "Chains"). */
export interface ScannerSettings {
  /** The chain's name in the deposits catalogue and the cursor table, e.g. `ethereum`. */
  chain: string;
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
 * Which addresses are ours: the watched ones among `addresses` (as the chain writes them: lower-case
 * 0x hex on EVM chains, bech32 on Bitcoin) mapped to their owner. Addresses not in the map are
 * ignored. The deposits module provides the real one.
 */
export type AddressLookup<O> = (chain: string, addresses: string[]) => Promise<Map<string, O>>;

/** A transfer to one of our addresses, as a block holds it. */
export interface ChainTransfer<O> {
  chain: string;
  coin: string;
  /** The token contract; null for the chain's native coin. */
  token: string | null;
  /** The sender as the chain writes it; null where a chain has no single sender (a Bitcoin transaction's inputs). */
  from: string | null;
  to: string;
  owner: O;
  /** In the coin's base units (wei; 10^-6 USDT; satoshi). */
  amount: bigint;
  decimals: number;
  txHash: string;
  /**
   * Where in the block or transaction the transfer sits: the log's index in its block (an EVM token
   * transfer), the output's index in its transaction (Bitcoin); null for an EVM native transfer.
   */
  index: number | null;
  /** Unique on the chain: `<txHash>:<index>`, or `<txHash>:native`. */
  key: string;
  blockNumber: number;
  blockHash: string;
}

/** A block's place in its chain: what the scanner keeps to find re-orgs. */
export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface ScannedBlock<O> extends BlockHeader {
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

/** A node answered with blocks that changed under the scan: try again at once, not a failure. */
export class ChainMoved extends Error {}

/**
 * What a scanner asks of one chain's node (an EVM node's JSON-RPC, bitcoind's): the blocks by
 * number and the transfers to our addresses in them. Plain reads; the scanner keeps the state.
 */
export interface ChainSource<B extends BlockHeader, O> {
  /** Throws when the node serves another chain than the configured one (a test chain is never taken for the real one). */
  checkChain(): Promise<void>;
  head(): Promise<number>;
  /** The canonical block at `number`, with what `transfers` needs of it, or null past the head. */
  block(number: number): Promise<B | null>;
  /** The canonical block's hash at `number` (header only), or null past the head. */
  blockHash(number: number): Promise<string | null>;
  /**
   * The transfers to our addresses (asked of `lookup`, once) in these consecutive blocks. It may
   * cover only the first `kept` of them (a node that caps a query, a block that changed meanwhile);
   * it throws `ChainMoved` when the chain changed under it.
   */
  transfers(
    blocks: readonly B[],
    lookup: AddressLookup<O>,
  ): Promise<{ kept: number; byBlock: Map<number, ChainTransfer<O>[]> }>;
}

export interface ScannerDeps<O> {
  /** Where the cursor lives: read at each use (the server opens its database after building the app). */
  db: Db | (() => Db);
  lookup: AddressLookup<O>;
  clock?: Clock;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

class CursorMoved extends Error {}

/**
 * A scanner of one chain (docs/deposits.md "Detection and crediting", docs/operations.md "Scaling out"), whatever its kind: it asks its source for blocks by
 * number, at most K per poll, and hands on the transfers to our addresses in them. It keeps the
 * hashes of the blocks it scanned, so a re-org shows as a parent-hash mismatch; the cursor then
 * goes back to the common ancestor, the blocks after it are reported as orphaned and the new ones
 * scanned. The cursor and the kept hashes are in the database and move in the transaction of the
 * consumer's handler. It credits nothing.
 */
export class BlockScanner<O, B extends BlockHeader = BlockHeader> {
  private readonly dbOf: () => Db;
  private readonly lookup: AddressLookup<O>;
  private readonly clock: Clock;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined;
  private chainChecked = false;
  private polling = false;
  private head: number | null = null;
  private cursor: number | null = null;
  private failures = 0;
  private lastError: string | null = null;
  private backoffUntil: Date | null = null;
  private lastPollAt: Date | null = null;
  private readonly loop = new PollLoop();

  constructor(
    readonly settings: ScannerSettings,
    private readonly source: ChainSource<B, O>,
    deps: ScannerDeps<O>,
  ) {
    const { db } = deps;
    this.dbOf = typeof db === 'function' ? db : () => db;
    this.lookup = deps.lookup;
    this.clock = deps.clock ?? systemClock;
    this.log = deps.log;
  }

  get chain(): string {
    return this.settings.chain;
  }

  status(): ScannerStatus {
    return {
      chain: this.chain,
      head: this.head,
      cursor: this.cursor,
      lag: this.head === null || this.cursor === null ? null : Math.max(0, this.head - this.cursor),
      failures: this.failures,
      lastError: this.lastError,
      backoffUntil: this.backoffUntil,
      lastPollAt: this.lastPollAt,
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
      this.log?.warn(
        { chain: this.chain, failures: this.failures, retryInMs: wait, err: this.lastError },
        'chain scanner: poll failed',
      );
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
    this.loop.start(async () => {
      const r = await this.poll(handler);
      if (afterPoll) {
        try {
          await afterPoll(r);
        } catch (e) {
          this.log?.warn(
            { chain: this.chain, err: e instanceof Error ? e.message : String(e) },
            'chain scanner: after-poll work failed',
          );
        }
      }
      if (r.status === 'backoff' || r.status === 'failed') {
        return Math.max(0, (r.status === 'backoff' ? r.until : r.retryAt).getTime() - this.clock.now().getTime());
      }
      return r.status === 'scanned' && (this.status().lag ?? 0) > 0 ? 0 : this.settings.pollMs;
    });
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async scan(handler?: ScanHandler<O>): Promise<PollResult<O>> {
    const s = this.settings;
    if (!this.chainChecked) {
      await this.source.checkChain();
      this.chainChecked = true;
    }
    const head = await this.source.head();
    this.head = head;
    const stored = await chainRepo.cursor(this.dbOf(), s.chain);
    let base: StoredCursor = stored ?? { blockNumber: (s.startBlock ?? head) - 1, blockHash: null };
    this.cursor = base.blockNumber;
    // On the first poll the block before the start is kept as well, as the anchor a re-org of the
    // first scanned blocks goes back to.
    let anchor: B | null = null;
    if (!stored && base.blockNumber >= 0) {
      if (base.blockNumber > head) return { status: 'caught-up' };
      anchor = await this.source.block(base.blockNumber);
      if (!anchor) throw new ChainMoved();
      base = { blockNumber: anchor.number, blockHash: anchor.hash };
    }

    // Is the last scanned block still on the chain? A parent-hash mismatch (or, at the head, a
    // different hash at the same height) means a re-org: back to the common ancestor.
    let orphaned: StoredBlock[] = [];
    let deepReorg = false;
    let first: B | null = null;
    if (base.blockHash !== null) {
      let canonical: boolean;
      if (base.blockNumber < head) {
        first = await this.source.block(base.blockNumber + 1);
        canonical = first !== null && first.parentHash === base.blockHash;
      } else {
        canonical = base.blockNumber === head && (await this.source.blockHash(base.blockNumber)) === base.blockHash;
      }
      if (!canonical) {
        first = null;
        ({ base, orphaned, deepReorg } = await this.commonAncestor(base, head));
      }
    }

    // The next blocks, at most K, linked by parent hash from the base, and the transfers in them.
    const from = base.blockNumber + 1;
    const to = Math.min(head, base.blockNumber + s.blocksPerPoll);
    const blocks: B[] = [];
    let byBlock = new Map<number, ChainTransfer<O>[]>();
    if (from <= to) {
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const fetched = await Promise.all(numbers.map((n) => (n === first?.number ? first : this.source.block(n))));
      let prev = base.blockHash;
      for (const b of fetched) {
        if (!b || (prev !== null && b.parentHash !== prev)) break;
        blocks.push(b);
        prev = b.hash;
      }
      if (blocks.length) {
        const found = await this.source.transfers(blocks, this.lookup);
        blocks.length = found.kept;
        byBlock = found.byBlock;
      }
      if (!blocks.length) throw new ChainMoved();
    }

    const scanned: ScannedBlock<O>[] = blocks.map((b) => ({
      number: b.number,
      hash: b.hash,
      parentHash: b.parentHash,
      timestamp: b.timestamp,
      transfers: byBlock.get(b.number) ?? [],
    }));
    if (!scanned.length && !orphaned.length) return { status: 'caught-up' };

    const last = blocks.at(-1);
    const next: StoredCursor = last ? { blockNumber: last.number, blockHash: last.hash } : base;
    const batch: ScanBatch<O> = {
      chain: s.chain,
      head,
      blocks: scanned,
      orphaned: orphaned.map((b) => ({ number: b.blockNumber, hash: b.blockHash })),
      deepReorg,
      cursor: next.blockNumber,
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
        ...(anchor
          ? [{ blockNumber: anchor.number, blockHash: anchor.hash, parentHash: anchor.parentHash, transfers: 0 }]
          : []),
        ...scanned.map((b) => ({
          blockNumber: b.number,
          blockHash: b.hash,
          parentHash: b.parentHash,
          transfers: b.transfers.length,
        })),
      ]);
      await chainRepo.deleteBlocksUpTo(tx, s.chain, next.blockNumber - s.keepBlocks);
      if (handler) await handler(batch, tx);
    });
    this.cursor = next.blockNumber;
    if (orphaned.length) {
      this.log?.warn(
        { chain: s.chain, orphaned: batch.orphaned.length, ancestor: base.blockNumber, deepReorg },
        'chain scanner: re-org',
      );
    }
    return { status: 'scanned', batch };
  }

  /** Walks the kept hashes down until one is still on the chain: the common ancestor. */
  private async commonAncestor(base: StoredCursor, head: number) {
    const kept = await chainRepo.blocksDown(this.dbOf(), this.chain, base.blockNumber);
    const orphaned: StoredBlock[] = [];
    const CHUNK = 16;
    for (let i = 0; i < kept.length; i += CHUNK) {
      const chunk = kept.slice(i, i + CHUNK);
      const hashes = await Promise.all(
        chunk.map((b) => (b.blockNumber <= head ? this.source.blockHash(b.blockNumber) : null)),
      );
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
}

function sameCursor(a: StoredCursor | null, b: StoredCursor | null): boolean {
  if (!a || !b) return a === b;
  return a.blockNumber === b.blockNumber && a.blockHash === b.blockHash;
}

/** Adds a transfer to its block's list; each list in position order at the end (`sortTransfers`). */
export function addTransfer<O>(byBlock: Map<number, ChainTransfer<O>[]>, t: ChainTransfer<O>): void {
  const list = byBlock.get(t.blockNumber);
  if (list) list.push(t);
  else byBlock.set(t.blockNumber, [t]);
}

/** Each block's transfers in the order the block holds them (EVM native transfers, without an index, first). */
export function sortTransfers<O>(byBlock: Map<number, ChainTransfer<O>[]>): void {
  for (const list of byBlock.values())
    list.sort((a, b) => (a.index ?? -1) - (b.index ?? -1) || a.key.localeCompare(b.key));
}
