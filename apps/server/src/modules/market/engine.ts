/**
 * The market engine (docs/market-data.md "Engine and followers"): a small facade over its parts.
 *
 * - live-feed.ts: ingestion. Ticks, best bid/ask, depth and staleness from the price sources
 *   become the latest quote, live candles and 24 h statistics, published on the bus.
 * - live-storage.ts + write-queue.ts: finished minutes and raw ticks, written in one ordered queue.
 * - recovery.ts: what a restart reads back; backfill.ts: the first start's history.
 * - retention.ts: raw ticks are deleted after MARKET_TICK_RETENTION_DAYS.
 * - tick-history.ts: tickAtOrBefore and verifyMinute (settlement's source of truth).
 * - recent-trades.ts: the last trades of each instrument (every tick is one), in memory.
 * - ws-messages.ts: tickers, candles, depth and trades as published.
 *
 * Only the engine role writes (sources, storage, backfill, retention); reading (quotes,
 * statistics, messages, tick history) works from the shared state and the database, which is
 * what a standby process would keep when a single engine is elected (docs/operations.md "Scaling out").
 */
import crypto from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  INSTRUMENTS,
  type CandleInterval,
  type Depth,
  type RecentTrades,
  type WsKline,
  type WsTick,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { ClusterBus } from '../cluster';
import { Backfill, type BackfillStats } from './backfill';
import type { MarketBus } from './bus';
import type { Agg } from './candles';
import type { MarketConfig } from './config';
import { EngineState, MINUTE_MS, minuteAgg, type Quote, type RecordedTick, type SymbolState } from './engine-state';
import { FeedTee, Follower } from './follower';
import { LiveFeed, NO_STORAGE } from './live-feed';
import { LiveStorage } from './live-storage';
import type { PriceSink, PriceSource, SourceTick } from './price-source';
import type { DepthUnits } from './pricing';
import { Recovery } from './recovery';
import { marketRepo } from './repository';
import { RETENTION_EVERY_MS, runRetention } from './retention';
import { SimulatorSource } from './simulator-source';
import type { Stats24hView } from './stats-24h';
import { TickHistory } from './tick-history';
import { MarketMessages } from './ws-messages';
import { WriteQueue } from './write-queue';

/** Pump cadence: ticks are emitted within this of their time. */
const PUMP_MS = 100;
/** Raw ticks are written in one statement per second (bulk, not one insert per tick). */
const TICK_FLUSH_MS = 1000;
/** A real server stores the first start's history this long after the engine starts (see start()). */
const BACKFILL_DELAY_MS = 10_000;

export interface EngineOptions {
  /** Sources to run instead of the configured ones (benchmark, tests). */
  sources?: (engine: MarketEngine) => PriceSource[];
}

export class MarketEngine implements PriceSink {
  private readonly state: EngineState;
  private readonly messages: MarketMessages;
  // The parts of one run of the engine: made again for a start after a stop (engine role regained).
  private queue!: WriteQueue;
  private storage!: LiveStorage;
  private feed!: LiveFeed;
  private ticks!: TickHistory;
  private recovery!: Recovery;
  private history!: Backfill;
  private runs = 0;
  private sources: PriceSource[] = [];
  private started = false;
  /** The cluster bus the engine's inputs are teed to (set by the module when there are followers). */
  feedBus: ClusterBus | undefined;
  private tee: FeedTee | undefined;
  private follower: Follower | undefined;
  private timers: NodeJS.Timeout[] = [];
  private live: Promise<void> = Promise.resolve();
  private backfill: Promise<void> = Promise.resolve();
  private endBackfillDelay = (): void => undefined;
  /** Set by the module (keeps the ws client out of the engine's imports for tests that do not need it). */
  binanceFactory: ((symbols: string[]) => PriceSource) | undefined;

  constructor(
    private readonly ctx: AppContext,
    bus: MarketBus,
    private readonly config: MarketConfig,
    private readonly options: EngineOptions = {},
  ) {
    this.state = new EngineState(ctx, bus, config);
    this.messages = new MarketMessages(this.state);
    this.build();
  }

  private build(): void {
    this.queue = new WriteQueue(this.ctx, () => this.state.touch());
    this.storage = new LiveStorage(this.state, this.queue);
    this.feed = new LiveFeed(this.state, this.storage, this.messages);
    this.history = new Backfill(this.state, this.queue, this.storage, this.messages);
    this.ticks = new TickHistory(this.state, this.storage, this.history);
    this.recovery = new Recovery(this.state, this.queue, this.ticks);
  }

  /** Set by the module: whether a websocket client watches a symbol's book. */
  set depthWatched(watched: (symbol: string) => boolean) {
    this.state.depthWatched = watched;
  }

  get symbols(): ReadonlyMap<string, SymbolState> {
    return this.state.symbols;
  }

  /** Changes whenever what market reads answer from may have changed (EngineState.version). */
  get version(): number {
    return this.state.version;
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Whether this engine's inputs go to followers (every simulated book is then refreshed, watched here or not). */
  get teeing(): boolean {
    return this.tee !== undefined;
  }

  /** Whether this process follows an engine elsewhere (follow()). */
  get following(): boolean {
    return this.follower?.following ?? false;
  }

  get simulatorSeed(): number {
    return this.state.seed;
  }

  /** Milliseconds the first-start backfill took (generation and storage), for the logs and docs. */
  get backfillStats(): BackfillStats | undefined {
    return this.history.stats;
  }

  // ----- start and stop -------------------------------------------------------------------

  /**
   * Loads the simulator's seed, completes the minute a crash interrupted, brings the symbols
   * without history live (in the background, within seconds) and stores their history later,
   * and starts the sources. With `timers`, the pump, tick writes and retention run on timers;
   * otherwise the caller pumps.
   */
  async start({ timers = false }: { timers?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.stopFollowing();
    // A start after a stop (the engine role regained): new parts, and what the previous run or the
    // follower left in memory is replaced by what the database says (below), never added to.
    if (this.runs++ > 0) this.build();
    this.state.stopped = false;
    const db = this.ctx.db;
    const now = this.state.now();
    const currentMinute = Math.floor(now / MINUTE_MS);
    const simState =
      (await marketRepo.simState(db)) ??
      (await marketRepo.createSimState(
        db,
        this.config.seed ?? crypto.randomBytes(4).readUInt32BE(0),
        new Date((currentMinute - this.config.backfillDays * 1440) * MINUTE_MS),
      ));
    // A configured seed applies to a new installation only: the stored one made the stored history.
    this.state.seed = Number(simState.seed);
    this.storage.liveMinute = currentMinute;

    this.state.sim = undefined;
    for (const st of this.state.symbols.values()) st.source = undefined;
    this.sources = this.options.sources ? this.options.sources(this) : this.defaultSources();
    for (const source of this.sources) for (const s of source.symbols) this.state.of(s).source = source;

    // Each step changes what reads show: touch() after each. On PGlite the queries of a step run
    // in this thread and settle as one chain of promises, which would hold off every request
    // (even /readyz) until the engine is live: `stepDone` also lets the event loop run.
    const stepDone = async () => {
      this.state.touch();
      await yieldToLoop();
    };
    await this.loadHistory(now);
    await stepDone();
    const backfillDone = !!simState.backfillDoneAt;
    const needBackfill = await this.recovery.resumeSimulator(
      now,
      backfillDone,
      simState.liveMinute ? Math.floor(simState.liveMinute.getTime() / MINUTE_MS) : undefined,
    );
    await stepDone();
    for (const source of this.sources) {
      if (!source.regenerable)
        for (const symbol of source.symbols) await this.recovery.recoverRealSymbol(symbol, source.name, now);
    }
    await stepDone();
    await this.recovery.loadLatestQuotes(now);
    await stepDone();
    if (this.feedBus) {
      // Followers read the minute recovered above as they see this run's first batch.
      await this.queue.idle();
      this.tee = new FeedTee(
        this.feedBus,
        now,
        () => this.state.seed,
        () => this.state.now(),
      );
    }
    for (const source of this.sources) await source.start(this);
    this.state.touch();
    if (needBackfill.length) {
      this.history.register(needBackfill);
      this.live = this.history.goLive(needBackfill, simState.startedAt.getTime());
      // With timers (a real server), storing the history waits a few seconds: start-up, readiness
      // and the first requests go first. On PGlite every statement holds the event loop while it runs.
      const delay = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timers ? BACKFILL_DELAY_MS : 0).unref();
        // A stop ends the wait: the store sees `stopped` and returns (the next start resumes it).
        this.endBackfillDelay = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      // A failure is logged, not thrown into nobody's hands: the next start resumes the backfill.
      this.backfill = Promise.all([this.live, delay])
        .then(() => this.history.store(!backfillDone))
        .catch((err) => this.ctx.log.error({ err }, 'market: backfill failed'));
    } else if (!backfillDone)
      this.queue.enqueue('backfill done', (d) => marketRepo.updateSimState(d, { backfillDoneAt: new Date(now) }));
    this.pump(now);
    if (timers) {
      // MARKET_SIM_DEPTH_MS below PUMP_MS pumps that often, so the books refresh on time.
      this.timers.push(
        setInterval(() => this.pump(this.state.now()), Math.min(PUMP_MS, this.config.simDepthMs ?? PUMP_MS)),
      );
      this.timers.push(setInterval(() => this.storage.flushTicks(), TICK_FLUSH_MS));
      this.timers.push(setInterval(() => void runRetention(this.state, this.queue), RETENTION_EVERY_MS));
      for (const t of this.timers) t.unref();
    }
  }

  private defaultSources(): PriceSource[] {
    const all = INSTRUMENTS.map((i) => i.symbol);
    const sources: PriceSource[] = [];
    let simulated = all;
    if (this.config.feed === 'binance') {
      // Binance quotes crypto only; the other markets stay simulated.
      const crypto = INSTRUMENTS.filter((i) => i.market === 'CRYPTO').map((i) => i.symbol);
      simulated = all.filter((s) => !crypto.includes(s));
      sources.push(this.binanceFactory!(crypto));
    }
    sources.push(this.createSimulator(simulated));
    return sources;
  }

  /** A simulator for `symbols` wired to this engine (for `EngineOptions.sources`). */
  createSimulator(symbols: readonly string[]): SimulatorSource {
    this.state.sim = new SimulatorSource(this.state.seed, symbols, (symbol, m) => {
      this.feed.onSimMinute(symbol, m);
      this.tee?.minute(symbol, minuteAgg(m));
    });
    return this.state.sim;
  }

  /**
   * The 24 h statistics and the live buckets as of `now`, read from the database into a scratch
   * state and put in place at once (reads never see them half-built). The trades of regenerable
   * instruments from `now`'s minute on are forgotten: the simulator emits that minute again.
   */
  private async loadHistory(now: number): Promise<void> {
    const scratch = new EngineState(this.ctx, this.state.bus, this.config);
    await new Recovery(scratch, this.queue, this.ticks).loadHistory(now);
    const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    for (const [symbol, st] of this.state.symbols) {
      const fresh = scratch.of(symbol);
      st.book = fresh.book;
      st.stats = fresh.stats;
      if (st.source?.regenerable ?? true) st.trades.dropFrom(minuteStart);
    }
    this.state.touch();
  }

  // ----- following ---------------------------------------------------------------------------

  /**
   * Follows the engine of another process (docs/market-data.md "Engine and followers"): reads the
   * starting state from the database (nothing is written) and applies the engine's inputs from the
   * bus. Resolves once the starting state is in place. An engine that is running is stopped first.
   */
  async follow(bus: ClusterBus): Promise<void> {
    if (this.started || this.follower?.following) return;
    this.state.sim = undefined;
    const feed = new LiveFeed(this.state, NO_STORAGE, this.messages);
    this.follower = new Follower(
      {
        state: this.state,
        feed,
        staleAfterMs: this.config.binanceStaleMs,
        load: async (at) => {
          const sim = await marketRepo.simState(this.ctx.db);
          if (sim) this.state.seed = Number(sim.seed);
          await this.loadHistory(at);
          await this.recovery.loadLatestQuotes(at);
        },
      },
      bus,
    );
    await this.follower.start();
  }

  /** Resolves once what the follower reads from the database (at its start, after a new engine run) is in place. */
  async followerReady(): Promise<void> {
    await this.follower?.ready();
  }

  /** Stops following (this process becomes the engine, or closes). */
  async stopFollowing(): Promise<void> {
    await this.follower?.stop();
  }

  /** Stops timers and sources, writes what is queued. */
  async stop(): Promise<void> {
    await this.stopFollowing();
    if (!this.started || this.state.stopped) return;
    this.state.stopped = true;
    this.queue.stop();
    this.history.abandon();
    this.endBackfillDelay();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const s of this.sources) await s.stop();
    await this.live.catch(() => undefined);
    await this.backfill.catch(() => undefined);
    this.storage.flushTicks();
    this.tee?.send();
    this.tee = undefined;
    await this.flush();
    this.started = false;
  }

  /** Resolves when every write queued so far is done (tests; shutdown). */
  async flush(): Promise<void> {
    this.storage.flushMinutes();
    await this.queue.idle();
  }

  /** Resolves when every instrument is live (the first pass of a first start's backfill). */
  async allLive(): Promise<void> {
    await this.live;
  }

  /** Resolves when the first-start backfill is stored. */
  async backfillDone(): Promise<void> {
    await this.backfill;
    await this.flush();
  }

  // ----- the pump and the sink ------------------------------------------------------------

  /** Emits every tick due at `nowMs` and closes finished minutes. Timers call it; so do tests. */
  pump(nowMs: number = this.state.now()): void {
    if (!this.started || this.state.stopped) return;
    this.state.touch();
    for (const s of this.sources) s.pump(nowMs);
    const refreshed = this.feed.refreshDepths(nowMs);
    const closed = this.feed.closeQuietMinutes(nowMs);
    if (this.tee) {
      for (const symbol of refreshed) {
        const st = this.state.of(symbol);
        if (st.depth) this.tee.depth(symbol, st.depth.bids, st.depth.asks, st.depth.time, st.source);
      }
      if (closed) this.tee.quiet(nowMs);
      this.tee.send(true);
    }
    const minute = Math.floor(nowMs / MINUTE_MS);
    if (minute !== this.storage.liveMinute) {
      this.storage.liveMinute = minute;
      this.storage.flushMinutes();
    }
  }

  tick(t: SourceTick): void {
    this.state.touch();
    const trade = this.feed.tick(t);
    if (trade && this.tee)
      this.tee.tick({ ...t, side: trade.side }, trade.id, this.state.symbols.get(t.symbol)?.source);
  }

  book(symbol: string, bid: number, ask: number, time: number): void {
    this.state.touch();
    this.feed.book(symbol, bid, ask, time);
    this.tee?.book(symbol, bid, ask, time, this.state.symbols.get(symbol)?.source);
  }

  depth(symbol: string, bids: [number, number][], asks: [number, number][], time: number): void {
    this.state.touch();
    this.feed.depth(symbol, bids, asks, time);
    this.tee?.depth(symbol, bids, asks, time, this.state.symbols.get(symbol)?.source);
  }

  stale(symbols: readonly string[], stale: boolean): void {
    this.state.touch();
    this.feed.stale(symbols, stale);
    this.tee?.stale(symbols, stale);
  }

  /** Public for tests: writes buffered raw ticks now. */
  flushTicksNow(): void {
    this.storage.flushTicks();
  }

  /** Public for tests: runs the retention job once. */
  runRetention(): Promise<void> {
    return runRetention(this.state, this.queue);
  }

  // ----- reading ---------------------------------------------------------------------------

  latest(symbol: string): Quote | undefined {
    return this.state.symbols.get(symbol)?.quote;
  }

  liveCandle(symbol: string, interval: CandleInterval): Agg | undefined {
    return this.state.symbols.get(symbol)?.book.current.get(interval);
  }

  depthOf(symbol: string): DepthUnits | undefined {
    return this.messages.depthOf(symbol);
  }

  /** 24 h statistics including the live minute. */
  stats(symbol: string): Stats24hView {
    return this.messages.stats(symbol);
  }

  /** The tick in force at `atMs`, from stored data only (tick-history.ts). */
  tickAtOrBefore(symbol: string, atMs: number): Promise<RecordedTick | null> {
    return this.ticks.tickAtOrBefore(symbol, atMs);
  }

  /** Regenerates a stored simulator minute and compares it with its candle. */
  verifyMinute(symbol: string, minuteMs: number): ReturnType<TickHistory['verifyMinute']> {
    return this.ticks.verifyMinute(symbol, minuteMs);
  }

  wsTick(symbol: string): WsTick | undefined {
    return this.messages.wsTick(symbol);
  }

  wsKline(symbol: string, interval: CandleInterval): WsKline | undefined {
    return this.messages.wsKline(symbol, interval);
  }

  wsDepth(symbol: string, limit?: number): Depth | undefined {
    return this.messages.wsDepth(symbol, limit);
  }

  /** The newest `limit` trades, newest first. */
  recentTrades(symbol: string, limit?: number): RecentTrades | undefined {
    return this.messages.recentTrades(symbol, limit);
  }
}
