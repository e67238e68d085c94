import { describe, expect, it } from 'vitest';
import { ticker } from '../../../test-support/ticker';
import { keepOrder, nextSort, sortTickers } from './sort-tickers';

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

  it('sorts the figures of an instrument still loading its 24 h history last, as unknown', () => {
    const loading = [
      ...LIST,
      ticker({ symbol: 'XRPUSDT', displaySymbol: 'XRP/USDT', changePercent24h: '-9.00', complete24h: false }),
    ];
    expect(symbols(sortTickers(loading, { key: 'change', order: 'asc' }))).toEqual([
      'ETHUSDT',
      'ADAUSDT',
      'BTCUSDT',
      'NEWUSDT',
      'XRPUSDT',
    ]);
  });

  it('sorts what it is given: live values re-sorted give the order of the moment (BTC -0.69 % after SUSHI -4.11 %)', () => {
    const before = [
      ticker({ symbol: 'BTCUSDT', changePercent24h: '-0.69' }),
      ticker({ symbol: 'SUSHIUSDT', changePercent24h: '-0.20' }),
    ];
    expect(symbols(sortTickers(before, { key: 'change', order: 'asc' }))).toEqual(['BTCUSDT', 'SUSHIUSDT']);
    const moved = [before[0]!, { ...before[1]!, changePercent24h: '-4.11' }];
    expect(symbols(sortTickers(moved, { key: 'change', order: 'asc' }))).toEqual(['SUSHIUSDT', 'BTCUSDT']);
  });
});

describe('keepOrder', () => {
  it('puts a list in a given order of symbols, the unknown ones after in their own order', () => {
    expect(symbols(keepOrder(LIST, ['NEWUSDT', 'ADAUSDT', 'ETHUSDT', 'BTCUSDT']))).toEqual([
      'NEWUSDT',
      'ADAUSDT',
      'ETHUSDT',
      'BTCUSDT',
    ]);
    expect(symbols(keepOrder(LIST, ['BTCUSDT', 'GONEUSDT']))).toEqual(['BTCUSDT', 'ETHUSDT', 'NEWUSDT', 'ADAUSDT']);
  });
});
