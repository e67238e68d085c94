import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type SpotOrder, type SpotOrderBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** A market order fills at once at the ask (buy) or bid (sell); a limit order rests with its funds escrowed. */
export function placeSpotOrder(body: SpotOrderBody, idempotencyKey: string): Promise<SpotOrder> {
  return apiPost<SpotOrder>(API.spot.order, body, { idempotencyKey });
}

export function usePlaceSpotOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SpotOrderBody; idempotencyKey: string }) =>
      placeSpotOrder(body, idempotencyKey),
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
