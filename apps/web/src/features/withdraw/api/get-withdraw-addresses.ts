import { useQuery } from '@tanstack/react-query';
import { API, type WithdrawAddress } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { addressBookKeys } from './query-keys';

/** `currencyAddress/currencyList`: every saved withdrawal address of the user (all coins), newest first. */
export function getWithdrawAddresses(): Promise<WithdrawAddress[]> {
  return apiGet<WithdrawAddress[]>(API.currencyAddress.currencyList);
}

export function useWithdrawAddresses() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: addressBookKeys.list(token),
    queryFn: getWithdrawAddresses,
    enabled: token !== null,
    staleTime: 0,
  });
}
