import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@app/contract';
import { apiPost } from './api-client';
import { FAVORITES_QUERY_PREFIX } from './get-favorites';

/** Adds a favourite (POST favorite/insert; idempotent). */
export function addFavorite(symbol: string): Promise<null> {
  return apiPost<null>(API.favorite.insert, { symbol });
}

/** Removes a favourite (POST favorite/delete; idempotent). */
export function removeFavorite(symbol: string): Promise<null> {
  return apiPost<null>(API.favorite.delete, { symbol });
}

/**
 * Adds or removes a favourite. The mutation stays pending until the list is fetched again, so
 * a star shows its new state without flicking back in between.
 */
export function useSetFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favorite }: { symbol: string; favorite: boolean }) =>
      favorite ? addFavorite(symbol) : removeFavorite(symbol),
    onSettled: () => client.invalidateQueries({ queryKey: [FAVORITES_QUERY_PREFIX] }),
  });
}
