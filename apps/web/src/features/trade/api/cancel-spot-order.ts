import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type SpotOrder } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';

/** Cancels an open limit order; its escrowed funds go back to the wallet. */
export function cancelSpotOrder(orderId: string): Promise<SpotOrder> {
  return apiPost<SpotOrder>(API.spot.cancel, { orderId });
}

export function useCancelSpotOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSpotOrder,
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
