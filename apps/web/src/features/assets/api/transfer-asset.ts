import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type TransferBody, type TransferRecord } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

export interface TransferRequest {
  body: TransferBody;
  /** One per user confirmation; the same key on a retry lets the server answer it once. */
  idempotencyKey: string;
}

/** Moves a coin between two of the user's accounts (currency, option, financing). */
export function transferAsset({ body, idempotencyKey }: TransferRequest): Promise<TransferRecord> {
  return apiPost<TransferRecord>(API.account.transferAsset, body, { idempotencyKey });
}

export function useTransferAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transferAsset,
    onSuccess: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
