import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type Ticker } from '@app/contract';
import { apiGet } from './api-client';

/** The server's bound on the search text (SearchQuery). */
export const SEARCH_MAX_LENGTH = 20;

/** Instruments of every market whose symbol or name contains `q`, best matches first. */
export function searchMarket(q: string): Promise<Ticker[]> {
  return apiGet<Ticker[]>(API.market.search, { q });
}

/** Searches while `q` is not empty; the previous results stay on screen while the next load. */
export function useMarketSearch(q: string) {
  return useQuery({
    queryKey: ['market', 'search', q],
    queryFn: () => searchMarket(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
