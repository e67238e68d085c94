import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type WithdrawalPage } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { isMoving } from '../model/withdraw-form';
import { withdrawalKeys } from './query-keys';

export const WITHDRAWALS_PAGE_SIZE = 20;
/** How often the history asks again while a shown withdrawal is still under review, being signed or counting confirmations. */
export const WITHDRAWALS_REFRESH_MS = 3_000;

/** One page of the user's withdrawals (`userwithdraw/list`), newest first, of one coin when given. */
export function getWithdrawals(page: number, currency?: string): Promise<WithdrawalPage> {
  return apiGet<WithdrawalPage>(API.userWithdraw.list, { page, size: WITHDRAWALS_PAGE_SIZE, currency });
}

/** The history, page by page; refreshed every few seconds while any shown record still moves. */
export function useWithdrawals(currency?: string) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: withdrawalKeys.list(token, currency),
    queryFn: ({ pageParam }) => getWithdrawals(pageParam, currency),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((w) => isMoving(w.state))) ? WITHDRAWALS_REFRESH_MS : false,
  });
}
