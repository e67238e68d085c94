import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type WithdrawConfirmBody, type Withdrawal } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';
import { withdrawalKeys } from './query-keys';

export interface ConfirmWithdrawalRequest {
  body: WithdrawConfirmBody;
  /** One per user confirmation; the same only when that very request is sent again (lib/api/idempotency.ts). */
  idempotencyKey: string;
}

/** `userwithdraw/confirm`: the quote and the fund password; the amount moves to escrow once. The dialog shows a refusal (silent). */
export function confirmWithdrawal({ body, idempotencyKey }: ConfirmWithdrawalRequest): Promise<Withdrawal> {
  return apiPost<Withdrawal>(API.userWithdraw.confirm, body, { silent: true, idempotencyKey });
}

export function useConfirmWithdrawal() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: confirmWithdrawal,
    // Settled either way: a refused confirmation may still have used the quote.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: withdrawalKeys.all(token) });
      void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] });
    },
  });
}
