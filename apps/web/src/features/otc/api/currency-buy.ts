import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CurrencyBuyBody, type OtcTrade } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** Buys a coin with USDT (amount: the USDT to spend, fee included). The idempotency key is one per user confirmation. */
export function currencyBuy(body: CurrencyBuyBody, idempotencyKey: string): Promise<OtcTrade> {
  return apiPost<OtcTrade>(API.asset.currencyBuy, body, { idempotencyKey });
}

export function useCurrencyBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CurrencyBuyBody; idempotencyKey: string }) =>
      currencyBuy(body, idempotencyKey),
    // Settled either way: a failed trade may still have used the quote.
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
