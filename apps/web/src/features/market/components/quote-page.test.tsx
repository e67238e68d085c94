import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Ticker } from '@app/contract';
import { tickersByTypeQuery } from '../../../lib/api/get-tickers-by-type';
import { queryClient, renderWithProviders } from '../../../test/render';
import { ticker } from '../../../test-support/ticker';
import { QuotePage } from './quote-page';

afterEach(() => window.sessionStorage.clear());

const snapshot = (type: 'CRYPTO' | 'FOREX', tickers: Ticker[]) =>
  queryClient.setQueryData(tickersByTypeQuery(type).queryKey, tickers);

describe('the quote page', () => {
  it('keeps the chosen group when the user comes back from the tab bar (a link that names no tab)', async () => {
    snapshot('CRYPTO', [ticker({ symbol: 'BTCUSDT', price: '1' })]);
    snapshot('FOREX', [ticker({ symbol: 'EURUSD', market: 'FOREX', price: '1.1' })]);
    const first = renderWithProviders(<QuotePage />, { route: '/pages/quote/index' });
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    await first.user.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(await screen.findByRole('list', { name: 'Forex' })).toBeTruthy();
    first.unmount();

    renderWithProviders(<QuotePage />, { route: '/pages/quote/index' });
    expect(screen.getByRole('tab', { name: 'Forex' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('list', { name: 'Forex' })).toBeTruthy();
  });

  it('shows the tab a link names, whatever was chosen before', async () => {
    window.sessionStorage.setItem('quote.group', 'FOREX');
    snapshot('CRYPTO', [ticker({ symbol: 'BTCUSDT', price: '1' })]);
    renderWithProviders(<QuotePage />, { route: '/pages/quote/index?tab=CRYPTO' });
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('list', { name: 'Crypto' })).toBeTruthy();
  });
});
