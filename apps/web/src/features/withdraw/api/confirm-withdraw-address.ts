import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type WithdrawAddress, type WithdrawAddressConfirmBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { addressBookKeys } from './query-keys';

/**
 * `currencyAddress/confirm`: makes a held address usable now with a code (purpose `withdraw_address`)
 * sent to the user's own e-mail or phone; the dialog shows a refusal (silent).
 */
export function confirmWithdrawAddress(body: WithdrawAddressConfirmBody): Promise<WithdrawAddress> {
  return apiPost<WithdrawAddress>(API.currencyAddress.confirm, body, { silent: true });
}

export function useConfirmWithdrawAddress() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: confirmWithdrawAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: addressBookKeys.all(token) }),
  });
}
