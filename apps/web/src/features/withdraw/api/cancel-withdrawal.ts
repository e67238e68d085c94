import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Withdrawal } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';
import { withdrawalKeys } from './query-keys';

/** `userwithdraw/cancel`: a withdrawal still processing, its escrow returned. A refusal is toasted (the server's words). */
export function cancelWithdrawal(id: string): Promise<Withdrawal> {
  return apiPost<Withdrawal>(API.userWithdraw.cancel, { id });
}

export function useCancelWithdrawal() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: withdrawalKeys.all(token) });
      void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] });
    },
  });
}
