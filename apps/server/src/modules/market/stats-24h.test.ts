import { describe, expect, it } from 'vitest';
import { INTERVAL_MS } from '@app/contract';
import type { Agg } from './candles';
import { addClosedMinute, mergeHistory, newStats, statsWithLive, WINDOW_MINUTES } from './stats-24h';

const MIN = INTERVAL_MS['1m'];
const NOW = Date.parse('2026-11-18T15:00:30Z');
const minuteAt = (openTime: number, close: number, volume = 1n): Agg => ({
  openTime,
  open: close,
  high: close,
  low: close,
  close,
  volume,
  quoteVolume: volume * BigInt(close),
  trades: 1,
});

/** Whether the 24 h figures are whole (Ticker.complete24h): the web shows "loading history" until they are. */
describe('24 h statistics: complete', () => {
  const thisMinute = Math.floor(NOW / MIN) * MIN;

  it('are not while only live minutes are known (a first start before its history is stored)', () => {
    const st = newStats();
    for (let m = 5; m >= 1; m--) addClosedMinute(st, minuteAt(thisMinute - m * MIN, 100 + m));
    const view = statsWithLive(st, minuteAt(thisMinute, 100), NOW);
    expect(view.complete).toBe(false);
    // What there is is still summed, so the figures can be shown as soon as they are whole.
    expect(view.volume).toBe(6n);
  });

  it('are once the stored history reaches back past the window', () => {
    const st = newStats();
    for (let m = 5; m >= 1; m--) addClosedMinute(st, minuteAt(thisMinute - m * MIN, 100 + m));
    const history = [
      minuteAt(thisMinute - (WINDOW_MINUTES + 2) * MIN, 90),
      minuteAt(thisMinute - (WINDOW_MINUTES + 1) * MIN, 91),
      minuteAt(thisMinute - 10 * MIN, 95, 7n),
    ];
    mergeHistory(st, history, NOW);
    const view = statsWithLive(st, undefined, NOW);
    expect(view).toMatchObject({ complete: true, open: 91 });
    expect(view.volume).toBe(12n);
  });

  it('are not while the history is being stored, even with a minute from before the window', () => {
    const st = newStats();
    st.reference = 90;
    st.loading = true;
    expect(statsWithLive(st, undefined, NOW).complete).toBe(false);
    st.loading = false;
    expect(statsWithLive(st, undefined, NOW).complete).toBe(true);
  });

  it('are when nothing traded in the window and nothing is loading (a market closed all day): whole, and empty', () => {
    const st = newStats();
    expect(statsWithLive(st, undefined, NOW)).toMatchObject({ complete: true, volume: 0n, open: undefined });
    // A live minute without anything before it is not a whole day.
    expect(statsWithLive(st, minuteAt(thisMinute, 100), NOW).complete).toBe(false);
  });

  it('are once 24 hours of live minutes have passed, with no history at all', () => {
    const st = newStats();
    const start = thisMinute - (WINDOW_MINUTES + 1) * MIN;
    addClosedMinute(st, minuteAt(start, 50));
    expect(statsWithLive(st, undefined, start + MIN).complete).toBe(false);
    addClosedMinute(st, minuteAt(thisMinute - MIN, 60));
    expect(statsWithLive(st, undefined, NOW)).toMatchObject({ complete: true, open: 50 });
  });
});
