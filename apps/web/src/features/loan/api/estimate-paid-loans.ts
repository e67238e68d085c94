import { useQuery } from '@tanstack/react-query';
import { API, type LoanQuote } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** `loan/estimate-paid-loans`: a binding quote to pay every open loan today. */
export function estimatePaidLoans(): Promise<LoanQuote> {
  return apiGet<LoanQuote>(API.loan.estimatePaidLoans, undefined, { silent: true });
}

/** A quote with the Idempotency-Key its payment is sent with (sent again after a lost answer, the money moves once). */
export interface KeyedQuote {
  quote: LoanQuote;
  idempotencyKey: string;
}

/** The pay-all quote, asked when the page opens and again by `refetch`: each new quote, a new key. */
export function useEstimatePaidLoans() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...loanKeys.all(token), 'pay-all-quote'],
    queryFn: async (): Promise<KeyedQuote> => ({ quote: await estimatePaidLoans(), idempotencyKey: crypto.randomUUID() }),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
