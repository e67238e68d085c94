import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API, type Ticker } from '@app/contract';
import { apiPost } from './api-client';
import { useSessionStore } from '../session/session-store';

export const FAVORITES_QUERY_PREFIX = 'favorite';

/** The signed-in user's favourites with their tickers, in the order added. */
export function getFavorites(): Promise<Ticker[]> {
  return apiPost<Ticker[]>(API.favorite.list);
}

/** Favourites of the current session (keyed by token: another user never sees them); none for a visitor. */
export function useFavorites() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [FAVORITES_QUERY_PREFIX, token],
    queryFn: getFavorites,
    enabled: token !== null,
  });
}

/** The symbols of the user's favourites (empty for a visitor or while loading). */
export function useFavoriteSymbols(): ReadonlySet<string> {
  const { data } = useFavorites();
  return useMemo(() => new Set((data ?? []).map((t) => t.symbol)), [data]);
}
