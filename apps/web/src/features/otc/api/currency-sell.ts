import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CurrencySellBody, type OtcTrade } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** Sells a coin for USDT (amount: the coin to sell). The idempotency key is one per user confirmation. */
export function currencySell(body: CurrencySellBody, idempotencyKey: string): Promise<OtcTrade> {
  return apiPost<OtcTrade>(API.asset.currencySell, body, { idempotencyKey });
}

export function useCurrencySell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CurrencySellBody; idempotencyKey: string }) =>
      currencySell(body, idempotencyKey),
    // Settled either way: a failed trade may still have used the quote.
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
