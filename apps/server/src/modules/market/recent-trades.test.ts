import { describe, expect, it } from 'vitest';
import { TradeRing, tickRuleSide } from './recent-trades';

describe('the tick rule', () => {
  it('an uptick buys, a downtick sells, an unchanged price keeps the previous side, the first trade buys', () => {
    expect(tickRuleSide(100, undefined)).toBe('buy');
    expect(tickRuleSide(101, { price: 100, side: 'sell' })).toBe('buy');
    expect(tickRuleSide(99, { price: 100, side: 'buy' })).toBe('sell');
    expect(tickRuleSide(100, { price: 100, side: 'sell' })).toBe('sell');
    expect(tickRuleSide(100, { price: 100, side: 'buy' })).toBe('buy');
  });
});

describe('the trade ring', () => {
  it('numbers trades 1, 2, 3 …, lists the newest first, and keeps only its capacity', () => {
    const ring = new TradeRing(4);
    expect(ring.list()).toEqual([]);
    expect(ring.newest()).toBeUndefined();
    const prices = [100, 101, 101, 99, 99, 102];
    prices.forEach((price, i) => ring.add({ price, amount: i + 1, time: 1000 + i }));
    expect(ring.list().map((t) => [t.id, t.price, t.side])).toEqual([
      [6, 102, 'buy'],
      [5, 99, 'sell'],
      [4, 99, 'sell'],
      [3, 101, 'buy'],
    ]);
    expect(ring.list(2).map((t) => t.id)).toEqual([6, 5]);
    expect(ring.list(10)).toHaveLength(4);
    expect(ring.newest()).toMatchObject({ id: 6, amount: 6, time: 1005 });
  });

  it('takes the side a feed gives; the first trade compares with the price known before it', () => {
    const ring = new TradeRing(3);
    expect(ring.add({ price: 90, amount: 1, time: 1 }, { price: 100, side: 'buy' }).side).toBe('sell');
    expect(ring.add({ price: 95, amount: 1, time: 2, side: 'sell' }).side).toBe('sell');
    // The ring's own newest trade wins over the price known before.
    expect(ring.add({ price: 95, amount: 1, time: 3 }, { price: 200, side: 'buy' }).side).toBe('sell');
  });
});
