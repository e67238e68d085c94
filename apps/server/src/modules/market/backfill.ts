/**
 * The first start's history (docs/market-data.md "The simulator"), in two passes per instrument:
 *
 * 1. go live: walk the generator from the series' start to now without making ticks
 *    (`advanceMinute`), regenerate only the last minute for the last price, and resume the
 *    simulator from there. Every instrument has a price within seconds, also a closed market.
 * 2. store: later and in the background, generate the same minutes tick by tick, store them
 *    (1m rows and roll-ups, in chunks through the write queue), fold them into the live buckets
 *    and 24 h statistics, and release the live minutes held back meanwhile.
 *
 * The series is deterministic, so both passes walk the same states; the live minutes of an
 * instrument are stored only after its history, so its stored minutes stay one unbroken chain.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CANDLE_INTERVALS, MARKETS, candleOpenTime, instrumentOf } from '@app/contract';
import { mergeAgg, rollUp, type Agg } from './candles';
import { FAR_FUTURE_MS, MINUTE_MS, simRow, toAgg, type EngineState, type SymbolState } from './engine-state';
import type { LiveStorage } from './live-storage';
import { bidAsk } from './pricing';
import { marketRepo, type CandleRow } from './repository';
import { openMinutes, SESSIONS } from './sessions';
import { advanceMinute, generateMinute, simParamsOf } from './simulator';
import { mergeHistory } from './stats-24h';
import type { UnstoredMinutes } from './tick-history';
import type { MarketMessages } from './ws-messages';
import { BACKFILL_WRITE, type WriteQueue } from './write-queue';

/** Backfill rows per INSERT: ~20 ms on PGlite, which blocks the event loop while it runs. */
const BACKFILL_CHUNK_ROWS = 400;
/** Generation yields to the event loop this often (minutes). */
const YIELD_EVERY_MINUTES = 720;

/** One instrument's history: generated from `from` (state `startState`) up to `liveFrom`, where the simulator took over. */
interface Plan {
  symbol: string;
  from: number;
  startState: number;
  liveFrom: number;
  endState: number;
  /** The last history minute (its last tick is the price until the first live one). */
  last: CandleRow | undefined;
}

export interface BackfillStats {
  symbols: number;
  minutes: number;
  ticks: number;
  /** From the start of the first pass until every instrument was live. */
  liveMs: number;
  generateMs: number;
  totalMs: number;
}

export class Backfill implements UnstoredMinutes {
  /** Instruments whose history is not queued yet, in the order they went live. */
  private readonly plans = new Map<string, Plan>();
  private readonly waiters = new Map<string, { done: Promise<void>; resolve: () => void }>();
  private liveMs = 0;
  stats: BackfillStats | undefined;

  constructor(
    private readonly state: EngineState,
    private readonly queue: WriteQueue,
    private readonly storage: LiveStorage,
    private readonly messages: MarketMessages,
  ) {}

  /** Holds back the live minutes of `symbols` until their history is queued (call before they can tick). */
  register(symbols: readonly string[]): void {
    this.storage.holdBack(symbols);
    for (const s of symbols) {
      // Until its history is folded in, the 24 h figures are the live minutes only (Ticker.complete24h).
      this.state.of(s).stats.loading = true;
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      this.waiters.set(s, { done, resolve });
    }
  }

  rowsOf(symbol: string): readonly CandleRow[] | undefined {
    const held = this.storage.heldBackMinutes(symbol);
    if (!held) return undefined;
    const last = this.plans.get(symbol)?.last;
    return last ? [last, ...held] : held;
  }

  queued(symbol: string): Promise<void> {
    return this.waiters.get(symbol)?.done ?? Promise.resolve();
  }

  /** Stop: nobody waits for history that will not be stored now. */
  abandon(): void {
    for (const w of this.waiters.values()) w.resolve();
  }

  /** Pass 1: brings every instrument of `symbols` live, crypto and one of each market first. */
  async goLive(symbols: readonly string[], seriesStartMs: number): Promise<void> {
    const started = performance.now();
    const sim = this.state.sim!;
    const lastRows = new Map(
      (await marketRepo.lastMinutesBefore(this.state.ctx.db, symbols, FAR_FUTURE_MS, 'simulator')).map((r) => [
        r.symbol,
        r,
      ]),
    );
    for (const symbol of liveOrder(symbols)) {
      if (this.state.stopped) return;
      const st = this.state.of(symbol);
      const liveFrom = Math.floor(this.state.now() / MINUTE_MS);
      const { from, startState } = await this.startOf(
        symbol,
        lastRows.get(symbol),
        Math.floor(seriesStartMs / MINUTE_MS),
        liveFrom,
      );
      const { endState, last } = await this.advance(symbol, from, startState, liveFrom);
      this.plans.set(symbol, { symbol, from, startState, liveFrom, endState, last });
      // Buckets read from a partly stored history are rebuilt whole by pass 2.
      st.book.current.clear();
      if (last) this.quoteFrom(st, last);
      sim.resume(symbol, endState, liveFrom);
    }
    this.liveMs = Math.round(performance.now() - started);
    this.state.ctx.log.info(
      { symbols: symbols.length, ms: this.liveMs },
      'market: every instrument live, history follows',
    );
  }

  /**
   * Where an instrument's history starts: the series' start (a symbol new to the catalogue: the
   * configured days), or, resuming an interrupted backfill, the first stored minute of the last
   * stored week, so the week (and every shorter bucket) is rolled up whole again.
   */
  private async startOf(
    symbol: string,
    last: CandleRow | undefined,
    firstMinute: number,
    liveFrom: number,
  ): Promise<{ from: number; startState: number }> {
    const from = Math.max(firstMinute, liveFrom - this.state.config.backfillDays * 1440);
    if (!last) return { from, startState: simParamsOf(symbol).ref };
    const weekStart = candleOpenTime('1w', last.openTime);
    const first = await marketRepo.minuteAtOrBefore(this.state.ctx.db, symbol, 'simulator', weekStart - 1, false, true);
    if (first && first.genRef !== null) return { from: first.openTime / MINUTE_MS, startState: first.genRef };
    return { from: last.openTime / MINUTE_MS + 1, startState: this.state.regenerate(symbol, last).endState };
  }

  /** The state at `to` without making ticks, and the last open minute before it. */
  private async advance(
    symbol: string,
    from: number,
    startState: number,
    to: number,
  ): Promise<{ endState: number; last: CandleRow | undefined }> {
    const p = simParamsOf(symbol);
    const open = openMinutes(SESSIONS[this.state.of(symbol).inst.session], from, to);
    const seed = this.state.seed;
    let s = startState;
    let lastMinute = -1;
    let lastStart = s;
    for (let m = from; m < to; m++) {
      if (open[m - from]) {
        lastMinute = m;
        lastStart = s;
        s = advanceMinute(seed, p, m, s);
      }
      if ((m - from) % (YIELD_EVERY_MINUTES * 10) === YIELD_EVERY_MINUTES * 10 - 1) await yieldToLoop();
    }
    return {
      endState: s,
      last: lastMinute < 0 ? undefined : simRow(symbol, generateMinute(seed, p, lastMinute, lastStart)),
    };
  }

  /** The last history tick is the price until the first live one (a closed market keeps it). */
  private quoteFrom(st: SymbolState, last: CandleRow): void {
    const m = this.state.regenerate(st.inst.symbol, last);
    const time = last.openTime + m.offsets[m.offsets.length - 1]!;
    if (st.quote && (st.quote.tickTime ?? st.quote.time) >= time) return;
    const { bid, ask } = bidAsk(st.inst, last.close);
    st.quote = { price: last.close, bid, ask, time, tickTime: time, source: 'simulator', stale: false };
    this.state.touch();
    this.messages.publishTick(st.inst.symbol);
  }

  /**
   * Pass 2: generates each instrument's history tick by tick with the live generator, so
   * backfilled minutes are as checkable as live ones, and stores it. One instrument at a time:
   * bounded memory, and requests get the database between chunks.
   */
  async store(markDone: boolean): Promise<void> {
    const started = performance.now();
    let generateMs = 0;
    let minutes = 0;
    let ticks = 0;
    const count = this.plans.size;
    for (const plan of [...this.plans.values()]) {
      if (this.state.stopped) return;
      const t0 = performance.now();
      const history = await this.generate(plan);
      if (!history) return;
      generateMs += performance.now() - t0 - history.waitedMs;
      minutes += history.rows.length;
      ticks += history.ticks;
      this.foldIntoLive(this.state.of(plan.symbol), history.rows.map(toAgg));
      this.queueRows(plan.symbol, history.rows);
      await this.queue.idle();
    }
    if (markDone)
      this.queue.enqueue('backfill done', (d) =>
        marketRepo.updateSimState(d, { backfillDoneAt: new Date(this.state.now()) }),
      );
    // Planner statistics for the rows just loaded, as after any bulk load: until autovacuum (or, on
    // PGlite, which has none, the database's own check) gets to it, a restart's lookups of the newest
    // minute chose a sort of all of a symbol's minutes (1–3 s at every start instead of milliseconds).
    this.queue.enqueue('analyze candles', (d) => marketRepo.analyzeCandles(d));
    await this.queue.idle();
    this.stats = {
      symbols: count,
      minutes,
      ticks,
      liveMs: this.liveMs,
      generateMs: Math.round(generateMs),
      totalMs: Math.round(performance.now() - started),
    };
    this.state.ctx.log.info(this.stats, 'market: backfill stored');
  }

  private async generate(plan: Plan): Promise<{ rows: CandleRow[]; ticks: number; waitedMs: number } | undefined> {
    const { symbol, from, liveFrom } = plan;
    const p = simParamsOf(symbol);
    const open = openMinutes(SESSIONS[this.state.of(symbol).inst.session], from, liveFrom);
    const rows: CandleRow[] = [];
    let s = plan.startState;
    let ticks = 0;
    let waitedMs = 0;
    for (let m = from; m < liveFrom; m++) {
      if (open[m - from]) {
        const g = generateMinute(this.state.seed, p, m, s);
        s = g.endState;
        rows.push(simRow(symbol, g));
        ticks += g.prices.length;
      }
      if ((m - from) % YIELD_EVERY_MINUTES === YIELD_EVERY_MINUTES - 1) {
        const w = performance.now();
        await yieldToLoop();
        waitedMs += performance.now() - w;
        if (this.state.stopped) return undefined;
      }
    }
    // Cannot differ (same generator, same inputs); if it ever did, the live series would not continue this history.
    if (s !== plan.endState)
      this.state.ctx.log.error(
        { symbol, generated: s, live: plan.endState },
        'market: backfill does not end where the live series began',
      );
    return { rows, ticks, waitedMs };
  }

  /** Queues the history of one instrument, then the live minutes held back meanwhile. */
  private queueRows(symbol: string, rows: CandleRow[]): void {
    const higher = CANDLE_INTERVALS.filter((i) => i !== '1m').flatMap((interval) =>
      rollUp(rows.map(toAgg), interval).map(
        (a): CandleRow => ({ symbol, interval, ...a, source: 'simulator', genRef: null, genVersion: null }),
      ),
    );
    // An existing row is kept for minutes, replaced for roll-ups: a resumed backfill rolls whole buckets up again.
    for (const [list, replace] of [
      [rows, false],
      [higher, true],
    ] as const) {
      for (let i = 0; i < list.length; i += BACKFILL_CHUNK_ROWS) {
        const chunk = list.slice(i, i + BACKFILL_CHUNK_ROWS);
        this.queue.enqueue(BACKFILL_WRITE, (d) => marketRepo.insertCandles(d, chunk, replace));
      }
    }
    this.plans.delete(symbol);
    this.storage.release(symbol);
    this.waiters.get(symbol)?.resolve();
    this.waiters.delete(symbol);
  }

  /** History goes before what the instrument did live: into the current buckets and the 24 h window. */
  private foldIntoLive(st: SymbolState, history: readonly Agg[]): void {
    const nowMs = this.state.now();
    for (const interval of CANDLE_INTERVALS) {
      if (interval === '1m') continue;
      const [bucket] = rollUp(
        history.filter((a) => a.openTime >= candleOpenTime(interval, nowMs)),
        interval,
      );
      if (!bucket) continue;
      const live = st.book.current.get(interval);
      if (live && live.openTime === bucket.openTime) mergeAgg(bucket, live);
      else if (live && live.openTime > bucket.openTime) continue;
      st.book.seed(interval, bucket);
    }
    mergeHistory(st.stats, history, nowMs);
    st.stats.loading = false;
    this.state.touch();
  }
}

/** Crypto first (always open: its charts are the ones people look at at any hour), then one of each market in turn. */
function liveOrder(symbols: readonly string[]): string[] {
  const markets = ['CRYPTO', ...MARKETS.filter((m) => m !== 'CRYPTO')];
  const queues = markets.map((m) => symbols.filter((s) => instrumentOf(s)?.market === m));
  const out: string[] = [];
  for (let i = 0; out.length < symbols.length; i++) {
    for (const q of queues) if (q[i]) out.push(q[i]!);
    if (queues.every((q) => i >= q.length)) break;
  }
  return out;
}
