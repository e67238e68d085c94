import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Contract, SpotOrder } from '@app/contract';

/** A contract or a spot order in one list. */
export type OrderItem =
  | { kind: 'contract'; key: string; time: number; contract: Contract }
  | { kind: 'spot'; key: string; time: number; order: SpotOrder };

type PagedQuery<T> = Pick<
  UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>,
  'data' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage' | 'isError'
>;

export type OrderSource =
  | { kind: 'contract'; query: PagedQuery<Contract> }
  | { kind: 'spot'; query: PagedQuery<SpotOrder> };

export interface MergedOrders {
  items: OrderItem[];
  /** Every source answered its first page. */
  loaded: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
}

const isOpen = (item: OrderItem) => (item.kind === 'contract' ? item.contract.status : item.order.status) === 'open';

function itemsOf(source: OrderSource): OrderItem[] {
  if (source.kind === 'contract') {
    const pages = source.query.data?.pages ?? [];
    return pages.flatMap((p) =>
      p.items.map((c): OrderItem => ({ kind: 'contract', key: `contract:${c.id}`, time: c.openTime, contract: c })),
    );
  }
  const pages = source.query.data?.pages ?? [];
  return pages.flatMap((p) =>
    p.items.map((o): OrderItem => ({ kind: 'spot', key: `spot:${o.id}`, time: o.createdAt, order: o })),
  );
}

/**
 * Several newest-first paged lists shown as one (the two contract endpoints, open and closed
 * spot orders), newest first, each order once. A source with more pages cuts the list at its
 * oldest loaded order, so nothing older from another source shows before it: loading more only
 * ever appends.
 */
export function mergeOrders(sources: readonly OrderSource[]): MergedOrders {
  const byKey = new Map<string, OrderItem>();
  let cutoff = -Infinity;
  for (const source of sources) {
    const items = itemsOf(source);
    for (const item of items) {
      // An order can sit in two lists for a moment (open, and already filled): the closed one is newer.
      const seen = byKey.get(item.key);
      if (!seen || (isOpen(seen) && !isOpen(item))) byKey.set(item.key, item);
    }
    const oldest = items.at(-1);
    if (source.query.hasNextPage && oldest) cutoff = Math.max(cutoff, oldest.time);
  }
  const more = sources.filter((s) => s.query.hasNextPage);
  return {
    items: [...byKey.values()].filter((i) => i.time >= cutoff).sort((a, b) => b.time - a.time),
    loaded: sources.every((s) => s.query.data !== undefined),
    isError: sources.some((s) => s.query.isError),
    hasMore: more.length > 0,
    isLoadingMore: sources.some((s) => s.query.isFetchingNextPage),
    loadMore: () => more.forEach((s) => void s.query.fetchNextPage()),
  };
}
