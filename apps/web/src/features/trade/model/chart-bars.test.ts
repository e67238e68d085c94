import { describe, expect, it } from 'vitest';
import type { Candle, Contract } from '@app/contract';
import { contractMarks, priceFormatOf, toBar, toVolumeBar } from './chart-bars';

const candle: Candle = {
  openTime: 1_700_000_000_999,
  open: '1.5',
  high: '2',
  low: '1',
  close: '1.75',
  volume: '3.25',
  quoteVolume: '5',
  trades: 2,
};

describe('chart bars', () => {
  it('turns a candle into seconds and numbers', () => {
    expect(toBar(candle)).toEqual({ time: 1_700_000_000, open: 1.5, high: 2, low: 1, close: 1.75 });
  });

  it('makes a volume bar of the base amount, rising when the candle closed at or above its open', () => {
    expect(toVolumeBar(candle)).toEqual({ time: 1_700_000_000, value: 3.25, rising: true });
    expect(toVolumeBar({ ...candle, close: '1.4' }).rising).toBe(false);
  });

  it('steps prices by the instrument decimals', () => {
    expect(priceFormatOf(2)).toEqual({ type: 'price', precision: 2, minMove: 0.01 });
  });
});

describe('contract marks', () => {
  const contract = (id: string, over: Partial<Contract>): Contract =>
    ({
      id,
      typeUser: 'demo',
      symbol: 'BTCUSDT',
      displaySymbol: 'BTC',
      direction: 'up',
      duration: 30,
      stake: '10',
      asset: 'USDT',
      payoutRate: '0.8',
      status: 'open',
      openTime: Date.parse('2026-11-17T13:04:30Z'),
      expiresAt: Date.parse('2026-11-17T13:05:00Z'),
      openTick: { time: Date.parse('2026-11-17T13:04:30Z'), price: '95262.46', source: 'simulator' },
      closeTick: null,
      result: null,
      payout: null,
      profit: null,
      settledAt: null,
      ...over,
    }) as unknown as Contract;

  it('marks open contracts at their open price on the candle of the chart interval they opened in', () => {
    const marks = contractMarks(
      [
        contract('b', { direction: 'down' }),
        contract('a', { openTime: Date.parse('2026-11-17T12:59:59Z') }),
        contract('c', { status: 'settled' }),
      ],
      '5m',
    );
    expect(marks.map((m) => [m.key, m.direction, m.openPrice, m.price, m.candleTime])).toEqual([
      ['a', 'up', '95262.46', 95262.46, Date.parse('2026-11-17T12:55:00Z') / 1000],
      ['b', 'down', '95262.46', 95262.46, Date.parse('2026-11-17T13:00:00Z') / 1000],
    ]);
    expect(marks[1]!.expiresAt).toBe(Date.parse('2026-11-17T13:05:00Z'));
  });
});
