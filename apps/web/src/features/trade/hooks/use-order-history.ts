import { useState } from 'react';
import type { Market } from '@app/contract';
import type { OrderKind } from '../components/order-paths';
import { useOrderFeed, type OrderScope } from './use-order-feed';

/** The order history page: every contract or every spot order of the account version, live. */
export function useOrderHistory() {
  const [tab, setTab] = useState<OrderKind>('contract');
  const orders = useOrderFeed({ scope: 'all', kinds: [tab] });
  return { tab, setTab, orders };
}

export type InstrumentOrdersTab = Exclude<OrderScope, 'all'>;

/** Under the order entry: the open orders or the history of one instrument, of one kind (contracts or spot). */
export function useInstrumentOrders(symbol: string, market: Market, kind: OrderKind) {
  const [tab, setTab] = useState<InstrumentOrdersTab>('open');
  const orders = useOrderFeed({ scope: tab, symbol, market, kinds: [kind] });
  return { tab, setTab, orders };
}
