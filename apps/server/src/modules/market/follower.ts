/**
 * Engine and followers (docs/market-data.md "Engine and followers", docs/operations.md "Scaling out"): the engine
 * role's process tees what its price sources report onto the cluster bus (FeedTee); every other
 * process runs the same ingestion on it (Follower), so its quotes, live candles, 24 h statistics,
 * recent trades and depth are the engine's, and its own websocket hub publishes what follows from
 * them. Derived messages never cross the bus. A follower writes nothing: its starting state is
 * read from the database, as a restarting engine reads it, without resuming the simulator.
 */
import crypto from 'node:crypto';
import type { TradeSide } from '@app/contract';
import type { ClusterBus } from '../cluster';
import type { Agg } from './candles';
import { MINUTE_MS, type EngineState } from './engine-state';
import type { LiveFeed } from './live-feed';
import type { PriceSource, SourceTick } from './price-source';

/** Where an item came from: the source's name and whether its ticks are regenerable (the simulator). */
interface FromSource {
  src: string;
  rg: boolean;
}

/** One input of the engine, as plain JSON (bigints as decimal strings). */
export type FeedItem =
  | ({ k: 'tick'; s: string; t: number; p: number; a: number; sd?: TradeSide; x?: string; id: number } & FromSource)
  | ({ k: 'book'; s: string; bid: number; ask: number; t: number } & FromSource)
  | ({ k: 'depth'; s: string; b: [number, number][]; a: [number, number][]; t: number } & FromSource)
  | { k: 'stale'; ss: string[]; v: boolean }
  /** A simulator minute ended: its candle (the 24 h statistics take it; the live 1m candle closes). */
  | { k: 'minute'; s: string; o: number; op: number; h: number; l: number; c: number; v: string; qv: string; n: number }
  /** The engine's pump closed the quiet minutes of real feeds at `now`. */
  | { k: 'quiet'; now: number };

/** What one publishFeed carries: the items of one turn of the engine's event loop, in order. */
export interface FeedBatch {
  v: 1;
  /** The engine's run: a new one started (a failover, a restart) when this changes. */
  e: string;
  /** When that run started (ms): it emits its simulator minutes again from that minute's start. */
  from: number;
  seed: number;
  items: FeedItem[];
}

/** An engine that sent nothing for this long still sends an empty batch (followers' watchdog). */
export const FEED_HEARTBEAT_MS = 1000;

/** Collects the engine's inputs and publishes them once per turn of the event loop. */
export class FeedTee {
  private items: FeedItem[] = [];
  private scheduled = false;
  private sentAt = 0;
  readonly run = crypto.randomUUID();

  constructor(
    private readonly bus: ClusterBus,
    private readonly from: number,
    private readonly seed: () => number,
    private readonly now: () => number,
  ) {}

  private push(item: FeedItem): void {
    this.items.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.send());
  }

  /** Sends what is collected (also an empty batch, as a heartbeat, when nothing was sent for a while). */
  send(heartbeat = false): void {
    this.scheduled = false;
    const now = this.now();
    if (this.items.length === 0 && !(heartbeat && now - this.sentAt >= FEED_HEARTBEAT_MS)) return;
    const batch: FeedBatch = { v: 1, e: this.run, from: this.from, seed: this.seed(), items: this.items };
    this.items = [];
    this.sentAt = now;
    this.bus.publishFeed(batch);
  }

  tick(t: SourceTick, id: number, src: PriceSource | undefined): void {
    this.push({
      k: 'tick',
      s: t.symbol,
      t: t.time,
      p: t.price,
      a: t.amount,
      ...(t.side ? { sd: t.side } : {}),
      ...(t.externalId ? { x: t.externalId } : {}),
      id,
      ...from(src),
    });
  }

  book(symbol: string, bid: number, ask: number, time: number, src: PriceSource | undefined): void {
    this.push({ k: 'book', s: symbol, bid, ask, t: time, ...from(src) });
  }

  depth(
    symbol: string,
    bids: [number, number][],
    asks: [number, number][],
    time: number,
    src: PriceSource | undefined,
  ): void {
    this.push({ k: 'depth', s: symbol, b: bids, a: asks, t: time, ...from(src) });
  }

  stale(symbols: readonly string[], stale: boolean): void {
    this.push({ k: 'stale', ss: [...symbols], v: stale });
  }

  minute(symbol: string, a: Agg): void {
    this.push({
      k: 'minute',
      s: symbol,
      o: a.openTime,
      op: a.open,
      h: a.high,
      l: a.low,
      c: a.close,
      v: a.volume.toString(),
      qv: a.quoteVolume.toString(),
      n: a.trades,
    });
  }

  quiet(now: number): void {
    this.push({ k: 'quiet', now });
  }
}

function from(src: PriceSource | undefined): FromSource {
  return { src: src?.name ?? 'unknown', rg: src?.regenerable ?? false };
}

/** A stand-in for the engine's source on a follower: its name and kind, for quotes and depth. */
function sourceStub(name: string, regenerable: boolean): PriceSource {
  return { name, regenerable, symbols: [], start: () => undefined, pump: () => undefined, stop: () => undefined };
}

function isBatch(msg: unknown): msg is FeedBatch {
  return (
    typeof msg === 'object' && msg !== null && (msg as FeedBatch).v === 1 && Array.isArray((msg as FeedBatch).items)
  );
}

export interface FollowerParts {
  state: EngineState;
  feed: LiveFeed;
  /**
   * Reads the starting state from the database as of `at` (24 h statistics, live buckets of the
   * longer intervals, last quotes) without writing, and puts it in place at once.
   */
  load(at: number): Promise<void>;
  /** No batch for this long marks every quote stale until the next one. */
  staleAfterMs: number;
}

/** A process that is not the engine: keeps its market state current from the engine's batches. */
export class Follower {
  private unsubscribe: (() => void) | undefined;
  private run: string | undefined;
  /** Batches that came while the state was being read; applied after it, in order. */
  private waiting: FeedBatch[] | undefined;
  /** Ticks before this (ms) belong to minutes the state read from the database already holds. */
  private floor = 0;
  /** The instant the state was last read as of. */
  private loadedAt = 0;
  private readonly sources = new Map<string, PriceSource>();
  /** Per symbol, the newest trade id applied since the state was read: a batch delivered again adds nothing. */
  private readonly lastTrade = new Map<string, number>();
  private lastBatchAt = 0;
  private watchdog: NodeJS.Timeout | undefined;
  /** Quotes the watchdog marked stale (the engine went silent); the next batch takes the mark off. */
  private silenced: string[] = [];
  private loading: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(
    private readonly parts: FollowerParts,
    private readonly bus: ClusterBus,
  ) {}

  get following(): boolean {
    return this.unsubscribe !== undefined;
  }

  /** Starts following: reads the starting state, then applies every batch since the subscription. */
  async start(): Promise<void> {
    if (this.unsubscribe) return;
    this.run = undefined;
    this.waiting = [];
    this.unsubscribe = this.bus.onFeed((msg) => this.receive(msg));
    this.lastBatchAt = this.parts.state.now();
    this.watchdog = setInterval(() => this.checkSilence(), Math.max(100, Math.min(1000, this.parts.staleAfterMs / 4)));
    this.watchdog.unref();
    await this.reload(this.parts.state.now());
  }

  /** Stops applying batches (this process becomes the engine, or closes). */
  async stop(): Promise<void> {
    this.generation++;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    await this.loading.catch(() => undefined);
    this.waiting = undefined;
  }

  /** Resolves once the state read at the start (or after a new engine run) is in place. */
  ready(): Promise<void> {
    return this.loading;
  }

  private reload(at: number): Promise<void> {
    this.waiting ??= [];
    const gen = ++this.generation;
    // One read at a time; only the newest one's end applies what waited.
    this.loading = this.loading
      .catch(() => undefined)
      .then(async () => {
        if (gen !== this.generation) return;
        try {
          await this.parts.load(at);
          this.lastTrade.clear();
          this.loadedAt = at;
          this.floor = Math.floor(at / MINUTE_MS) * MINUTE_MS;
        } catch (err) {
          this.parts.state.ctx.log.error({ err }, 'market follower: reading the starting state failed');
        }
        if (gen !== this.generation) return;
        const waiting = this.waiting ?? [];
        this.waiting = undefined;
        if (this.unsubscribe) for (const b of waiting) this.apply(b);
        this.parts.state.touch();
      });
    return this.loading;
  }

  private receive(msg: unknown): void {
    if (!isBatch(msg)) return;
    this.lastBatchAt = this.parts.state.now();
    if (msg.e !== this.run && (this.run !== undefined || msg.from > this.loadedAt)) {
      // A new engine run (a failover, a restart after this follower read its state) emits its
      // current minute again from its start and may have stored a minute its predecessor left
      // unfinished: the state is read again as of that start (what that engine read), and its
      // batches apply on top.
      this.run = msg.e;
      this.waiting = [msg];
      void this.reload(msg.from);
      return;
    }
    this.run = msg.e;
    if (this.waiting) this.waiting.push(msg);
    else this.apply(msg);
  }

  private checkSilence(): void {
    const state = this.parts.state;
    if (this.silenced.length || this.waiting || state.now() - this.lastBatchAt < this.parts.staleAfterMs) return;
    // The engine is silent (dead, or a failover in progress): the last quotes stay, marked stale.
    this.silenced = [...state.symbols.values()].filter((st) => st.quote && !st.quote.stale).map((st) => st.inst.symbol);
    if (this.silenced.length) {
      state.touch();
      this.parts.feed.stale(this.silenced, true);
    }
  }

  private source(name: string, regenerable: boolean): PriceSource {
    const key = `${name}:${regenerable}`;
    let s = this.sources.get(key);
    if (!s) this.sources.set(key, (s = sourceStub(name, regenerable)));
    return s;
  }

  private apply(batch: FeedBatch): void {
    const { state, feed } = this.parts;
    state.seed = batch.seed;
    state.touch();
    if (this.silenced.length) {
      feed.stale(this.silenced, false);
      this.silenced = [];
    }
    for (const it of batch.items) {
      switch (it.k) {
        case 'tick': {
          if (it.t < this.floor || it.id <= (this.lastTrade.get(it.s) ?? 0)) break;
          const st = state.symbols.get(it.s);
          if (!st) break;
          this.lastTrade.set(it.s, it.id);
          st.source = this.source(it.src, it.rg);
          feed.tick(
            {
              symbol: it.s,
              time: it.t,
              price: it.p,
              amount: it.a,
              ...(it.sd ? { side: it.sd } : {}),
              ...(it.x ? { externalId: it.x } : {}),
            },
            it.id,
          );
          break;
        }
        case 'book': {
          const st = state.symbols.get(it.s);
          if (!st) break;
          st.source = this.source(it.src, it.rg);
          feed.book(it.s, it.bid, it.ask, it.t);
          break;
        }
        case 'depth': {
          const st = state.symbols.get(it.s);
          if (!st) break;
          st.source = this.source(it.src, it.rg);
          feed.depth(it.s, it.b, it.a, it.t);
          break;
        }
        case 'stale':
          feed.stale(it.ss, it.v);
          break;
        case 'minute':
          // One the 24 h statistics already hold (read from the database) is not added twice (closeSimMinute).
          if (!state.symbols.has(it.s)) break;
          feed.closeSimMinute(it.s, {
            openTime: it.o,
            open: it.op,
            high: it.h,
            low: it.l,
            close: it.c,
            volume: BigInt(it.v),
            quoteVolume: BigInt(it.qv),
            trades: it.n,
          });
          break;
        case 'quiet':
          feed.closeQuietMinutes(it.now);
          break;
      }
    }
  }
}
