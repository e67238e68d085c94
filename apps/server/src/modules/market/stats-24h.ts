/**
 * 24 h statistics of one instrument (open = the price 24 hours ago, high, low, volume): the
 * closed minutes of the last 1,440, plus the live minute when asked.
 */
import { INTERVAL_MS } from '@app/contract';
import type { Agg } from './candles';

const MINUTE_MS = INTERVAL_MS['1m'];
export const WINDOW_MINUTES = 24 * 60;

export interface Stats24h {
  /** Close of the last minute before the window: "the price 24 hours ago". */
  reference: number | undefined;
  minutes: Agg[];
  high: number | undefined;
  low: number | undefined;
  volume: bigint;
  quoteVolume: bigint;
  /** A first start is still storing this instrument's history (backfill.ts): the minutes are only the live ones. */
  loading: boolean;
}

export interface Stats24hView {
  /**
   * The figures cover the whole 24 hours: no history is being stored for the instrument, and a
   * minute from before the window is known, or nothing at all traded in it (a market closed all
   * day: its figures are whole, and empty). False while a first start's history is still being
   * stored (the figures hold only the live minutes) or while the instrument has less than 24 hours
   * of data.
   */
  complete: boolean;
  open: number | undefined;
  high: number | undefined;
  low: number | undefined;
  volume: bigint;
  quoteVolume: bigint;
}

export function newStats(): Stats24h {
  return {
    reference: undefined,
    minutes: [],
    high: undefined,
    low: undefined,
    volume: 0n,
    quoteVolume: 0n,
    loading: false,
  };
}

/** Adds a finished minute (minutes arrive in time order). */
export function addClosedMinute(st: Stats24h, agg: Agg): void {
  st.minutes.push({ ...agg });
  recomputeStats(st, agg.openTime + MINUTE_MS);
}

/** Drops the minutes that left the window at `nowMs` and sums the rest. */
export function recomputeStats(st: Stats24h, nowMs: number): void {
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

/**
 * Merges history minutes (older than every minute already held: a backfill that stored its
 * history after the instrument went live) into the window at `nowMs`.
 */
export function mergeHistory(st: Stats24h, history: readonly Agg[], nowMs: number): void {
  const windowStart = nowMs - WINDOW_MINUTES * MINUTE_MS;
  const byTime = new Map(st.minutes.map((m) => [m.openTime, m]));
  for (const a of history) if (a.openTime >= windowStart && !byTime.has(a.openTime)) byTime.set(a.openTime, a);
  const before = history.filter((a) => a.openTime < windowStart);
  if (before.length) st.reference = before.at(-1)!.close;
  st.minutes = [...byTime.values()].sort((x, y) => x.openTime - y.openTime);
  recomputeStats(st, nowMs);
}

/** The statistics with the live minute (if it is the current or the previous one). */
export function statsWithLive(st: Stats24h, live: Agg | undefined, nowMs: number): Stats24hView {
  const recent = live && live.openTime >= Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - MINUTE_MS ? live : undefined;
  let high = st.high;
  let low = st.low;
  if (recent) {
    if (high === undefined || recent.high > high) high = recent.high;
    if (low === undefined || recent.low < low) low = recent.low;
  }
  const open = st.reference ?? st.minutes[0]?.open ?? recent?.open;
  return {
    complete: !st.loading && (st.reference !== undefined || (st.minutes.length === 0 && recent === undefined)),
    open,
    high,
    low,
    volume: st.volume + (recent?.volume ?? 0n),
    quoteVolume: st.quoteVolume + (recent?.quoteVolume ?? 0n),
  };
}
