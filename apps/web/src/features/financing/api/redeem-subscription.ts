import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type RedeemBody, type RedeemResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** `product/redeem`: with `preview: true` what redeeming now would pay (nothing moves); without, it redeems. A refusal is toasted. */
export function redeemSubscription(body: RedeemBody): Promise<RedeemResult> {
  return apiPost<RedeemResult>(API.product.redeem, body);
}

/** The preview: what the confirmation shows (principal, interest kept, interest given up). */
export function usePreviewRedeem() {
  return useMutation({ mutationFn: (id: string) => redeemSubscription({ id, preview: true }) });
}

export function useRedeemSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => redeemSubscription({ id }),
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
