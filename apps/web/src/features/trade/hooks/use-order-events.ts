import { useQueryClient, type Query } from '@tanstack/react-query';
import type { Contract, ContractSettlement, TypeUser } from '@app/contract';
import { LEDGER_QUERY_PREFIX, ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useOpenOrdersStream } from '../../../lib/market';
import { contractDetailKey } from '../api/get-contract-detail';
import { spotDetailKey } from '../api/get-spot-detail';
import { parseOrderEvent } from '../model/order-event';

/** Detail queries are written from the event itself; everything else of the ledger is refetched. */
const DETAIL_PARTS: ReadonlySet<unknown> = new Set(['contract', 'spot-order']);

const notDetail = (q: Query) => !DETAIL_PARTS.has(q.queryKey[2]);

/** Contracts one settlement settled, with the account version they belong to. */
export type SettledHandler = (typeUser: TypeUser, settled: readonly ContractSettlement[]) => void;

/**
 * Keeps every screen current from the user's openOrders feed: an opened contract, the
 * settlement of some, a filled or cancelled spot order. Each event updates its order's detail query and
 * refetches the lists and balances of the account version it belongs to; a `resync` (events
 * were dropped) refetches all of them. Mounted once, by the app's shell (features/trade/shell.tsx);
 * `onSettled` hears of settlements after their detail queries are written.
 */
export function useOrderEvents(onSettled?: SettledHandler): void {
  const client = useQueryClient();
  useOpenOrdersStream((data) => {
    const event = parseOrderEvent(data);
    if (!event) {
      void client.invalidateQueries({ queryKey: [LEDGER_QUERY_PREFIX], predicate: notDetail });
      return;
    }
    let owner: Contract['typeUser'];
    switch (event.kind) {
      case 'contract':
        owner = event.contract.typeUser;
        client.setQueryData(contractDetailKey(owner, event.contract.id), event.contract);
        break;
      case 'settled':
        owner = event.typeUser;
        // What settling changed, onto the contract as it was opened.
        for (const s of event.contracts) {
          client.setQueryData<Contract>(
            contractDetailKey(owner, s.id),
            (open) => open && { ...open, ...s, status: 'settled' },
          );
        }
        onSettled?.(owner, event.contracts);
        break;
      case 'spot':
        owner = event.order.typeUser;
        client.setQueryData(spotDetailKey(owner, event.order.id), event.order);
        break;
    }
    void client.invalidateQueries({ queryKey: ledgerQueryKey(owner), predicate: notDetail });
  });
}
