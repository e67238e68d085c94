import { describe, expect, it } from 'vitest';
import { ticker } from '../../../test-support/ticker';
import { nextSort, sortTickers } from './sort-tickers';

const LIST = [
  ticker({ symbol: 'ETHUSDT', displaySymbol: 'ETH/USDT', changePercent24h: '-1.25', quoteVolume24h: '500' }),
  ticker({ symbol: 'BTCUSDT', displaySymbol: 'BTC/USDT', changePercent24h: '2.50', quoteVolume24h: '900' }),
  ticker({ symbol: 'NEWUSDT', displaySymbol: 'NEW/USDT', changePercent24h: null, quoteVolume24h: '10' }),
  ticker({ symbol: 'ADAUSDT', displaySymbol: 'ADA/USDT', changePercent24h: '0.10', quoteVolume24h: '100' }),
];
const symbols = (list: readonly { symbol: string }[]) => list.map((t) => t.symbol);

describe('nextSort', () => {
  it('starts names A→Z and numbers biggest first, and reverses on a second tap', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort(null, 'change')).toEqual({ key: 'change', order: 'desc' });
    expect(nextSort({ key: 'change', order: 'desc' }, 'change')).toEqual({ key: 'change', order: 'asc' });
    expect(nextSort({ key: 'change', order: 'asc' }, 'volume')).toEqual({ key: 'volume', order: 'desc' });
  });
});

describe('sortTickers', () => {
  it('keeps the catalogue order without a sort, as a copy', () => {
    const sorted = sortTickers(LIST, null);
    expect(symbols(sorted)).toEqual(symbols(LIST));
    expect(sorted).not.toBe(LIST);
  });

  it('sorts by display name', () => {
    expect(symbols(sortTickers(LIST, { key: 'name', order: 'asc' }))).toEqual([
      'ADAUSDT',
      'BTCUSDT',
      'ETHUSDT',
      'NEWUSDT',
    ]);
    expect(symbols(sortTickers(LIST, { key: 'name', order: 'desc' }))).toEqual([
      'NEWUSDT',
      'ETHUSDT',
      'BTCUSDT',
      'ADAUSDT',
    ]);
  });

  it('sorts by change with instruments lacking one last in either order', () => {
    expect(symbols(sortTickers(LIST, { key: 'change', order: 'desc' }))).toEqual([
      'BTCUSDT',
      'ADAUSDT',
      'ETHUSDT',
      'NEWUSDT',
    ]);
    expect(symbols(sortTickers(LIST, { key: 'change', order: 'asc' }))).toEqual([
      'ETHUSDT',
      'ADAUSDT',
      'BTCUSDT',
      'NEWUSDT',
    ]);
  });

  it('sorts by quote volume', () => {
    expect(symbols(sortTickers(LIST, { key: 'volume', order: 'desc' }))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'ADAUSDT',
      'NEWUSDT',
    ]);
  });
});
