import { useQuery } from '@tanstack/react-query';
import { API, type LoanPayAllQuote } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** `loan/estimate-paid-loans`: a binding quote to pay every open loan today; with none open, an empty one (`quoteId` null). */
export function estimatePaidLoans(): Promise<LoanPayAllQuote> {
  return apiGet<LoanPayAllQuote>(API.loan.estimatePaidLoans, undefined, { silent: true });
}

/** The pay-all quote, asked when the page opens and again by `refetch` (each quote is paid with its own key: components/pay-forms.tsx). */
export function useEstimatePaidLoans() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...loanKeys.all(token), 'pay-all-quote'],
    queryFn: estimatePaidLoans,
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
