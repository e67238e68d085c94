import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type SpotOrderList } from '@app/contract';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

export const SPOT_PAGE_SIZE = 20;

/** Which spot orders: the open ones (docs/product.md §7 `openOrderUser`) or the filled and cancelled ones. */
export type SpotListKind = 'open' | 'history';

/** One page of the user's spot orders of one kind, newest first. */
export function getSpotOrders(kind: SpotListKind, page: number, symbol?: string): Promise<SpotOrderList> {
  const query = { page, size: SPOT_PAGE_SIZE, symbol };
  return kind === 'open'
    ? apiPost<SpotOrderList>(API.spot.openOrderUser, query)
    : apiGet<SpotOrderList>(API.spot.history, query);
}

export function useSpotOrders(kind: SpotListKind, symbol?: string, options: { enabled?: boolean } = {}) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'spot-orders', kind, symbol ?? 'all'),
    queryFn: ({ pageParam }) => getSpotOrders(kind, pageParam, symbol),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: options.enabled ?? true,
    staleTime: 0,
  });
}
