import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API, type DepositAddress, type DepositChainId, type RechargeList } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

export const RECHARGE_RECORDS_PAGE_SIZE = 20;

export { useRechargeTypes } from '../../../lib/api/get-recharge-types';

/**
 * The user's deposit address for a coin on an available chain (allocated on first use, never
 * changed: docs/deposits.md "Addresses"). Keyed by the session, so another user never sees it.
 */
export function useDepositAddress(symbol: string, chain: DepositChainId, enabled: boolean) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: ['deposits', 'address', token, symbol, chain],
    queryFn: () => apiGet<DepositAddress>(API.currency.getDepositAddress, { symbol, chain }),
    enabled: enabled && token !== null,
    staleTime: 30 * 60_000,
  });
}

/** One page of the account's deposit records (`userrechange/list`), newest first. */
export function getRechargeRecords(page: number): Promise<RechargeList> {
  return apiGet<RechargeList>(API.userRecharge.list, { page, size: RECHARGE_RECORDS_PAGE_SIZE });
}

/** The deposit records, page by page; a ledger query, so a version switch or a credit refreshes them. */
export function useRechargeRecords() {
  const typeUser = useSessionStore((s) => s.typeUser);
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'recharge-records', token ?? undefined),
    queryFn: ({ pageParam }) => getRechargeRecords(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
