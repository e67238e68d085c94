/**
 * Candle aggregation in integer units. Boundaries are UTC (candleOpenTime in the contract:
 * multiples of the interval since the epoch, weeks from Monday). Everything here is pure, so
 * the aggregation tests can check it against hand-computed values.
 */
import { CANDLE_INTERVALS, candleOpenTime, type CandleInterval } from '@app/contract';

export interface Agg {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Amount units. */
  volume: bigint;
  /** Price units × amount units. */
  quoteVolume: bigint;
  trades: number;
}

export interface PriceTick {
  time: number;
  /** Price units. */
  price: number;
  /** Amount units. */
  amount: number;
}

export function newAgg(openTime: number, t: PriceTick): Agg {
  return {
    openTime,
    open: t.price,
    high: t.price,
    low: t.price,
    close: t.price,
    volume: BigInt(t.amount),
    quoteVolume: BigInt(t.price) * BigInt(t.amount),
    trades: 1,
  };
}

/** Adds a tick to a candle (ticks arrive in time order). */
export function addTick(a: Agg, t: PriceTick): void {
  if (t.price > a.high) a.high = t.price;
  if (t.price < a.low) a.low = t.price;
  a.close = t.price;
  a.volume += BigInt(t.amount);
  a.quoteVolume += BigInt(t.price) * BigInt(t.amount);
  a.trades += 1;
}

/** Merges a later candle into an earlier one of a longer interval. */
export function mergeAgg(into: Agg, later: Omit<Agg, 'openTime'>): void {
  if (later.high > into.high) into.high = later.high;
  if (later.low < into.low) into.low = later.low;
  into.close = later.close;
  into.volume += later.volume;
  into.quoteVolume += later.quoteVolume;
  into.trades += later.trades;
}

/** Candles of one interval from ticks in time order. */
export function aggregateTicks(ticks: readonly PriceTick[], interval: CandleInterval): Agg[] {
  const out: Agg[] = [];
  let cur: Agg | undefined;
  for (const t of ticks) {
    const open = candleOpenTime(interval, t.time);
    if (!cur || cur.openTime !== open) {
      if (cur && open < cur.openTime) throw new Error('ticks out of order');
      cur = newAgg(open, t);
      out.push(cur);
    } else addTick(cur, t);
  }
  return out;
}

/** Candles of a longer interval from shorter ones in time order (1m → 5m ... 1w). */
export function rollUp(candles: readonly Agg[], interval: CandleInterval): Agg[] {
  const out: Agg[] = [];
  let cur: Agg | undefined;
  for (const c of candles) {
    const open = candleOpenTime(interval, c.openTime);
    if (!cur || cur.openTime !== open) {
      cur = { ...c, openTime: open };
      out.push(cur);
    } else mergeAgg(cur, c);
  }
  return out;
}

/**
 * The live candles of one symbol, one per interval: each tick updates all eight. A tick in a
 * new bucket starts that interval's next candle; the caller persists the finished 1m candle.
 */
export class CandleBook {
  readonly current = new Map<CandleInterval, Agg>();
  /** Open time of the newest finished minute: a tick before its end is late. */
  private closedBefore = -Infinity;

  /**
   * A tick older than the live minute (or in a minute already closed) cannot change stored
   * candles, so it is dropped whole: candles, stored ticks and quotes stay consistent.
   */
  isLate(t: PriceTick): boolean {
    const cur = this.current.get('1m');
    return t.time < this.closedBefore || (cur !== undefined && t.time < cur.openTime);
  }

  /** Starts from stored candles of the current buckets (after a restart). */
  seed(interval: CandleInterval, agg: Agg): void {
    this.current.set(interval, { ...agg });
  }

  /** Applies a tick; returns the 1m candle it finished, if it opened a new minute. */
  add(t: PriceTick): Agg | undefined {
    if (this.isLate(t)) return undefined;
    let finished: Agg | undefined;
    for (const interval of CANDLE_INTERVALS) {
      const open = candleOpenTime(interval, t.time);
      const cur = this.current.get(interval);
      if (cur && cur.openTime === open) addTick(cur, t);
      else {
        if (interval === '1m' && cur) {
          finished = cur;
          this.closedBefore = cur.openTime + 60_000;
        }
        this.current.set(interval, newAgg(open, t));
      }
    }
    return finished;
  }

  /** Ends the 1m candle if its minute is over (no tick came in the next minute). */
  closeMinuteIfBefore(minuteStart: number): Agg | undefined {
    const cur = this.current.get('1m');
    if (cur && cur.openTime < minuteStart) {
      this.current.delete('1m');
      this.closedBefore = cur.openTime + 60_000;
      return cur;
    }
    return undefined;
  }
}
