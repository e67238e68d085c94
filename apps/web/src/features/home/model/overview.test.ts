import { describe, expect, it } from 'vitest';
import { ticker } from '../../../test-support/ticker';
import { highlights, isExternalLink, OVERVIEW_ROWS, topSpot } from './overview';

describe('home overview', () => {
  it('shows the spot pairs with the largest turnover, at most OVERVIEW_ROWS', () => {
    const list = Array.from({ length: OVERVIEW_ROWS + 2 }, (_, i) =>
      ticker({ symbol: `C${i}`, quoteVolume24h: String(i * 10) }),
    );
    const top = topSpot(list);
    expect(top).toHaveLength(OVERVIEW_ROWS);
    expect(top[0]?.symbol).toBe(`C${OVERVIEW_ROWS + 1}`);
    expect(top.some((t) => t.symbol === 'C0')).toBe(false);
  });

  it('shows the contract highlights present in the list, in the highlights order', () => {
    const list = [ticker({ symbol: 'XAUUSD' }), ticker({ symbol: 'DOGEUSDT' }), ticker({ symbol: 'BTCUSDT' })];
    expect(highlights(list).map((t) => t.symbol)).toEqual(['BTCUSDT', 'XAUUSD']);
  });

  it('opens https banners outside the app and anything else as a route', () => {
    expect(isExternalLink('https://example.com/promo')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(false);
    expect(isExternalLink('/pages/otc/index')).toBe(false);
  });
});
