import { useMutation } from '@tanstack/react-query';
import { API } from '@app/contract';
import { apiPost } from './api-client';
import { LEDGER_QUERY_PREFIX } from './ledger-query';
import { queryClient } from './query-client';

/** Puts the demo ledger back to its starting balance (demo mode only). */
export function demoReset(): Promise<null> {
  return apiPost<null>(API.account.demoReset);
}

export function useDemoReset() {
  return useMutation({
    mutationFn: demoReset,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
