import { describe, expect, it } from 'vitest';
import type { WsTick } from '@app/contract';
import { appendTicks, type RecentTick } from './recent-ticks';

function tick(time: number, price: string): WsTick {
  return { symbol: 'BTCUSDT', price, bid: price, ask: price, change24h: null, changePercent24h: null, high24h: null, low24h: null, volume24h: '0', quoteVolume24h: '0', time, stale: false };
}

const key = (t: WsTick) => `${t.time}:${t.price}`;

describe('appendTicks', () => {
  it('puts the newest print first, with the direction of each move', () => {
    const out = appendTicks([], [tick(1, '100'), tick(2, '101'), tick(3, '99.5'), tick(4, '99.5')], 30, key);
    expect(out.map((t) => [t.price, t.direction])).toEqual([
      ['99.5', 'down'],
      ['99.5', 'down'],
      ['101', 'up'],
      ['100', null],
    ]);
  });

  it('drops a tick older than the newest print and a repeat of it', () => {
    const first = appendTicks([], [tick(10, '100')], 30, key);
    expect(appendTicks(first, [tick(9, '98'), tick(10, '100')], 30, key)).toBe(first);
  });

  it('keeps the prints already shown as the same objects, and no more than `keep`', () => {
    const first = appendTicks([], [tick(1, '1'), tick(2, '2'), tick(3, '3')], 4, key);
    const next = appendTicks(first, [tick(4, '4'), tick(5, '5')], 4, key);
    expect(next.map((t: RecentTick) => t.price)).toEqual(['5', '4', '3', '2']);
    expect(next[2]).toBe(first[0]);
    expect(next[3]).toBe(first[1]);
  });
});
