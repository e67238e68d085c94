import { useQuery } from '@tanstack/react-query';
import { API, type ContractProduct, type Market } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';

/** Products change only when an operator edits them: a few minutes of cache is plenty. */
const PRODUCTS_STALE_MS = 5 * 60 * 1000;

/** The seconds-contract products of one market: durations, payout rate, stake limits. */
export function getContractProducts(market: Market): Promise<ContractProduct[]> {
  return apiGet<ContractProduct[]>(API.contract.products, { market });
}

export function useContractProducts(market: Market) {
  return useQuery({
    queryKey: ['contract-products', market],
    queryFn: () => getContractProducts(market),
    staleTime: PRODUCTS_STALE_MS,
  });
}
