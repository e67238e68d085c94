import { useQuery } from '@tanstack/react-query';
import { API, type LoanProduct } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** `loan/productList`: the loan products on offer (amount range, period, daily and late rates), named in the app's language. */
export function getLoanProducts(): Promise<LoanProduct[]> {
  return apiGet<LoanProduct[]>(API.loan.productList);
}

export function useLoanProducts() {
  const language = useSessionStore((s) => s.language);
  return useQuery({ queryKey: loanKeys.products(language), queryFn: getLoanProducts, staleTime: 60_000 });
}
