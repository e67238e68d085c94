import { useQuery } from '@tanstack/react-query';
import { API, TRADES_MAX, type RecentTrades } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** One symbol's newest trades, newest first (GET api/market/trades). */
export function getRecentTrades(symbol: string, limit = TRADES_MAX): Promise<RecentTrades> {
  return apiGet<RecentTrades>(API.market.trades, { symbol, limit });
}

/** The recent-trades list's first paint; the trades channel takes over from there. */
export function useRecentTradesSnapshot(symbol: string, limit?: number) {
  return useQuery({
    queryKey: ['market', 'trades', symbol, limit ?? TRADES_MAX],
    queryFn: () => getRecentTrades(symbol, limit),
    staleTime: 0,
  });
}
