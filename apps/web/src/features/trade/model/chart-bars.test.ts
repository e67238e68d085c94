import { describe, expect, it } from 'vitest';
import type { Candle } from '@app/contract';
import { priceFormatOf, toBar } from './chart-bars';

describe('chart bars', () => {
  it('turns a candle into seconds and numbers', () => {
    const candle: Candle = { openTime: 1_700_000_000_999, open: '1.5', high: '2', low: '1', close: '1.75', volume: '3', quoteVolume: '5', trades: 2 };
    expect(toBar(candle)).toEqual({ time: 1_700_000_000, open: 1.5, high: 2, low: 1, close: 1.75 });
  });

  it('steps prices by the instrument decimals', () => {
    expect(priceFormatOf(2)).toEqual({ type: 'price', precision: 2, minMove: 0.01 });
  });
});
