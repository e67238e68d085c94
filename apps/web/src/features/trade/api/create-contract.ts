import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractCreateBody, Market } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { LEDGER_QUERY_PREFIX } from '../../../lib/api/ledger-query';
import { contractEndpointGroup, contractEndpoints } from './contract-endpoints';

/** Opens a seconds contract; the server fixes the open price from its own latest tick. */
export function createContract(market: Market, body: ContractCreateBody, idempotencyKey: string): Promise<Contract> {
  return apiPost<Contract>(contractEndpoints(contractEndpointGroup(market)).create, body, { idempotencyKey });
}

export function useCreateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      market,
      body,
      idempotencyKey,
    }: {
      market: Market;
      body: ContractCreateBody;
      idempotencyKey: string;
    }) => createContract(market, body, idempotencyKey),
    // The stake left the option wallet and a contract opened: balances and lists change.
    onSettled: () => void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX] }),
  });
}
