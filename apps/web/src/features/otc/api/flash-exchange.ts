import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type FlashExchangeBody, type OtcTrade } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** Exchanges one coin for another through their USDT rates (amount: of fromAsset). The idempotency key is one per user confirmation. */
export function flashExchange(body: FlashExchangeBody, idempotencyKey: string): Promise<OtcTrade> {
  return apiPost<OtcTrade>(API.asset.flashExchange, body, { idempotencyKey });
}

export function useFlashExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: FlashExchangeBody; idempotencyKey: string }) =>
      flashExchange(body, idempotencyKey),
    // Settled either way: a failed trade may still have used the quote.
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
