import { describe, expect, it } from 'vitest';
import { MARKETS } from '@app/contract';
import { ticker } from '../../../test-support/ticker';
import { groupByMarket, parseQuoteTab } from './quote-view';

describe('parseQuoteTab', () => {
  it('accepts favourites and every market, and falls back on CRYPTO', () => {
    expect(parseQuoteTab('favorites')).toBe('favorites');
    for (const market of MARKETS) expect(parseQuoteTab(market)).toBe(market);
    expect(parseQuoteTab('crypto')).toBe('CRYPTO');
    expect(parseQuoteTab(null)).toBe('CRYPTO');
  });

  it('without a tab in the URL, takes the one chosen last in the session (coming back from the tab bar)', () => {
    expect(parseQuoteTab(null, 'FOREX')).toBe('FOREX');
    expect(parseQuoteTab('crypto', 'favorites')).toBe('favorites');
    // The URL wins: a link or the way back from a chart names its tab.
    expect(parseQuoteTab('STOCK', 'FOREX')).toBe('STOCK');
  });
});

describe('groupByMarket', () => {
  it('groups in the markets order, keeps order within a group and drops empty markets', () => {
    const first = MARKETS[0];
    const last = MARKETS[MARKETS.length - 1];
    if (!first || !last || first === last) throw new Error('the test needs two markets');
    const groups = groupByMarket([
      ticker({ symbol: 'B', market: last }),
      ticker({ symbol: 'A1', market: first }),
      ticker({ symbol: 'A2', market: first }),
    ]);
    expect(groups.map((g) => [g.market, g.tickers.map((t) => t.symbol)])).toEqual([
      [first, ['A1', 'A2']],
      [last, ['B']],
    ]);
  });
});
