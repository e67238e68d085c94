import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type AccountChangeList, type WalletName } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

export const ACCOUNT_CHANGE_PAGE_SIZE = 20;

/** One page of an account's balance changes, newest first. */
export function getAccountChanges(wallet: WalletName, page: number): Promise<AccountChangeList> {
  return apiGet<AccountChangeList>(API.accountChange.list, { wallet, page, size: ACCOUNT_CHANGE_PAGE_SIZE });
}

export function useAccountChanges(wallet: WalletName) {
  const typeUser = useSessionStore((s) => s.typeUser);
  // Each line's kindName comes in the request's language: another language is another answer.
  const language = useSessionStore((s) => s.language);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'account-changes', wallet, language),
    queryFn: ({ pageParam }) => getAccountChanges(wallet, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
