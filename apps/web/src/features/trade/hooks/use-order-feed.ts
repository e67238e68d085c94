import type { Market } from '@app/contract';
import { contractEndpointGroup, type ContractEndpointGroup } from '../api/contract-endpoints';
import { useContractList } from '../api/get-contract-list';
import { useSpotOrders } from '../api/get-spot-orders';
import { mergeOrders, type MergedOrders, type OrderSource } from '../model/merge-orders';

/** open: open contracts and resting spot orders; history: settled, filled or cancelled; all: both. */
export type OrderScope = 'open' | 'history' | 'all';

export interface OrderFeedFilter {
  scope: OrderScope;
  /** One instrument (the trade page), or every one (the order history page). */
  symbol?: string | undefined;
  market?: Market | undefined;
  /** Which kinds of order; spot exists only for crypto. */
  kinds?: ReadonlyArray<'contract' | 'spot'>;
}

/** The user's contracts and spot orders of a scope as one newest-first list. */
export function useOrderFeed({ scope, symbol, market, kinds = ['contract', 'spot'] }: OrderFeedFilter): MergedOrders {
  const wantsGroup = (group: ContractEndpointGroup) =>
    kinds.includes('contract') && (!market || contractEndpointGroup(market) === group);
  const status = scope === 'open' ? 'open' : scope === 'history' ? 'settled' : undefined;
  const withSpot = kinds.includes('spot') && (!market || market === 'CRYPTO');

  const crypto = useContractList({ group: 'crypto', status, symbol }, { enabled: wantsGroup('crypto') });
  const forex = useContractList({ group: 'forex', status, symbol }, { enabled: wantsGroup('forex') });
  const spotOpen = useSpotOrders('open', symbol, { enabled: withSpot && scope !== 'history' });
  const spotClosed = useSpotOrders('history', symbol, { enabled: withSpot && scope !== 'open' });

  const sources: OrderSource[] = [];
  if (wantsGroup('crypto')) sources.push({ kind: 'contract', query: crypto });
  if (wantsGroup('forex')) sources.push({ kind: 'contract', query: forex });
  if (withSpot && scope !== 'history') sources.push({ kind: 'spot', query: spotOpen });
  if (withSpot && scope !== 'open') sources.push({ kind: 'spot', query: spotClosed });
  return mergeOrders(sources);
}
