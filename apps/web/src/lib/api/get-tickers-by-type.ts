import { useQuery } from '@tanstack/react-query';
import { API, type Ticker, type TickerType } from '@app/contract';
import { apiGet } from './api-client';

/**
 * Prices arrive over the websocket; this snapshot is the first paint and the 24 h volumes, which
 * the ticks do not carry in quote currency: refreshed every half minute while shown.
 */
const SNAPSHOT_REFRESH_MS = 30_000;

/** Tickers of a type: a market, SPOT (crypto pairs) or CONTRACT (everything). */
export function getTickersByType(type: TickerType): Promise<Ticker[]> {
  return apiGet<Ticker[]>(API.market.byTypeGetMarketPrice, { type });
}

export function useTickersByType(type: TickerType | null) {
  return useQuery({
    queryKey: ['market', 'tickers', type],
    queryFn: () => getTickersByType(type!),
    enabled: type !== null,
    staleTime: SNAPSHOT_REFRESH_MS,
    refetchInterval: SNAPSHOT_REFRESH_MS,
  });
}
