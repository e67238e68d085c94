import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Ticker } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** One symbol's ticker with its 24 h statistics (GET getMarketPrice?symbol=). */
export async function getTicker(symbol: string): Promise<Ticker | null> {
  const list = await apiGet<Ticker[]>(API.market.getMarketPrice, { symbol });
  return list[0] ?? null;
}

/**
 * The first paint of the price header; the realtime channel takes over from there. Until its own
 * answer arrives it shows the symbol's row of a market list already fetched (the dashboard's and the
 * quote page's lists are the same snapshot), so the header does not wait while the list shows prices.
 */
export function useTicker(symbol: string, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['market', 'ticker', symbol],
    queryFn: () => getTicker(symbol),
    staleTime: 0,
    enabled,
    placeholderData: () => {
      for (const [, list] of client.getQueriesData<Ticker[]>({ queryKey: ['market', 'tickers'] })) {
        const row = list?.find((t) => t.symbol === symbol);
        if (row) return row;
      }
      return undefined;
    },
  });
}
