import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type TradingRecordPage } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

export const TRADING_RECORD_PAGE_SIZE = 20;

/** One page of the user's OTC trades, newest first. */
export function getTradingRecord(page: number): Promise<TradingRecordPage> {
  return apiPost<TradingRecordPage>(API.asset.tradingRecord, { page, size: TRADING_RECORD_PAGE_SIZE });
}

export function useTradingRecord() {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useInfiniteQuery({
    queryKey: ledgerQueryKey(typeUser, 'otc-records'),
    queryFn: ({ pageParam }) => getTradingRecord(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
