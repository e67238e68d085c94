import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Ticker, WsTick } from '@app/contract';
import { tickersByTypeQuery } from '../../../lib/api/get-tickers-by-type';
import { FakeWebSocket } from '../../../test/network';
import { queryClient, renderWithProviders } from '../../../test/render';
import { ticker } from '../../../test-support/ticker';
import { RankingDeskPage } from './desktop/ranking-desk-page';
import { RankingPage } from './ranking-page';
import '../strings';

const crypto = (symbol: string, change: string | null, volume = '0') =>
  ticker({
    symbol,
    displaySymbol: symbol.replace(/USDT$/, ''),
    price: '1',
    changePercent24h: change,
    quoteVolume24h: volume,
  });

const TICKERS: Ticker[] = [
  crypto('BTCUSDT', '-0.69', '350600000'),
  crypto('SUSHIUSDT', '-4.11', '1000'),
  crypto('ETHUSDT', '2.50', '180164'),
  crypto('DOGEUSDT', '12.01', '0'),
  crypto('XRPUSDT', null, '99'),
];

/** The symbols a ranking's list shows, top first. */
function shown(ranking: string): string[] {
  const box = screen.getByTestId(`ranking-${ranking}`);
  return [...box.querySelectorAll<HTMLElement>('[data-symbol]')].map((el) => el.dataset.symbol ?? '');
}

function showCrypto(ui = <RankingPage />, route = '/pages/home/ranking') {
  queryClient.setQueryData(tickersByTypeQuery('CRYPTO').queryKey, TICKERS);
  return renderWithProviders(ui, { route });
}

describe('the Rise and Drop Ranking page', () => {
  it('lists the gainers biggest rise first, then on its tab the losers biggest fall first', async () => {
    const { user } = showCrypto();
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(shown('gainers')).toEqual(['DOGEUSDT', 'ETHUSDT']);
    await user.click(screen.getByRole('tab', { name: 'Losers' }));
    expect(shown('losers')).toEqual(['SUSHIUSDT', 'BTCUSDT']);
    await user.click(screen.getByRole('tab', { name: 'Volume leaders' }));
    // 24 h turnover in the quote currency; DOGE has not traded.
    expect(shown('volume')).toEqual(['BTCUSDT', 'ETHUSDT', 'SUSHIUSDT', 'XRPUSDT']);
  });

  it('ranks again as live ticks move the figures', async () => {
    showCrypto();
    await waitFor(() =>
      expect(
        FakeWebSocket.opened.some((s) => s.sent.some((m) => JSON.stringify(m).includes('"channel":"general"'))),
      ).toBe(true),
    );
    const tick: WsTick = {
      symbol: 'BTCUSDT',
      price: '70000',
      bid: '69999',
      ask: '70001',
      change24h: '9000',
      changePercent24h: '15.00',
      high24h: null,
      low24h: null,
      volume24h: '0',
      quoteVolume24h: '350600000',
      time: Date.now(),
      stale: false,
      complete24h: true,
    };
    FakeWebSocket.broadcast({ eventType: 'ticker', data: tick });
    await waitFor(() => expect(shown('gainers')).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHUSDT']));
  });

  it('says so when a ranking is empty, and keeps the group and ranking in the address', async () => {
    queryClient.setQueryData(tickersByTypeQuery('FOREX').queryKey, [
      ticker({ symbol: 'EURUSD', market: 'FOREX', price: '1.1', changePercent24h: '0.10', quoteVolume24h: '5' }),
    ]);
    renderWithProviders(<RankingPage />, { route: '/pages/home/ranking?market=FOREX&list=losers' });
    expect(screen.getByRole('tab', { name: 'Forex' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('ranking-empty-losers').textContent).toBe(
      'Nothing in Forex is down over the last 24 hours.',
    );
  });

  it('leaves out an instrument still loading its 24 h history, and says so', () => {
    queryClient.setQueryData(tickersByTypeQuery('CRYPTO').queryKey, [
      ...TICKERS.filter((t) => t.symbol !== 'DOGEUSDT'),
      { ...crypto('DOGEUSDT', '12.01', '0'), complete24h: false },
    ]);
    renderWithProviders(<RankingPage />, { route: '/pages/home/ranking' });
    expect(shown('gainers')).toEqual(['ETHUSDT']);
    expect(screen.getByTestId('ranking-loading-history').textContent).toBe(
      'Some instruments are still loading their 24-hour history: they join the rankings once it is complete.',
    );
  });

  it('shows the three rankings side by side on the desktop', () => {
    showCrypto(<RankingDeskPage />, '/pages/desktop/ranking/index');
    expect(screen.getByRole('heading', { name: 'Gainers' })).toBeTruthy();
    expect(shown('gainers')).toEqual(['DOGEUSDT', 'ETHUSDT']);
    expect(shown('losers')).toEqual(['SUSHIUSDT', 'BTCUSDT']);
    expect(shown('volume')[0]).toBe('BTCUSDT');
    expect(within(screen.getByTestId('ranking-gainers')).getAllByRole('link')).toHaveLength(2);
  });
});
