import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type FinancingSubscription } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

export interface BuyFinancingRequest {
  /** The estimate's one-use confirmation token. */
  token: string;
  /** One per token: a retry of the same confirmation after a lost answer subscribes once. */
  idempotencyKey: string;
}

/**
 * `product/buyFinanceProduct` (a GET, as the product document has it): subscribes exactly what the estimate
 * said, with the session, the estimate's token and an Idempotency-Key (docs/financing.md says why
 * a GET can move money safely here). The page shows a refusal itself (silent).
 */
export function buyFinancingProduct({ token, idempotencyKey }: BuyFinancingRequest): Promise<FinancingSubscription> {
  return apiGet<FinancingSubscription>(API.product.buyFinanceProduct, { token }, { silent: true, idempotencyKey });
}

export function useBuyFinancingProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyFinancingProduct,
    // Settled either way: a refused subscription may still have spent the token. Balances,
    // products' quota, holdings, history and the estimate all sit under the ledger's prefix.
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
