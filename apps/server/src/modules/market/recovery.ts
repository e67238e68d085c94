/**
 * What a start reads back (docs/market-data.md): the 24 h statistics and live buckets from stored
 * candles, the last price of every instrument, the simulator minute a crash interrupted, and a
 * real feed's last minutes rebuilt from its stored ticks.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CANDLE_INTERVALS, candleOpenTime } from '@app/contract';
import { addTick, mergeAgg, newAgg, type Agg } from './candles';
import { FAR_FUTURE_MS, MINUTE_MS, minuteAgg, simRow, toAgg, type EngineState } from './engine-state';
import { bidAsk } from './pricing';
import { marketRepo, type CandleRow } from './repository';
import { isOpen, SESSIONS } from './sessions';
import { generateMinute, simParamsOf } from './simulator';
import { addClosedMinute, recomputeStats, WINDOW_MINUTES } from './stats-24h';
import type { TickHistory } from './tick-history';
import type { WriteQueue } from './write-queue';

/** After a restart, a real feed's candles are rebuilt from stored ticks this far back at most. */
const RECOVER_REAL_MINUTES = 10;
const RECOVER_MAX_TICKS = 200_000;

export class Recovery {
  constructor(
    private readonly state: EngineState,
    private readonly queue: WriteQueue,
    private readonly ticks: TickHistory,
  ) {}

  /** 24 h statistics and live buckets from stored candles (a restart; a new install has none). */
  async loadHistory(now: number): Promise<void> {
    const db = this.state.ctx.db;
    const symbols = this.state.symbols;
    const currentMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const windowStart = currentMinute - WINDOW_MINUTES * MINUTE_MS;
    const all = [...symbols.keys()];
    for (const row of await marketRepo.lastMinutesBefore(db, all, windowStart))
      this.state.of(row.symbol).stats.reference = row.close;
    for (const [symbol, minutes] of await marketRepo.minuteAggsSince(db, all, windowStart)) {
      this.state.of(symbol).stats.minutes.push(...minutes.filter((m) => m.openTime < currentMinute));
    }
    for (const st of symbols.values()) recomputeStats(st.stats, now);
    const keys = all.flatMap((symbol) =>
      CANDLE_INTERVALS.filter((i) => i !== '1m').map((interval) => ({
        symbol,
        interval,
        openTime: candleOpenTime(interval, now),
      })),
    );
    for (const row of await marketRepo.candlesAt(db, keys))
      symbols.get(row.symbol)?.book.seed(row.interval, toAgg(row));
  }

  /** The last tick of every instrument (a closed market still shows its last price). */
  async loadLatestQuotes(now: number): Promise<void> {
    for (const st of this.state.symbols.values()) {
      if (st.quote) continue;
      // A few queries per instrument: requests get the event loop between instruments (see MarketEngine.start).
      await yieldToLoop();
      const t = await this.ticks.tickAtOrBefore(st.inst.symbol, now);
      if (!t) continue;
      const { bid, ask } = bidAsk(st.inst, t.priceUnits);
      st.quote = {
        price: t.priceUnits,
        bid,
        ask,
        time: t.time,
        tickTime: t.time,
        source: t.source,
        stale: st.source?.name === 'binance',
      };
    }
  }

  /**
   * Resumes each simulated instrument with stored history from its last stored minute. The
   * minute the engine was in when it stopped was broadcast in part: it is stored whole, so every
   * tick a client saw can be regenerated. Returns the instruments without history (backfill).
   */
  async resumeSimulator(now: number, backfillDone: boolean, liveMinuteBefore: number | undefined): Promise<string[]> {
    const sim = this.state.sim;
    if (!sim) return [];
    const currentMinute = Math.floor(now / MINUTE_MS);
    const symbols = [...sim.symbols];
    const lastRows = new Map(
      (await marketRepo.lastMinutesBefore(this.state.ctx.db, symbols, FAR_FUTURE_MS, 'simulator')).map((r) => [
        r.symbol,
        r,
      ]),
    );
    const needBackfill: string[] = [];
    const recovered: CandleRow[] = [];
    for (const symbol of symbols) {
      const last = lastRows.get(symbol);
      if (!last || !backfillDone) {
        needBackfill.push(symbol);
        continue;
      }
      let endState = this.state.regenerate(symbol, last).endState;
      const lastMinute = last.openTime / MINUTE_MS;
      if (
        liveMinuteBefore !== undefined &&
        liveMinuteBefore > lastMinute &&
        liveMinuteBefore < currentMinute &&
        isOpen(SESSIONS[this.state.of(symbol).inst.session], liveMinuteBefore * MINUTE_MS)
      ) {
        const m = generateMinute(this.state.seed, simParamsOf(symbol), liveMinuteBefore, endState);
        recovered.push(simRow(symbol, m));
        addClosedMinute(this.state.of(symbol).stats, minuteAgg(m));
        this.mergeIntoBook(symbol, minuteAgg(m), now);
        endState = m.endState;
      }
      sim.resume(symbol, endState, currentMinute);
    }
    if (recovered.length) this.queue.enqueue('recover minute', (d) => marketRepo.closeMinutes(d, recovered));
    return needBackfill;
  }

  /**
   * A real feed's minutes that ended while the engine was down (or were in progress at a crash)
   * have their ticks stored but no candle: build them from the ticks, and put the current
   * minute's stored ticks back into the live candles. Only the last few minutes can be missing.
   */
  async recoverRealSymbol(symbol: string, source: string, now: number): Promise<void> {
    const st = this.state.of(symbol);
    const db = this.state.ctx.db;
    const current = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const last = await marketRepo.minuteAtOrBefore(db, symbol, source, current, true);
    const from = Math.max(last ? last.openTime + MINUTE_MS : 0, current - RECOVER_REAL_MINUTES * MINUTE_MS);
    const ticks = await marketRepo.ticksBetween(db, symbol, from, now + 1, RECOVER_MAX_TICKS);
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
      addClosedMinute(st.stats, toAgg(r));
      this.mergeIntoBook(symbol, toAgg(r), now);
    }
    if (rows.length) this.queue.enqueue('recover real minute', (d) => marketRepo.closeMinutes(d, rows));
  }

  /** Adds a stored-but-not-live minute to the live buckets it belongs to. */
  private mergeIntoBook(symbol: string, agg: Agg, nowMs: number): void {
    const book = this.state.of(symbol).book;
    for (const interval of CANDLE_INTERVALS) {
      if (interval === '1m' || candleOpenTime(interval, agg.openTime) !== candleOpenTime(interval, nowMs)) continue;
      const cur = book.current.get(interval);
      if (cur) mergeAgg(cur, agg);
      else book.seed(interval, { ...agg, openTime: candleOpenTime(interval, nowMs) });
    }
  }
}
