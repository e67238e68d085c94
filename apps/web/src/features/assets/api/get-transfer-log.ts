import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type TransferLog } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

export const TRANSFER_LOG_PAGE_SIZE = 20;

/** One page of the user's transfers between accounts, newest first. */
export function getTransferLog(page: number): Promise<TransferLog> {
  return apiGet<TransferLog>(API.account.getTransferLog, { page, size: TRANSFER_LOG_PAGE_SIZE });
}

export function useTransferLog() {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'transfer-log'),
    queryFn: ({ pageParam }) => getTransferLog(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
