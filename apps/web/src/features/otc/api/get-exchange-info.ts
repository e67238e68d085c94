import { useQuery } from '@tanstack/react-query';
import { API, type ExchangeInfo } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** Fresh OTC rates under a quote id, valid `validSeconds` and usable once. */
export function getExchangeInfo(): Promise<ExchangeInfo> {
  return apiGet<ExchangeInfo>(API.asset.exchangeInfo);
}

export function useExchangeInfo() {
  const typeUser = useSessionStore((s) => s.typeUser);
  // Never served from cache: a quote is single-use and short-lived; the page refetches it
  // when it runs out (see use-quote-countdown).
  return useQuery({
    queryKey: ledgerQueryKey(typeUser, 'otc-quote'),
    queryFn: getExchangeInfo,
    staleTime: 0,
    gcTime: 0,
  });
}
