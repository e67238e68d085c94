import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API } from '@app/contract';
import { tickersByTypeQuery } from '../../../lib/api/get-tickers-by-type';
import { api } from '../../../test/network';
import { queryClient, renderWithProviders } from '../../../test/render';
import { ticker } from '../../../test-support/ticker';
import { useTicker } from './get-ticker';

function Price({ symbol }: { symbol: string }) {
  const { data } = useTicker(symbol);
  return <p data-testid="price">{data?.price ?? 'none'}</p>;
}

describe('useTicker', () => {
  it("shows a market list's row for the symbol until its own answer arrives (issue 34: '--' beside listed prices)", async () => {
    api.get(API.market.getMarketPrice, [ticker({ symbol: 'BTCUSDT', price: '67001' })]);
    queryClient.setQueryData(tickersByTypeQuery('CRYPTO').queryKey, [
      ticker({ symbol: 'ETHUSDT', price: '3000' }),
      ticker({ symbol: 'BTCUSDT', price: '67000.5' }),
    ]);
    renderWithProviders(<Price symbol="BTCUSDT" />);
    // The first render, before any answer can have come.
    expect(screen.getByTestId('price').textContent).toBe('67000.5');
    await waitFor(() => expect(screen.getByTestId('price').textContent).toBe('67001'));
  });

  it('has nothing to show for a symbol no list holds', () => {
    api.get(API.market.getMarketPrice, [ticker({ symbol: 'BTCUSDT', price: '67001' })]);
    renderWithProviders(<Price symbol="BTCUSDT" />);
    expect(screen.getByTestId('price').textContent).toBe('none');
  });
});
