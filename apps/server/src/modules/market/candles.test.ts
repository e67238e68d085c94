import { describe, expect, it } from 'vitest';
import { candleOpenTime } from '@app/contract';
import { CandleBook, aggregateTicks, rollUp, type PriceTick } from './candles';

const T = (iso: string) => Date.parse(iso);
const tick = (iso: string, price: number, amount = 1): PriceTick => ({ time: T(iso), price, amount });

describe('candle boundaries', () => {
  it('are UTC multiples of the interval, and weeks start on Monday 00:00 UTC', () => {
    const at = T('2026-11-19T13:47:31.250Z'); // a Thursday
    expect(new Date(candleOpenTime('1m', at)).toISOString()).toBe('2026-11-19T13:47:00.000Z');
    expect(new Date(candleOpenTime('5m', at)).toISOString()).toBe('2026-11-19T13:45:00.000Z');
    expect(new Date(candleOpenTime('15m', at)).toISOString()).toBe('2026-11-19T13:45:00.000Z');
    expect(new Date(candleOpenTime('30m', at)).toISOString()).toBe('2026-11-19T13:30:00.000Z');
    expect(new Date(candleOpenTime('1h', at)).toISOString()).toBe('2026-11-19T13:00:00.000Z');
    expect(new Date(candleOpenTime('4h', at)).toISOString()).toBe('2026-11-19T12:00:00.000Z');
    expect(new Date(candleOpenTime('1d', at)).toISOString()).toBe('2026-11-19T00:00:00.000Z');
    expect(new Date(candleOpenTime('1w', at)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    // Sunday 23:59:59.999 belongs to the week that began the Monday before; Monday 00:00 starts a new one.
    expect(new Date(candleOpenTime('1w', T('2026-11-22T23:59:59.999Z'))).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(new Date(candleOpenTime('1w', T('2026-11-23T00:00:00.000Z'))).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(new Date(candleOpenTime('1w', T('1970-01-01T00:00:00.000Z'))).toISOString()).toBe(
      '1969-12-29T00:00:00.000Z',
    );
  });
});

describe('aggregation', () => {
  // Prices in units, amounts in units; values chosen so every total can be checked by hand.
  const ticks = [
    tick('2026-11-19T13:58:10Z', 100, 2), // minute 13:58
    tick('2026-11-19T13:58:40Z', 104, 1),
    tick('2026-11-19T13:58:59.999Z', 99, 3),
    tick('2026-11-19T13:59:00Z', 101, 1), // minute 13:59
    tick('2026-11-19T14:00:00Z', 110, 5), // minute 14:00, next hour and next 5m
    tick('2026-11-19T14:04:59Z', 95, 2),
    tick('2026-11-19T14:05:00Z', 97, 1), // next 5m
  ];

  it('makes 1m candles: open first, close last, high, low, volume, price×amount, trades', () => {
    const m = aggregateTicks(ticks, '1m');
    expect(
      m.map((c) => [
        new Date(c.openTime).toISOString().slice(11, 16),
        c.open,
        c.high,
        c.low,
        c.close,
        c.volume,
        c.quoteVolume,
        c.trades,
      ]),
    ).toEqual([
      ['13:58', 100, 104, 99, 99, 6n, 100n * 2n + 104n + 99n * 3n, 3],
      ['13:59', 101, 101, 101, 101, 1n, 101n, 1],
      ['14:00', 110, 110, 110, 110, 5n, 550n, 1],
      ['14:04', 95, 95, 95, 95, 2n, 190n, 1],
      ['14:05', 97, 97, 97, 97, 1n, 97n, 1],
    ]);
  });

  it('makes 5m and 1h candles from ticks, and the same from 1m candles rolled up', () => {
    const five = aggregateTicks(ticks, '5m');
    expect(
      five.map((c) => [
        new Date(c.openTime).toISOString().slice(11, 16),
        c.open,
        c.high,
        c.low,
        c.close,
        c.volume,
        c.quoteVolume,
        c.trades,
      ]),
    ).toEqual([
      ['13:55', 100, 104, 99, 101, 7n, 601n + 101n, 4],
      ['14:00', 110, 110, 95, 95, 7n, 740n, 2],
      ['14:05', 97, 97, 97, 97, 1n, 97n, 1],
    ]);
    const hour = aggregateTicks(ticks, '1h');
    expect(hour.map((c) => [c.open, c.high, c.low, c.close, c.volume, c.trades])).toEqual([
      [100, 104, 99, 101, 7n, 4],
      [110, 110, 95, 97, 8n, 3],
    ]);
    const minutes = aggregateTicks(ticks, '1m');
    for (const interval of ['5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const) {
      expect(rollUp(minutes, interval), interval).toEqual(aggregateTicks(ticks, interval));
    }
    expect(aggregateTicks(ticks, '1d')).toEqual([
      {
        openTime: T('2026-11-19T00:00:00Z'),
        open: 100,
        high: 110,
        low: 95,
        close: 97,
        volume: 15n,
        quoteVolume: 601n + 101n + 740n + 97n,
        trades: 7,
      },
    ]);
  });

  it('refuses ticks out of order', () => {
    expect(() => aggregateTicks([tick('2026-11-19T14:00:00Z', 1), tick('2026-11-19T13:00:00Z', 1)], '1m')).toThrow(
      /order/,
    );
  });

  it('keeps the live candle of every interval and hands back each finished minute', () => {
    const book = new CandleBook();
    const finished = ticks.map((t) => book.add(t)).filter(Boolean);
    expect(finished.map((c) => [c!.open, c!.close, c!.trades])).toEqual([
      [100, 99, 3],
      [101, 101, 1],
      [110, 110, 1],
      [95, 95, 1],
    ]);
    expect(book.current.get('1h')).toMatchObject({
      openTime: T('2026-11-19T14:00:00Z'),
      open: 110,
      high: 110,
      low: 95,
      close: 97,
      volume: 8n,
      trades: 3,
    });
    expect(book.current.get('1w')).toMatchObject({
      openTime: T('2026-11-16T00:00:00Z'),
      open: 100,
      close: 97,
      trades: 7,
    });
    // A late tick (before the live minute) is dropped whole: no interval changes.
    const before = structuredClone([...book.current]);
    expect(book.isLate(tick('2026-11-19T14:04:00Z', 1))).toBe(true);
    expect(book.add(tick('2026-11-19T14:04:00Z', 1))).toBeUndefined();
    expect([...book.current]).toEqual(before);
    expect(book.closeMinuteIfBefore(T('2026-11-19T14:06:00Z'))).toMatchObject({ open: 97, close: 97 });
    expect(book.current.get('1m')).toBeUndefined();
    expect(book.isLate(tick('2026-11-19T14:05:59Z', 1))).toBe(true);
    expect(book.isLate(tick('2026-11-19T14:06:00Z', 1))).toBe(false);
  });
});
