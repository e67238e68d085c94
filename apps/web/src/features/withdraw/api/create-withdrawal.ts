import { useMutation } from '@tanstack/react-query';
import { API, type WithdrawCreateBody, type WithdrawQuote } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** `userwithdraw/create`: a quote (fee, expected receipt, until when); nothing moves. The form shows a refusal itself (silent). */
export function createWithdrawal(body: WithdrawCreateBody): Promise<WithdrawQuote> {
  return apiPost<WithdrawQuote>(API.userWithdraw.create, body, { silent: true });
}

export function useCreateWithdrawal() {
  return useMutation({ mutationFn: createWithdrawal });
}
