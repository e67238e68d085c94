import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ticker, type TickerType } from '@app/contract';
import { apiGet } from './api-client';

/**
 * Prices arrive over the websocket; this snapshot is the first paint and the 24 h volumes, which
 * the ticks do not carry in quote currency: refreshed every half minute while shown.
 */
const SNAPSHOT_REFRESH_MS = 30_000;

/** Tickers of a type: a market, SPOT (crypto pairs) or CONTRACT (everything). `silent`: no toast on failure. */
export function getTickersByType(type: TickerType, silent = false): Promise<Ticker[]> {
  return apiGet<Ticker[]>(API.market.byTypeGetMarketPrice, { type }, { silent });
}

/**
 * The query of a type's tickers. `prefetch`: fetched before its page shows (app/route-table.ts),
 * silently: if it fails, the page's own fetch says so.
 */
export function tickersByTypeQuery(type: TickerType, { prefetch = false } = {}) {
  return queryOptions({
    queryKey: ['market', 'tickers', type],
    queryFn: () => getTickersByType(type, prefetch),
    staleTime: SNAPSHOT_REFRESH_MS,
  });
}

export function useTickersByType(type: TickerType | null) {
  return useQuery({
    ...tickersByTypeQuery(type ?? 'SPOT'),
    enabled: type !== null,
    refetchInterval: SNAPSHOT_REFRESH_MS,
  });
}
