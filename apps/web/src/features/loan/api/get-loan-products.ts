import { useQuery } from '@tanstack/react-query';
import { API, type LoanProduct } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { loanKeys } from './query-keys';

/** `loan/productList`: the loan products on offer (amount range, period, daily and late rates). */
export function getLoanProducts(): Promise<LoanProduct[]> {
  return apiGet<LoanProduct[]>(API.loan.productList);
}

export function useLoanProducts() {
  return useQuery({ queryKey: loanKeys.products, queryFn: getLoanProducts, staleTime: 60_000 });
}
