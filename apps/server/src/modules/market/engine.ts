/**
 * The market engine (DESIGN.md §5, §8 "engine role"): runs the price sources, keeps the latest
 * quote, live candles and depth per instrument in memory, publishes them on the bus, and stores
 * what makes every tick checkable later (docs/market-data.md "Tick storage"):
 * - simulator ticks: the 1m candle of every minute with the generator state at its start;
 * - ticks of real feeds: every tick, in bulk once a second, kept MARKET_TICK_RETENTION_DAYS.
 *
 * Writes go through one ordered queue (PGlite has one connection: short statements, in order).
 */
import crypto from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  CANDLE_INTERVALS, INSTRUMENTS, INTERVAL_MS, candleOpenTime, formatAmount, instrumentOf,
  type CandleInterval, type Depth, type Instrument, type WsKline, type WsTick,
} from '@app/contract';
import type { AppContext } from '../../context';
import type { MarketBus } from './bus';
import { CandleBook, addTick, mergeAgg, newAgg, rollUp, type Agg } from './candles';
import type { MarketConfig } from './config';
import type { PriceSink, PriceSource, SourceTick } from './price-source';
import { bidAsk, syntheticDepth, type DepthUnits } from './pricing';
import { marketRepo, type CandleRow, type TickRow } from './repository';
import { isOpen, openMinutes, SESSIONS } from './sessions';
import { GENERATOR_VERSION, generateMinute, lastTickAtOrBefore, minuteCandle, simParamsOf, type MinuteTicks } from './simulator';
import { SimulatorSource } from './simulator-source';

const MINUTE_MS = INTERVAL_MS['1m'];
/** "Any time": year 2286, still a valid timestamp in PostgreSQL and in JavaScript. */
const FAR_FUTURE_MS = 10_000_000_000_000;
const DAY_MS = 86_400_000;
const WINDOW_MINUTES = 24 * 60;
/** Pump cadence: ticks are emitted within this of their time. */
const PUMP_MS = 100;
/** Raw ticks are written in one statement per second (DESIGN: bulk, not one insert per tick). */
const TICK_FLUSH_MS = 1000;
/** A real feed's trade may arrive a little after its minute ended; the 1m candle waits this long. */
const LATE_TICK_GRACE_MS = 2000;
/** The simulator recomputes its synthetic depth at most this often per symbol (real feeds relay theirs). */
const DEPTH_EVERY_MS = 250;
/** Backfill rows per INSERT: ~20 ms on PGlite, which blocks the event loop while it runs. */
const BACKFILL_CHUNK_ROWS = 400;
/** A real server starts its first-start backfill this long after the engine (see start()). */
const BACKFILL_DELAY_MS = 10_000;
/** Bound on queued writes: past it, raw-tick batches are dropped (and logged) rather than growing memory. */
const MAX_QUEUED_WRITES = 2000;
/** Bound on raw ticks waiting for the next one-second write. */
const MAX_PENDING_TICKS = 100_000;
const RETENTION_EVERY_MS = 3_600_000;
/** After a restart, a real feed's candles are rebuilt from stored ticks this far back at most. */
const RECOVER_REAL_MINUTES = 10;
const RECOVER_MAX_TICKS = 200_000;
const RETENTION_BATCH = 50_000;

export type TickSource = 'simulator' | 'binance' | string;

/** A tick as stored or regenerated: the answer of tickAtOrBefore. */
export interface RecordedTick {
  symbol: string;
  time: number;
  /** Decimal string with the instrument's price decimals. */
  price: string;
  priceUnits: number;
  source: TickSource;
}

export interface Quote {
  price: number;
  bid: number;
  ask: number;
  /** Time of the last change: a tick, or a new best bid/ask. */
  time: number;
  /**
   * Time of the trade tick that set `price` (what trading records as a deciding tick); absent
   * while the price is only the middle of a real feed's first bid and ask.
   */
  tickTime?: number;
  source: string;
  stale: boolean;
  /** bid/ask come from the feed's book, not from the catalogue spread. */
  hasBook?: boolean;
}

interface Stats24h {
  /** Close of the last minute before the window: "the price 24 hours ago". */
  reference: number | undefined;
  minutes: Agg[];
  high: number | undefined;
  low: number | undefined;
  volume: bigint;
  quoteVolume: bigint;
}

interface SymbolState {
  inst: Instrument;
  source: PriceSource | undefined;
  quote: Quote | undefined;
  book: CandleBook;
  stats: Stats24h;
  depth: DepthUnits | undefined;
  depthAt: number;
  /** Orders ticks of one symbol within a millisecond in market_ticks. */
  seq: number;
}

export interface EngineOptions {
  /** Sources to run instead of the configured ones (benchmark, tests). */
  sources?: (engine: MarketEngine) => PriceSource[];
}

export class MarketEngine implements PriceSink {
  readonly symbols = new Map<string, SymbolState>();
  private seed = 0;
  private sources: PriceSource[] = [];
  private sim: SimulatorSource | undefined;
  private started = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private writeChain: Promise<void> = Promise.resolve();
  private queued = 0;
  private pendingTicks: TickRow[] = [];
  private droppedTicks = 0;
  private pendingMinutes: CandleRow[] = [];
  private liveMinute = 0;
  private backfill: Promise<void> = Promise.resolve();
  /** Milliseconds the first-start backfill took (generation and storage), for the logs and docs. */
  backfillStats: { symbols: number; minutes: number; ticks: number; generateMs: number; totalMs: number } | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly bus: MarketBus,
    private readonly config: MarketConfig,
    private readonly options: EngineOptions = {},
  ) {
    for (const inst of INSTRUMENTS) {
      this.symbols.set(inst.symbol, {
        inst, source: undefined, quote: undefined, book: new CandleBook(),
        stats: { reference: undefined, minutes: [], high: undefined, low: undefined, volume: 0n, quoteVolume: 0n },
        depth: undefined, depthAt: 0, seq: 0,
      });
    }
  }

  get isStarted(): boolean {
    return this.started;
  }

  get simulatorSeed(): number {
    return this.seed;
  }

  private now(): number {
    return this.ctx.clock.now().getTime();
  }

  // ----- start and stop -------------------------------------------------------------------

  /**
   * Loads the simulator's seed, completes the minute a crash interrupted, starts the backfill
   * of symbols without history (in the background) and the sources. With `timers`, the pump,
   * tick writes and retention run on timers; otherwise the caller pumps.
   */
  async start({ timers = false }: { timers?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    const db = this.ctx.db;
    const now = this.now();
    const currentMinute = Math.floor(now / MINUTE_MS);
    const state = (await marketRepo.simState(db))
      ?? (await marketRepo.createSimState(db, this.config.seed ?? crypto.randomBytes(4).readUInt32BE(0), new Date((currentMinute - this.config.backfillDays * 1440) * MINUTE_MS)));
    // A configured seed applies to a new installation only: the stored one made the stored history.
    this.seed = Number(state.seed);
    this.liveMinute = currentMinute;

    this.sources = this.options.sources ? this.options.sources(this) : this.defaultSources();
    for (const source of this.sources) for (const s of source.symbols) this.symbols.get(s)!.source = source;

    await this.loadHistory(now);
    const simSymbols = this.sim ? [...this.sim.symbols] : [];
    const lastRows = new Map((await marketRepo.lastMinutesBefore(db, simSymbols, FAR_FUTURE_MS, 'simulator')).map((r) => [r.symbol, r]));
    const needBackfill: string[] = [];
    const recovered: CandleRow[] = [];
    const liveMinuteBefore = state.liveMinute ? Math.floor(state.liveMinute.getTime() / MINUTE_MS) : undefined;
    for (const symbol of simSymbols) {
      const last = lastRows.get(symbol);
      if (!last || !state.backfillDoneAt) {
        needBackfill.push(symbol);
        continue;
      }
      let endState = this.regenerate(symbol, last).endState;
      // The minute the engine was in when it stopped was broadcast in part: store it whole, so
      // every tick a client saw can be regenerated.
      const lastMinute = last.openTime / MINUTE_MS;
      if (liveMinuteBefore !== undefined && liveMinuteBefore > lastMinute && liveMinuteBefore < currentMinute
        && isOpen(SESSIONS[this.symbols.get(symbol)!.inst.session], liveMinuteBefore * MINUTE_MS)) {
        const m = generateMinute(this.seed, simParamsOf(symbol), liveMinuteBefore, endState);
        recovered.push(this.simRow(symbol, m));
        this.addClosedMinute(symbol, minuteAgg(m));
        this.mergeIntoBook(symbol, minuteAgg(m), now);
        endState = m.endState;
      }
      this.sim!.resume(symbol, endState, currentMinute);
    }
    if (recovered.length) this.enqueue('recover minute', (d) => marketRepo.closeMinutes(d, recovered));
    for (const source of this.sources) {
      if (!source.regenerable) for (const symbol of source.symbols) await this.recoverRealSymbol(symbol, source.name, now);
    }
    await this.loadLatestQuotes(now);
    for (const source of this.sources) await source.start(this);
    if (needBackfill.length) {
      // With timers (a real server), the history waits a few seconds: start-up, readiness and the
      // first requests go first. On PGlite every statement holds the event loop while it runs.
      const delay = timers ? BACKFILL_DELAY_MS : 0;
      this.backfill = new Promise((r) => setTimeout(r, delay).unref()).then(() => this.runBackfill(needBackfill, !state.backfillDoneAt));
    }
    else if (!state.backfillDoneAt) this.enqueue('backfill done', (d) => marketRepo.updateSimState(d, { backfillDoneAt: new Date(now) }));
    this.pump(now);
    if (timers) {
      this.timers.push(setInterval(() => this.pump(this.now()), PUMP_MS));
      this.timers.push(setInterval(() => this.flushTicks(), TICK_FLUSH_MS));
      this.timers.push(setInterval(() => void this.retention(), RETENTION_EVERY_MS));
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
    this.sim = new SimulatorSource(this.seed, symbols, (symbol, m) => this.onSimMinute(symbol, m));
    return this.sim;
  }

  /** Set by the module (keeps the ws client out of the engine's imports for tests that do not need it). */
  binanceFactory: ((symbols: string[]) => PriceSource) | undefined;

  /** Stops timers and sources, writes what is queued. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const s of this.sources) await s.stop();
    await this.backfill.catch(() => undefined);
    this.flushTicks();
    await this.flush();
  }

  /** Resolves when every write queued so far is done (tests; shutdown). */
  async flush(): Promise<void> {
    this.flushMinutes();
    await this.writeChain;
  }

  /** Resolves when the first-start backfill is stored. */
  async backfillDone(): Promise<void> {
    await this.backfill;
    await this.flush();
  }

  // ----- the pump -------------------------------------------------------------------------

  /** Emits every tick due at `nowMs` and closes finished minutes. Timers call it; so do tests. */
  pump(nowMs: number = this.now()): void {
    if (!this.started || this.stopped) return;
    for (const s of this.sources) s.pump(nowMs);
    // Real feeds: a minute without a tick in the next one is closed here.
    const minuteStart = Math.floor((nowMs - LATE_TICK_GRACE_MS) / MINUTE_MS) * MINUTE_MS;
    for (const st of this.symbols.values()) {
      if (!st.source || st.source.regenerable) continue;
      const done = st.book.closeMinuteIfBefore(minuteStart);
      if (done) this.closeRealMinute(st, done);
    }
    const minute = Math.floor(nowMs / MINUTE_MS);
    if (minute !== this.liveMinute) {
      this.liveMinute = minute;
      this.flushMinutes();
    }
  }

  // ----- PriceSink ------------------------------------------------------------------------

  tick(t: SourceTick): void {
    const st = this.symbols.get(t.symbol);
    if (!st) return;
    const inst = st.inst;
    if (st.book.isLate(t)) return;
    const regenerable = st.source?.regenerable ?? false;
    // A real feed's own best bid/ask (bookTicker) wins; without one, the catalogue spread.
    const book = !regenerable && st.quote?.hasBook ? st.quote : bidAsk(inst, t.price);
    st.quote = { price: t.price, bid: book.bid, ask: book.ask, time: t.time, tickTime: t.time, source: st.source?.name ?? 'unknown', stale: false, hasBook: !regenerable && !!st.quote?.hasBook };
    const finished = st.book.add(t);
    // Simulator minutes are closed by onSimMinute, with their generator state.
    if (finished && !regenerable) this.closeRealMinute(st, finished);
    if (st.source && !regenerable && this.pendingTicks.length >= MAX_PENDING_TICKS) this.droppedTicks++;
    else if (st.source && !regenerable) {
      st.seq = (st.seq + 1) % 2_000_000_000;
      this.pendingTicks.push({
        symbol: t.symbol, time: t.time, seq: st.seq, price: t.price, amount: t.amount, bid: book.bid, ask: book.ask,
        source: st.source.name, externalId: t.externalId ?? null,
      });
    }
    this.publishTick(st);
    for (const interval of CANDLE_INTERVALS) this.publishKline(st, interval);
    if (regenerable && t.time - st.depthAt >= DEPTH_EVERY_MS) {
      st.depthAt = t.time;
      st.depth = syntheticDepth(inst, this.seed, book.bid, book.ask, t.time);
      this.publishDepth(st);
    }
  }

  book(symbol: string, bid: number, ask: number, time: number): void {
    const st = this.symbols.get(symbol);
    if (!st || bid <= 0 || ask <= 0 || bid > ask) return;
    const price = st.quote?.price ?? Math.round((bid + ask) / 2);
    st.quote = { price, bid, ask, time: Math.max(time, st.quote?.time ?? 0), ...(st.quote?.tickTime !== undefined ? { tickTime: st.quote.tickTime } : {}), source: st.source?.name ?? 'unknown', stale: false, hasBook: true };
    this.publishTick(st);
  }

  depth(symbol: string, bids: [number, number][], asks: [number, number][], time: number): void {
    const st = this.symbols.get(symbol);
    if (!st) return;
    st.depth = { bids, asks, time };
    st.depthAt = time;
    this.publishDepth(st);
  }

  stale(symbols: readonly string[], stale: boolean): void {
    for (const s of symbols) {
      const st = this.symbols.get(s);
      if (!st?.quote || st.quote.stale === stale) continue;
      st.quote.stale = stale;
      this.publishTick(st);
    }
  }

  // ----- minutes and storage --------------------------------------------------------------

  private simRow(symbol: string, m: MinuteTicks): CandleRow {
    const c = minuteCandle(m);
    return {
      symbol, interval: '1m', openTime: m.minute * MINUTE_MS, ...c, source: 'simulator', genRef: m.startState, genVersion: GENERATOR_VERSION,
    };
  }

  private onSimMinute(symbol: string, m: MinuteTicks): void {
    this.pendingMinutes.push(this.simRow(symbol, m));
    this.addClosedMinute(symbol, minuteAgg(m));
    this.symbols.get(symbol)!.book.closeMinuteIfBefore((m.minute + 1) * MINUTE_MS);
  }

  private closeRealMinute(st: SymbolState, agg: Agg): void {
    this.addClosedMinute(st.inst.symbol, agg);
    this.pendingMinutes.push({ symbol: st.inst.symbol, interval: '1m', ...agg, source: st.source?.name ?? 'unknown', genRef: null, genVersion: null });
  }

  /** Finished minutes go to the database together with the engine's current minute (crash recovery). */
  private flushMinutes(): void {
    const rows = this.pendingMinutes;
    const live = this.liveMinute;
    if (rows.length === 0) return;
    this.pendingMinutes = [];
    const hasSim = rows.some((r) => r.source === 'simulator');
    this.enqueue('close minutes', async (db) => {
      await db.transaction(async (tx) => {
        await marketRepo.closeMinutes(tx, rows);
        if (hasSim) await marketRepo.updateSimState(tx, { liveMinute: new Date(live * MINUTE_MS) });
      });
    });
  }

  private flushTicks(): void {
    if (this.droppedTicks) {
      this.ctx.log.error({ dropped: this.droppedTicks }, 'market: tick buffer full (database unavailable?), ticks not stored');
      this.droppedTicks = 0;
    }
    if (this.pendingTicks.length === 0) return;
    const ticks = this.pendingTicks;
    this.pendingTicks = [];
    if (this.queued > MAX_QUEUED_WRITES) {
      this.ctx.log.error({ dropped: ticks.length }, 'market: database too slow, dropped a batch of ticks');
      return;
    }
    this.enqueue('store ticks', (db) => marketRepo.insertTicks(db, ticks));
  }

  /** Public for tests: writes buffered raw ticks now. */
  flushTicksNow(): void {
    this.flushTicks();
  }

  /** Queues a write; the promise settles when it is done (or given up, which is logged). */
  private enqueue(what: string, work: (db: AppContext['db']) => Promise<void>): Promise<void> {
    this.queued++;
    this.writeChain = this.writeChain.then(async () => {
      // After stop, backfill chunks are left for the next start (which resumes from the last
      // stored week): shutdown should not wait a minute for history nobody will see now.
      if (this.stopped && what === 'backfill') return;
      // PGlite runs each statement synchronously in WASM and resolves in a microtask: without a
      // macrotask yield a long queue would hold the event loop (requests, signals) until it drains.
      await yieldToLoop();
      for (let attempt = 1; ; attempt++) {
        try {
          await work(this.ctx.db);
          return;
        } catch (err) {
          if (attempt >= 3 || this.stopped) {
            this.ctx.log.error({ err, what }, 'market: write failed');
            return;
          }
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    }).finally(() => {
      this.queued--;
    });
    return this.writeChain;
  }

  private async retention(): Promise<void> {
    const before = this.now() - this.config.tickRetentionDays * DAY_MS;
    await this.enqueue('tick retention', async (db) => {
      // Short batches: a large delete on PGlite would hold its only connection.
      while ((await marketRepo.deleteTicksBefore(db, before, RETENTION_BATCH)) === RETENTION_BATCH && !this.stopped) { /* next batch */ }
    });
  }

  /** Public for tests: runs the retention job once. */
  runRetention(): Promise<void> {
    return this.retention();
  }

  // ----- history: 24 h statistics, live buckets, latest quotes ------------------------------

  private addClosedMinute(symbol: string, agg: Agg): void {
    const st = this.symbols.get(symbol)!.stats;
    st.minutes.push({ ...agg });
    this.recomputeStats(st, agg.openTime + MINUTE_MS);
  }

  private recomputeStats(st: Stats24h, nowMs: number): void {
    const windowStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - WINDOW_MINUTES * MINUTE_MS;
    let drop = 0;
    while (drop < st.minutes.length && st.minutes[drop]!.openTime < windowStart) drop++;
    if (drop) {
      st.reference = st.minutes[drop - 1]!.close;
      st.minutes.splice(0, drop);
    }
    let high: number | undefined;
    let low: number | undefined;
    let volume = 0n;
    let quoteVolume = 0n;
    for (const m of st.minutes) {
      if (high === undefined || m.high > high) high = m.high;
      if (low === undefined || m.low < low) low = m.low;
      volume += m.volume;
      quoteVolume += m.quoteVolume;
    }
    Object.assign(st, { high, low, volume, quoteVolume });
  }

  /** 24 h statistics and live buckets from stored candles (a restart; a new install has none). */
  private async loadHistory(now: number): Promise<void> {
    const db = this.ctx.db;
    const currentMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const windowStart = currentMinute - WINDOW_MINUTES * MINUTE_MS;
    const all = [...this.symbols.keys()];
    for (const row of await marketRepo.lastMinutesBefore(db, all, windowStart)) this.symbols.get(row.symbol)!.stats.reference = row.close;
    for (const row of await marketRepo.minutesSince(db, all, windowStart)) {
      if (row.openTime < currentMinute) this.symbols.get(row.symbol)!.stats.minutes.push(toAgg(row));
    }
    for (const st of this.symbols.values()) this.recomputeStats(st.stats, now);
    const keys = [...this.symbols.keys()].flatMap((symbol) => CANDLE_INTERVALS.filter((i) => i !== '1m')
      .map((interval) => ({ symbol, interval, openTime: candleOpenTime(interval, now) })));
    for (const row of await marketRepo.candlesAt(db, keys)) this.symbols.get(row.symbol)?.book.seed(row.interval, toAgg(row));
  }

  /** The last tick of every instrument (a closed market still shows its last price). */
  private async loadLatestQuotes(now: number): Promise<void> {
    for (const st of this.symbols.values()) {
      if (st.quote) continue;
      const t = await this.tickAtOrBefore(st.inst.symbol, now);
      if (!t) continue;
      const { bid, ask } = bidAsk(st.inst, t.priceUnits);
      st.quote = { price: t.priceUnits, bid, ask, time: t.time, tickTime: t.time, source: t.source, stale: st.source?.name === 'binance' };
    }
  }

  /**
   * A real feed's minutes that ended while the engine was down (or were in progress at a crash)
   * have their ticks stored but no candle: build them from the ticks, and put the current
   * minute's stored ticks back into the live candles. Only the last few minutes can be missing.
   */
  private async recoverRealSymbol(symbol: string, source: string, now: number): Promise<void> {
    const st = this.symbols.get(symbol)!;
    const current = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const last = await marketRepo.minuteAtOrBefore(this.ctx.db, symbol, source, current, true);
    const from = Math.max(last ? last.openTime + MINUTE_MS : 0, current - RECOVER_REAL_MINUTES * MINUTE_MS);
    const ticks = await marketRepo.ticksBetween(this.ctx.db, symbol, from, now + 1, RECOVER_MAX_TICKS);
    const rows: CandleRow[] = [];
    let agg: Agg | undefined;
    for (const t of ticks) {
      if (t.time >= current) {
        st.book.add(t);
        continue;
      }
      const open = Math.floor(t.time / MINUTE_MS) * MINUTE_MS;
      if (!agg || agg.openTime !== open) {
        if (agg) rows.push({ symbol, interval: '1m', ...agg, source, genRef: null, genVersion: null });
        agg = newAgg(open, t);
      } else addTick(agg, t);
    }
    if (agg) rows.push({ symbol, interval: '1m', ...agg, source, genRef: null, genVersion: null });
    for (const r of rows) {
      this.addClosedMinute(symbol, toAgg(r));
      this.mergeIntoBook(symbol, toAgg(r), now);
    }
    // One minute per statement: the roll-up merges each minute into its buckets in turn.
    for (const r of rows) this.enqueue('recover real minute', (d) => marketRepo.closeMinutes(d, [r]));
  }

  /** Adds a stored-but-not-live minute to the live buckets it belongs to. */
  private mergeIntoBook(symbol: string, agg: Agg, nowMs: number): void {
    const book = this.symbols.get(symbol)!.book;
    for (const interval of CANDLE_INTERVALS) {
      if (interval === '1m' || candleOpenTime(interval, agg.openTime) !== candleOpenTime(interval, nowMs)) continue;
      const cur = book.current.get(interval);
      if (cur) mergeAgg(cur, agg);
      else book.seed(interval, { ...agg, openTime: candleOpenTime(interval, nowMs) });
    }
  }

  private regenerate(symbol: string, row: CandleRow): MinuteTicks {
    if (row.genRef === null || row.genVersion !== GENERATOR_VERSION) throw new Error(`${symbol} ${row.openTime}: not a generator v${GENERATOR_VERSION} minute`);
    return generateMinute(this.seed, simParamsOf(symbol), row.openTime / MINUTE_MS, row.genRef);
  }

  // ----- backfill -------------------------------------------------------------------------

  /**
   * Generates the history of `symbols` from the series' start (or from where an interrupted
   * backfill stopped) to the current minute, tick by tick with the live generator, so backfilled
   * minutes are as checkable as live ones. Generation yields to the event loop every day of
   * minutes; rows go to the database in chunks through the write queue.
   */
  private async runBackfill(symbols: string[], markDone: boolean): Promise<void> {
    if (this.stopped) return;
    const started = performance.now();
    const currentMinute = Math.floor(this.now() / MINUTE_MS);
    let generateMs = 0;
    let minutes = 0;
    let ticks = 0;
    const db = this.ctx.db;
    const state = (await marketRepo.simState(db))!;
    const firstMinute = Math.floor(state.startedAt.getTime() / MINUTE_MS);
    const lastRows = new Map((await marketRepo.lastMinutesBefore(db, symbols, FAR_FUTURE_MS, 'simulator')).map((r) => [r.symbol, r]));
    // Crypto first: it is always open, so its charts are the ones people look at at any hour.
    const order = [...symbols].sort((a, b) => Number(instrumentOf(b)!.market === 'CRYPTO') - Number(instrumentOf(a)!.market === 'CRYPTO'));
    for (const symbol of order) {
      if (this.stopped) return;
      const inst = instrumentOf(symbol)!;
      const p = simParamsOf(symbol);
      const last = lastRows.get(symbol);
      let s = p.ref;
      // A symbol new to the catalogue gets the configured days, not the whole series.
      let from = Math.max(firstMinute, currentMinute - this.config.backfillDays * 1440);
      if (last) {
        // Resuming an interrupted backfill: regenerate from the first stored minute of the last
        // stored week, so the week (and every shorter bucket) is rolled up whole again.
        const weekStart = candleOpenTime('1w', last.openTime);
        const first = await marketRepo.minuteAtOrBefore(db, symbol, 'simulator', weekStart - 1, false, true);
        if (first && first.genRef !== null) {
          from = first.openTime / MINUTE_MS;
          s = first.genRef;
        } else {
          from = last.openTime / MINUTE_MS + 1;
          s = this.regenerate(symbol, last).endState;
        }
      }
      const open = openMinutes(SESSIONS[inst.session], from, currentMinute);
      const rows: CandleRow[] = [];
      let t0 = performance.now();
      for (let m = from; m < currentMinute; m++) {
        if (open[m - from]) {
          const g = generateMinute(this.seed, p, m, s);
          s = g.endState;
          rows.push(this.simRow(symbol, g));
          ticks += g.prices.length;
        }
        if ((m - from) % 720 === 719) {
          generateMs += performance.now() - t0;
          await yieldToLoop();
          if (this.stopped) return;
          t0 = performance.now();
        }
      }
      generateMs += performance.now() - t0;
      minutes += rows.length;
      // Live from the current minute on, before the rows are stored: the state is in memory. The
      // write queue is ordered, so this symbol's live minutes are stored after its history.
      this.sim!.resume(symbol, s, currentMinute);
      const st = this.symbols.get(symbol)!;
      this.seedFromBackfill(st, rows, currentMinute * MINUTE_MS);
      const aggs = rows.map(toAgg);
      const higher = CANDLE_INTERVALS.filter((i) => i !== '1m').flatMap((interval) =>
        rollUp(aggs, interval).map((a): CandleRow => ({ symbol, interval, ...a, source: 'simulator', genRef: null, genVersion: null })));
      for (const [list, replace] of [[rows, false], [higher, true]] as const) {
        for (let i = 0; i < list.length; i += BACKFILL_CHUNK_ROWS) {
          const chunk = list.slice(i, i + BACKFILL_CHUNK_ROWS);
          this.enqueue('backfill', (d) => marketRepo.insertCandles(d, chunk, replace));
        }
      }
      await this.writeChain; // one symbol at a time: bounded memory, and requests get the database between chunks
    }
    if (markDone) this.enqueue('backfill done', (d) => marketRepo.updateSimState(d, { backfillDoneAt: new Date(this.now()) }));
    await this.writeChain;
    this.backfillStats = { symbols: symbols.length, minutes, ticks, generateMs: Math.round(generateMs), totalMs: Math.round(performance.now() - started) };
    this.ctx.log.info(this.backfillStats, 'market: backfill stored');
  }

  /** Live buckets, 24 h statistics and the last price of a symbol from its backfilled minutes. */
  private seedFromBackfill(st: SymbolState, rows: CandleRow[], nowMs: number): void {
    const aggs = rows.map(toAgg);
    for (const interval of CANDLE_INTERVALS) {
      if (interval === '1m') continue;
      const open = candleOpenTime(interval, nowMs);
      const inBucket = aggs.filter((a) => a.openTime >= open);
      const [bucket] = rollUp(inBucket, interval);
      if (bucket) st.book.seed(interval, bucket);
    }
    const windowStart = nowMs - WINDOW_MINUTES * MINUTE_MS;
    // Merged with what loadHistory read: a resumed backfill may start inside the window.
    const byTime = new Map(st.stats.minutes.map((m) => [m.openTime, m]));
    for (const a of aggs) if (a.openTime >= windowStart) byTime.set(a.openTime, a);
    const before = aggs.filter((a) => a.openTime < windowStart);
    if (before.length) st.stats.reference = before.at(-1)!.close;
    st.stats.minutes = [...byTime.values()].sort((x, y) => x.openTime - y.openTime);
    this.recomputeStats(st.stats, nowMs);
    const last = rows.at(-1);
    if (last && !st.quote) {
      const m = this.regenerate(st.inst.symbol, last);
      const { bid, ask } = bidAsk(st.inst, last.close);
      const lastTickTime = last.openTime + m.offsets[m.offsets.length - 1]!;
      st.quote = { price: last.close, bid, ask, time: lastTickTime, tickTime: lastTickTime, source: 'simulator', stale: false };
    }
  }

  // ----- reading ---------------------------------------------------------------------------

  latest(symbol: string): Quote | undefined {
    return this.symbols.get(symbol)?.quote;
  }

  liveCandle(symbol: string, interval: CandleInterval): Agg | undefined {
    return this.symbols.get(symbol)?.book.current.get(interval);
  }

  depthOf(symbol: string): DepthUnits | undefined {
    const st = this.symbols.get(symbol);
    if (!st) return undefined;
    // A real feed's depth is relayed or absent, never invented.
    if (!st.depth && st.quote && (st.source?.regenerable ?? true)) st.depth = syntheticDepth(st.inst, this.seed, st.quote.bid, st.quote.ask, st.quote.time);
    return st.depth;
  }

  /** 24 h statistics including the live minute. */
  stats(symbol: string): { open: number | undefined; high: number | undefined; low: number | undefined; volume: bigint; quoteVolume: bigint } {
    const st = this.symbols.get(symbol)!;
    const s = st.stats;
    const live = st.book.current.get('1m');
    const recent = live && live.openTime >= Math.floor(this.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS ? live : undefined;
    let high = s.high;
    let low = s.low;
    if (recent) {
      if (high === undefined || recent.high > high) high = recent.high;
      if (low === undefined || recent.low < low) low = recent.low;
    }
    const open = s.reference ?? s.minutes[0]?.open ?? recent?.open;
    return { open, high, low, volume: s.volume + (recent?.volume ?? 0n), quoteVolume: s.quoteVolume + (recent?.quoteVolume ?? 0n) };
  }

  /**
   * The tick in force at `atMs`: the last one at or before it, from stored data only (raw ticks,
   * or a stored simulator minute regenerated), so the answer never changes once given. A time in
   * the future is answered for now. Null before the instrument's first tick.
   */
  async tickAtOrBefore(symbol: string, atMs: number): Promise<RecordedTick | null> {
    const st = this.symbols.get(symbol);
    if (!st) return null;
    const at = Math.min(atMs, this.now());
    const inst = st.inst;
    const found: { time: number; price: number; source: string }[] = [];
    // The live simulator minute is not stored until it ends; it is regenerated exactly as here.
    const live = this.sim?.currentMinute(symbol);
    if (live && live.minute * MINUTE_MS <= at) {
      const i = lastTickAtOrBefore(live, at - live.minute * MINUTE_MS);
      if (i >= 0) found.push({ time: live.minute * MINUTE_MS + live.offsets[i]!, price: live.prices[i]!, source: 'simulator' });
    }
    // Everything else is read back from the database, after what is buffered has been written.
    this.flushTicks();
    this.flushMinutes();
    await this.writeChain;
    const raw = await marketRepo.tickAtOrBefore(this.ctx.db, symbol, at);
    if (raw) found.push(raw);
    const minuteStart = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    let row = await marketRepo.minuteAtOrBefore(this.ctx.db, symbol, 'simulator', minuteStart);
    let tick = row ? this.lastSimTick(row, at) : undefined;
    if (row && !tick) {
      // `at` is before the first tick of that minute: the answer is the previous minute's last tick.
      row = await marketRepo.minuteAtOrBefore(this.ctx.db, symbol, 'simulator', row.openTime, true);
      tick = row ? this.lastSimTick(row, at) : undefined;
    }
    if (tick) found.push(tick);
    const best = found.reduce<(typeof found)[number] | undefined>((a, b) => (!a || b.time > a.time ? b : a), undefined);
    if (!best) return null;
    return { symbol, time: best.time, price: formatAmount(BigInt(best.price), inst.priceDecimals), priceUnits: best.price, source: best.source };
  }

  private lastSimTick(row: CandleRow, at: number): { time: number; price: number; source: string } | undefined {
    const m = this.regenerate(row.symbol, row);
    const i = lastTickAtOrBefore(m, at - row.openTime);
    return i < 0 ? undefined : { time: row.openTime + m.offsets[i]!, price: m.prices[i]!, source: 'simulator' };
  }

  /**
   * Regenerates a stored simulator minute and compares it with its candle: the check anyone with
   * the seed can run on a stored minute (docs/market-data.md).
   */
  async verifyMinute(symbol: string, minuteMs: number): Promise<{ ok: boolean; stored: CandleRow | undefined; regenerated: ReturnType<typeof minuteCandle> | undefined }> {
    await this.flush();
    const stored = await marketRepo.minute(this.ctx.db, symbol, minuteMs);
    if (!stored || stored.source !== 'simulator') return { ok: false, stored, regenerated: undefined };
    const regenerated = minuteCandle(this.regenerate(symbol, stored));
    const ok = regenerated.open === stored.open && regenerated.high === stored.high && regenerated.low === stored.low
      && regenerated.close === stored.close && regenerated.volume === stored.volume && regenerated.quoteVolume === stored.quoteVolume
      && regenerated.trades === stored.trades;
    return { ok, stored, regenerated };
  }

  // ----- publishing ------------------------------------------------------------------------

  wsTick(symbol: string): WsTick | undefined {
    const st = this.symbols.get(symbol);
    const q = st?.quote;
    if (!st || !q) return undefined;
    const d = st.inst.priceDecimals;
    const s = this.stats(symbol);
    const p = (u: number | undefined) => (u === undefined ? null : formatAmount(BigInt(u), d));
    const change = s.open === undefined ? null : BigInt(q.price - s.open);
    return {
      symbol, price: p(q.price)!, bid: p(q.bid)!, ask: p(q.ask)!,
      change24h: change === null ? null : formatAmount(change, d),
      changePercent24h: change === null || !s.open ? null : formatAmount((change * 10_000n) / BigInt(s.open), 2),
      high24h: p(s.high), low24h: p(s.low), volume24h: formatAmount(s.volume, st.inst.amountDecimals),
      time: q.time, stale: q.stale,
    };
  }

  private publishTick(st: SymbolState): void {
    const tick = this.wsTick(st.inst.symbol);
    if (tick) this.bus.publish({ type: 'tick', symbol: st.inst.symbol, tick });
  }

  wsKline(symbol: string, interval: CandleInterval): WsKline | undefined {
    const st = this.symbols.get(symbol);
    const c = st?.book.current.get(interval);
    if (!st || !c) return undefined;
    return { symbol, interval, ...formatCandle(st.inst, c), closed: false };
  }

  private publishKline(st: SymbolState, interval: CandleInterval): void {
    const kline = this.wsKline(st.inst.symbol, interval);
    if (kline) this.bus.publish({ type: 'kline', symbol: st.inst.symbol, interval, kline });
  }

  wsDepth(symbol: string, limit?: number): Depth | undefined {
    const st = this.symbols.get(symbol);
    const d = this.depthOf(symbol);
    if (!st || !d) return undefined;
    return formatDepth(st.inst, d, limit);
  }

  private publishDepth(st: SymbolState): void {
    const depth = this.wsDepth(st.inst.symbol);
    if (depth) this.bus.publish({ type: 'depth', symbol: st.inst.symbol, depth });
  }
}

export function toAgg(r: CandleRow): Agg {
  return { openTime: r.openTime, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume, quoteVolume: r.quoteVolume, trades: r.trades };
}

function minuteAgg(m: MinuteTicks): Agg {
  return { openTime: m.minute * MINUTE_MS, ...minuteCandle(m) };
}

export function formatCandle(inst: Instrument, c: Agg) {
  const d = inst.priceDecimals;
  const f = (u: number) => formatAmount(BigInt(u), d);
  return {
    openTime: c.openTime, open: f(c.open), high: f(c.high), low: f(c.low), close: f(c.close),
    volume: formatAmount(c.volume, inst.amountDecimals),
    quoteVolume: formatAmount(c.quoteVolume, d + inst.amountDecimals, 2),
    trades: c.trades,
  };
}

export function formatDepth(inst: Instrument, d: DepthUnits, limit?: number): Depth {
  const level = ([p, a]: [number, number]): [string, string] => [formatAmount(BigInt(p), inst.priceDecimals), formatAmount(BigInt(a), inst.amountDecimals)];
  return { symbol: inst.symbol, bids: d.bids.slice(0, limit).map(level), asks: d.asks.slice(0, limit).map(level), time: d.time };
}

