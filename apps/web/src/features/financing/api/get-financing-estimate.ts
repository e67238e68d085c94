import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, FINANCING_TOKEN_TTL_SECONDS, type EstimateQuery, type FinancingEstimate } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { financingKeys } from './query-keys';

/** Asked again this long before the estimate's token runs out, so "Subscribe" always holds a live one. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * `product/estimatedAmount`: interest, total, accrual start and maturity of subscribing `amount`
 * for `days`, computed by the server with the function that pays it, and the one-use token that
 * confirms exactly that. The form shows a refusal itself (silent).
 */
export function getFinancingEstimate(query: EstimateQuery): Promise<FinancingEstimate> {
  return apiGet<FinancingEstimate>(API.product.estimatedAmount, { ...query }, { silent: true });
}

/** The live estimate of what the form holds (null: nothing valid to estimate yet). */
export function useFinancingEstimate(query: EstimateQuery | null) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({
    queryKey: financingKeys.estimate(typeUser, query?.productId ?? '', query?.days ?? 0, query?.amount ?? ''),
    queryFn: () => getFinancingEstimate(query!),
    enabled: query !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: FINANCING_TOKEN_TTL_SECONDS * 1000 - TOKEN_MARGIN_MS,
  });
}
