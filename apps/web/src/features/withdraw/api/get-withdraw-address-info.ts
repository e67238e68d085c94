import { useQuery } from '@tanstack/react-query';
import { API, type WithdrawAddressInfo } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { addressBookKeys } from './query-keys';

/** `currencyAddress/info`: one coin's chains, each with the user's saved addresses on it, and when the next held one becomes usable. */
export function getWithdrawAddressInfo(currency: string): Promise<WithdrawAddressInfo> {
  return apiGet<WithdrawAddressInfo>(API.currencyAddress.info, { currency });
}

export function useWithdrawAddressInfo(currency: string | undefined) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: addressBookKeys.info(token, currency ?? ''),
    queryFn: () => getWithdrawAddressInfo(currency ?? ''),
    enabled: token !== null && currency !== undefined,
    staleTime: 0,
  });
}
