import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type DeleteWithdrawAddressBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { addressBookKeys } from './query-keys';

/** `currencyAddress/delete`: deletes a saved address with the fund password; the dialog shows a refusal (silent). */
export function deleteWithdrawAddress(body: DeleteWithdrawAddressBody): Promise<null> {
  return apiPost<null>(API.currencyAddress.delete, body, { silent: true });
}

export function useDeleteWithdrawAddress() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: deleteWithdrawAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: addressBookKeys.all(token) }),
  });
}
