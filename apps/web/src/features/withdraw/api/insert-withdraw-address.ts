import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type InsertWithdrawAddressBody, type WithdrawAddress } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { addressBookKeys } from './query-keys';

/** `currencyAddress/insert`: saves an address with the fund password; the form shows a refusal beside its field (silent). */
export function insertWithdrawAddress(body: InsertWithdrawAddressBody): Promise<WithdrawAddress> {
  return apiPost<WithdrawAddress>(API.currencyAddress.insert, body, { silent: true });
}

export function useInsertWithdrawAddress() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: insertWithdrawAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: addressBookKeys.all(token) }),
  });
}
