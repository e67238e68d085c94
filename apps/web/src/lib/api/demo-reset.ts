import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@app/contract';
import { apiPost } from './api-client';
import { LEDGER_QUERY_PREFIX } from './ledger-query';

/** Puts the demo ledger back to its starting balance (demo mode only). */
export function demoReset(): Promise<null> {
  return apiPost<null>(API.account.demoReset);
}

export function useDemoReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: demoReset,
    onSuccess: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
