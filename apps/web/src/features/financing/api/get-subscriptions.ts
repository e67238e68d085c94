import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type FinancingSubscriptionPage } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { financingKeys } from './query-keys';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** One page of the user's subscriptions (`product/userProductList`), newest first, with the holdings of those during their term. */
export function getSubscriptions(page: number): Promise<FinancingSubscriptionPage> {
  return apiGet<FinancingSubscriptionPage>(API.product.userProductList, { page, size: SUBSCRIPTIONS_PAGE_SIZE });
}

export function useSubscriptions() {
  const typeUser = useSessionStore((s) => s.typeUser);
  const language = useSessionStore((s) => s.language);
  return useInfiniteQuery({
    queryKey: financingKeys.subscriptions(typeUser, language),
    queryFn: ({ pageParam }) => getSubscriptions(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
