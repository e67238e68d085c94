import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { API, type Ticker, type WsTick } from '@app/contract';
import { tickersByTypeQuery } from '../../../lib/api/get-tickers-by-type';
import { api, FakeWebSocket } from '../../../test/network';
import { queryClient, renderWithProviders } from '../../../test/render';
import { ticker } from '../../../test-support/ticker';
import { MarketsPanel } from './markets-panel';

const crypto = (symbol: string, priceDecimals: number, over: Partial<Ticker>) =>
  ticker({ symbol, displaySymbol: symbol.replace(/USDT$/, ''), priceDecimals, ...over });

/** The dashboard's markets table on its crypto group, the snapshot already in the cache. */
function showMarkets(tickers: Ticker[]) {
  queryClient.setQueryData(tickersByTypeQuery('CRYPTO').queryKey, tickers);
  return renderWithProviders(<MarketsPanel selected="BTCUSDT" />, {
    route: '/pages/desktop/dashboard/index?symbol=BTCUSDT',
  });
}

/** A row's price and 24 h change cells as shown. */
function row(symbol: string) {
  const tr = screen.getByRole('table', { name: 'Crypto' }).querySelector<HTMLElement>(`tr[data-symbol="${symbol}"]`);
  if (!tr) throw new Error(`no row for ${symbol}`);
  return {
    price: within(tr).getByTestId('dash-ticker-price').textContent,
    change: within(tr).getByTestId('dash-ticker-change').textContent,
  };
}

afterEach(() => window.sessionStorage.clear());

describe('the dashboard markets table', () => {
  it('shows each price with its instrument’s decimals and the 24 h change with two, truncated', () => {
    showMarkets([
      crypto('BTCUSDT', 2, { price: '67321.129', changePercent24h: '1.259' }),
      crypto('XRPUSDT', 4, { price: '2.19999', changePercent24h: '-0.305' }),
      crypto('BTMUSDT', 10, { price: '0.0030123456789', changePercent24h: '0' }),
      crypto('HTUSDT', 10, { price: null, changePercent24h: null }),
    ]);
    expect(row('BTCUSDT')).toEqual({ price: '67,321.12', change: '+1.25%' });
    expect(row('XRPUSDT')).toEqual({ price: '2.1999', change: '-0.30%' });
    expect(row('BTMUSDT')).toEqual({ price: '0.00301234', change: '0.00%' });
    expect(row('HTUSDT')).toEqual({ price: '--', change: '--' });
  });

  it('tags an instrument whose session is closed', () => {
    showMarkets([crypto('BTCUSDT', 2, { price: '1' }), crypto('HTUSDT', 2, { price: null, open: false })]);
    const tr = (symbol: string) =>
      screen
        .getByRole('table', { name: 'Crypto' })
        .querySelector<HTMLElement>(`tr[data-symbol="${symbol}"]`) as HTMLElement;
    expect(within(tr('HTUSDT')).getByTestId('dash-ticker-closed').textContent).toBe('Closed');
    expect(within(tr('HTUSDT')).getByRole('link').textContent).toContain('Closed');
    expect(within(tr('BTCUSDT')).queryByTestId('dash-ticker-closed')).toBeNull();
  });

  it('keeps the prices live from the feed, with the same decimals', async () => {
    showMarkets([crypto('BTCUSDT', 2, { price: '67321.12', changePercent24h: '1.00' })]);
    const tick: WsTick = {
      symbol: 'BTCUSDT',
      price: '67300.019',
      bid: '67300',
      ask: '67301',
      change24h: '-21.1',
      changePercent24h: '-0.0313',
      high24h: null,
      low24h: null,
      volume24h: '0',
      quoteVolume24h: '0',
      time: Date.now(),
      stale: false,
      complete24h: true,
    };
    await waitFor(() =>
      expect(
        FakeWebSocket.opened.some((s) => s.sent.some((m) => JSON.stringify(m).includes('"channel":"general"'))),
      ).toBe(true),
    );
    FakeWebSocket.broadcast({ eventType: 'ticker', data: tick });
    await waitFor(() => expect(row('BTCUSDT')).toEqual({ price: '67,300.01', change: '-0.03%' }));
  });

  it('searches every market whatever the group, as the phone does: "gold", "eur" and "apple" under Crypto', async () => {
    const gold = ticker({ symbol: 'XAUUSD', displaySymbol: 'XAU/USD', market: 'CFD', name: 'Gold', price: '2650.10' });
    const eur = ticker({ symbol: 'EURUSD', displaySymbol: 'EUR/USD', market: 'FOREX', name: 'Euro / US Dollar' });
    const apple = ticker({ symbol: 'AAPLUSD', displaySymbol: 'AAPL', market: 'STOCK', name: 'Apple' });
    const found: Record<string, Ticker[]> = { gold: [gold], eur: [eur], apple: [apple], nope: [] };
    api.get(API.market.search, (r: { query: Record<string, string> }) => found[r.query.q ?? ''] ?? []);
    const { user } = showMarkets([crypto('BTCUSDT', 2, { price: '1', name: 'Bitcoin' })]);
    const box = screen.getByRole('searchbox', { name: 'Search markets' });
    for (const [q, symbol, market] of [
      ['gold', 'XAUUSD', 'CFD'],
      ['eur', 'EURUSD', 'Forex'],
      ['apple', 'AAPLUSD', 'Stocks'],
    ] as const) {
      await user.clear(box);
      await user.type(box, q);
      const table = await screen.findByRole('table', { name: 'Results: 1' });
      await waitFor(() =>
        expect(
          within(table)
            .getAllByRole('row')
            .map((r) => r.dataset.symbol)
            .filter(Boolean),
        ).toEqual([symbol]),
      );
      // Under the name of its market.
      expect(within(table).getByRole('rowheader', { name: market })).toBeTruthy();
    }
    expect(api.sent('GET', API.market.search).map((r) => r.query.q)).toEqual(['gold', 'eur', 'apple']);
    await user.clear(box);
    await user.type(box, 'nope');
    expect(await screen.findByText('Nothing matches “nope”')).toBeTruthy();
    // An empty search shows the group again.
    await user.clear(box);
    expect(await screen.findByRole('table', { name: 'Crypto' })).toBeTruthy();
  });

  it('says "Loading history" instead of a 24 h change that is not whole yet', () => {
    showMarkets([
      crypto('BTCUSDT', 2, { price: '1', changePercent24h: '-6.96', complete24h: false }),
      crypto('ETHUSDT', 2, { price: '1', changePercent24h: '0.50' }),
    ]);
    expect(screen.getByTestId('dash-history-loading').textContent).toBe(
      'Loading history: the 24 h change and volume follow',
    );
    expect(row('BTCUSDT').change).toBe('--Loading history');
    expect(row('ETHUSDT').change).toBe('+0.50%');
  });

  it('keeps the group chosen last when the panel comes back', async () => {
    queryClient.setQueryData(tickersByTypeQuery('FOREX').queryKey, [
      ticker({ symbol: 'EURUSD', displaySymbol: 'EUR/USD', market: 'FOREX', price: '1.1' }),
    ]);
    const first = showMarkets([crypto('BTCUSDT', 2, { price: '1' })]);
    await first.user.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(await screen.findByRole('table', { name: 'Forex' })).toBeTruthy();
    first.unmount();
    showMarkets([crypto('BTCUSDT', 2, { price: '1' })]);
    expect(screen.getByRole('tab', { name: 'Forex' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Forex' })).toBeTruthy();
  });
});
