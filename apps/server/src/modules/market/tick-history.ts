/**
 * The tick in force at an instant, for settlement (docs/market-data.md "Tick storage"): from
 * stored raw ticks, stored simulator minutes regenerated, the simulator's live minute, and,
 * during the first start's backfill, the minutes not stored yet. Once given, an answer never
 * changes.
 */
import { formatAmount } from '@app/contract';
import { MINUTE_MS, type EngineState, type RecordedTick } from './engine-state';
import type { LiveStorage } from './live-storage';
import { marketRepo, type CandleRow } from './repository';
import { lastTickAtOrBefore, minuteCandle } from './simulator';

interface Found {
  time: number;
  price: number;
  source: string;
}

/** Minutes of an instrument that are not in the database yet (its history is being backfilled). */
export interface UnstoredMinutes {
  /** Oldest first; undefined when everything of `symbol` is stored or queued. */
  rowsOf(symbol: string): readonly CandleRow[] | undefined;
  /** Resolves once the history of `symbol` and its held-back minutes are queued. */
  queued(symbol: string): Promise<void>;
}

export class TickHistory {
  constructor(
    private readonly state: EngineState,
    private readonly storage: LiveStorage,
    private readonly unstored: UnstoredMinutes,
  ) {}

  /**
   * The tick in force at `atMs`: the last one at or before it, from stored data only (raw ticks,
   * or a stored simulator minute regenerated), so the answer never changes once given. A time in
   * the future is answered for now. Null before the instrument's first tick.
   */
  async tickAtOrBefore(symbol: string, atMs: number): Promise<RecordedTick | null> {
    const st = this.state.symbols.get(symbol);
    if (!st) return null;
    const at = Math.min(atMs, this.state.now());
    const found: Found[] = [];
    // The live simulator minute is not stored until it ends; it is regenerated exactly as here.
    const live = this.state.sim?.currentMinute(symbol);
    if (live && live.minute * MINUTE_MS <= at) {
      const i = lastTickAtOrBefore(live, at - live.minute * MINUTE_MS);
      if (i >= 0)
        found.push({ time: live.minute * MINUTE_MS + live.offsets[i]!, price: live.prices[i]!, source: 'simulator' });
    }
    // Everything else is read back from the database, after what is buffered has been written.
    this.storage.flushTicks();
    this.storage.flushMinutes();
    const unstored = this.unstored.rowsOf(symbol);
    if (unstored) {
      // Newer than anything stored of this symbol: an answer here is the answer; an older time
      // waits until the history is queued.
      const tick = this.lastIn(unstored, at);
      if (tick) found.push(tick);
      else await this.unstored.queued(symbol);
    }
    await this.storage.flush();
    const raw = await marketRepo.tickAtOrBefore(this.state.ctx.db, symbol, at);
    if (raw) found.push(raw);
    const stored = await this.storedSimTick(symbol, at);
    if (stored) found.push(stored);
    const best = found.reduce<Found | undefined>((a, b) => (!a || b.time > a.time ? b : a), undefined);
    if (!best) return null;
    return {
      symbol,
      time: best.time,
      price: formatAmount(BigInt(best.price), st.inst.priceDecimals),
      priceUnits: best.price,
      source: best.source,
    };
  }

  private async storedSimTick(symbol: string, at: number): Promise<Found | undefined> {
    const db = this.state.ctx.db;
    const minuteStart = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    let row = await marketRepo.minuteAtOrBefore(db, symbol, 'simulator', minuteStart);
    let tick = row ? this.lastSimTick(row, at) : undefined;
    if (row && !tick) {
      // `at` is before the first tick of that minute: the answer is the previous minute's last tick.
      row = await marketRepo.minuteAtOrBefore(db, symbol, 'simulator', row.openTime, true);
      tick = row ? this.lastSimTick(row, at) : undefined;
    }
    return tick;
  }

  /** The last tick at or before `at` in minutes held in memory (oldest first). */
  private lastIn(rows: readonly CandleRow[], at: number): Found | undefined {
    for (let i = rows.length - 1; i >= 0; i--) {
      const row = rows[i]!;
      if (row.openTime > at) continue;
      const tick = this.lastSimTick(row, at);
      if (tick) return tick;
    }
    return undefined;
  }

  private lastSimTick(row: CandleRow, at: number): Found | undefined {
    const m = this.state.regenerate(row.symbol, row);
    const i = lastTickAtOrBefore(m, at - row.openTime);
    return i < 0 ? undefined : { time: row.openTime + m.offsets[i]!, price: m.prices[i]!, source: 'simulator' };
  }

  /**
   * Regenerates a stored simulator minute and compares it with its candle: the check anyone with
   * the seed can run on a stored minute (docs/market-data.md).
   */
  async verifyMinute(
    symbol: string,
    minuteMs: number,
  ): Promise<{ ok: boolean; stored: CandleRow | undefined; regenerated: ReturnType<typeof minuteCandle> | undefined }> {
    if (this.unstored.rowsOf(symbol)) await this.unstored.queued(symbol);
    await this.storage.flush();
    const stored = await marketRepo.minute(this.state.ctx.db, symbol, minuteMs);
    if (!stored || stored.source !== 'simulator') return { ok: false, stored, regenerated: undefined };
    const regenerated = minuteCandle(this.state.regenerate(symbol, stored));
    const ok =
      regenerated.open === stored.open &&
      regenerated.high === stored.high &&
      regenerated.low === stored.low &&
      regenerated.close === stored.close &&
      regenerated.volume === stored.volume &&
      regenerated.quoteVolume === stored.quoteVolume &&
      regenerated.trades === stored.trades;
    return { ok, stored, regenerated };
  }
}
