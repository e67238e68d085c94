import { useState } from 'react';
import type { Market } from '@app/contract';
import { useOrderFeed, type OrderFeedFilter } from './use-order-feed';

/** open: the instrument's open contracts and resting spot orders; contracts, spot: the account version's history of each. */
export type DashboardOrdersTab = 'open' | 'contracts' | 'spot';

/**
 * The desktop dashboard's orders panel: the open orders of the instrument on screen, and the
 * settled contracts and the finished spot orders of every instrument, live like the mobile lists.
 */
export function useDashboardOrders(symbol: string, market: Market) {
  const [tab, setTab] = useState<DashboardOrdersTab>('open');
  const filter: OrderFeedFilter =
    tab === 'open'
      ? { scope: 'open', symbol, market }
      : { scope: 'history', kinds: [tab === 'contracts' ? 'contract' : 'spot'] };
  const orders = useOrderFeed(filter);
  return { tab, setTab, orders };
}
