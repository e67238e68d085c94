import { useQueryClient } from '@tanstack/react-query';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** What a repayment changes: the user's loans and quotes, and the balances (the ledger's queries). */
export function useAfterPayment() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return () => {
    void client.invalidateQueries({ queryKey: loanKeys.all(token) });
    void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] });
  };
}
