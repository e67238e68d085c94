import { useQuery } from '@tanstack/react-query';
import { API, type RechargeType } from '@app/contract';
import { apiGet } from './api-client';

/**
 * Every coin with all its chains and their state (docs/deposits.md "Catalogue"). The deposit pickers
 * and the withdrawal address book (the same catalogue: docs/withdrawals.md) both read it.
 */
export function getRechargeTypes(): Promise<RechargeType[]> {
  return apiGet<RechargeType[]>(API.currency.rechargeTypes);
}

export function useRechargeTypes() {
  return useQuery({ queryKey: ['deposits', 'recharge-types'], queryFn: getRechargeTypes, staleTime: 5 * 60_000 });
}
