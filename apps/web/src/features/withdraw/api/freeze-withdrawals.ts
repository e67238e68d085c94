import { useMutation } from '@tanstack/react-query';
import { API, type WithdrawFreezeBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/**
 * `userwithdraw/freeze`: the "this wasn't me" link of a new-address notice. No session is needed (the
 * token is the proof); the page shows a refusal (silent).
 */
export function freezeWithdrawals(body: WithdrawFreezeBody): Promise<null> {
  return apiPost<null>(API.userWithdraw.freeze, body, { silent: true });
}

export function useFreezeWithdrawals() {
  return useMutation({ mutationFn: freezeWithdrawals });
}
