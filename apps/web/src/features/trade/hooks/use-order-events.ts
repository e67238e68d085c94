import type { Query } from '@tanstack/react-query';
import type { Contract, OrderEvent, SpotOrder } from '@app/contract';
import { LEDGER_QUERY_PREFIX, ledgerQueryKey } from '../../../lib/ledger-query';
import { queryClient } from '../../../lib/query-client';
import { useOpenOrdersStream } from '../../../lib/use-market-stream';
import { contractDetailKey } from '../api/get-contract-detail';
import { spotDetailKey } from '../api/get-spot-detail';

/** Detail queries are written from the event itself; everything else of the ledger is refetched. */
const DETAIL_PARTS: ReadonlySet<unknown> = new Set(['contract', 'spot-order']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The event of an `orders` message, or null for anything else (a `{ type: 'resync' }`, say). */
export function parseOrderEvent(data: unknown): OrderEvent | null {
  if (!isObject(data)) return null;
  if (data.kind === 'contract' && isObject(data.contract) && typeof data.contract.id === 'number') {
    return { kind: 'contract', contract: data.contract as Contract };
  }
  if (data.kind === 'spot' && isObject(data.order) && typeof data.order.id === 'number') {
    return { kind: 'spot', order: data.order as SpotOrder };
  }
  return null;
}

const notDetail = (q: Query) => !DETAIL_PARTS.has(q.queryKey[2]);

/**
 * Keeps the trading screens current from the user's openOrders feed: an opened or settled
 * contract, a filled or cancelled spot order. Each event updates its order's detail query and
 * refetches the lists and balances of the account version it belongs to; a `resync` (events
 * were dropped) refetches all of them.
 */
export function useOrderEvents(): void {
  useOpenOrdersStream((data) => {
    const event = parseOrderEvent(data);
    if (!event) {
      void queryClient.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX], predicate: notDetail });
      return;
    }
    const owner = event.kind === 'contract' ? event.contract.typeUser : event.order.typeUser;
    if (event.kind === 'contract') queryClient.setQueryData(contractDetailKey(owner, event.contract.id), event.contract);
    else queryClient.setQueryData(spotDetailKey(owner, event.order.id), event.order);
    void queryClient.invalidateQueries({ queryKey: ledgerQueryKey(owner), predicate: notDetail });
  });
}
