import { describe, expect, it, vi } from 'vitest';
import type { Contract, SpotOrder } from '@app/contract';
import { mergeOrders, type OrderSource } from './merge-orders';

function contract(id: number, openTime: number, status: Contract['status'] = 'settled'): Contract {
  return {
    id: String(id),
    typeUser: 'demo',
    symbol: 'BTCUSDT',
    displaySymbol: 'BTC/USDT',
    market: 'CRYPTO',
    direction: 'up',
    duration: 30,
    payoutRate: '0.85',
    asset: 'USDT',
    stake: '10',
    status,
    result: null,
    openTime,
    expiresAt: openTime + 30_000,
    openTick: { time: openTime, price: '95000.00', source: 'sim' },
    closeTick: null,
    payout: null,
    profit: null,
    settledAt: null,
  };
}

function spot(id: number, createdAt: number, status: SpotOrder['status']): SpotOrder {
  return {
    id: String(id),
    typeUser: 'demo',
    symbol: 'BTCUSDT',
    displaySymbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    side: 'buy',
    type: 'limit',
    status,
    price: '90000.00',
    amount: '0.001',
    fillPrice: null,
    total: null,
    fee: null,
    feeAsset: 'USDT',
    createdAt,
    closedAt: null,
  };
}

/** One paged list as useInfiniteQuery holds it. */
function pages<T>(items: T[][], more = false, fetchNextPage = vi.fn()) {
  return {
    data: { pages: items.map((page) => ({ items: page })), pageParams: items.map((_, i) => i) },
    hasNextPage: more,
    fetchNextPage,
    isFetchingNextPage: false,
    isError: false,
  };
}

const keys = (sources: OrderSource[]) => mergeOrders(sources).items.map((i) => i.key);

describe('mergeOrders', () => {
  it('merges the lists newest first', () => {
    const sources: OrderSource[] = [
      { kind: 'contract', query: pages([[contract(3, 300), contract(1, 100)]]) },
      { kind: 'spot', query: pages([[spot(2, 200, 'filled')]]) },
    ];
    expect(keys(sources)).toEqual(['contract:3', 'spot:2', 'contract:1']);
    expect(mergeOrders(sources)).toMatchObject({ loaded: true, hasMore: false, isError: false });
  });

  it('shows an order in two lists once, as the closed one (it is the newer state)', () => {
    const merged = mergeOrders([
      { kind: 'spot', query: pages([[spot(5, 500, 'open')]]) },
      { kind: 'spot', query: pages([[spot(5, 500, 'filled')]]) },
    ]);
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0]).toMatchObject({ kind: 'spot', order: { status: 'filled' } });
  });

  it('keeps the closed state when the open copy comes second', () => {
    const merged = mergeOrders([
      { kind: 'spot', query: pages([[spot(5, 500, 'cancelled')]]) },
      { kind: 'spot', query: pages([[spot(5, 500, 'open')]]) },
    ]);
    expect(merged.items[0]).toMatchObject({ order: { status: 'cancelled' } });
  });

  it('cuts at the oldest loaded order of a list with more pages, so loading more only appends', () => {
    const fetchMore = vi.fn();
    const sources: OrderSource[] = [
      { kind: 'contract', query: pages([[contract(9, 900), contract(8, 800)]], true, fetchMore) },
      { kind: 'spot', query: pages([[spot(7, 850, 'filled'), spot(6, 100, 'filled')]]) },
    ];
    const merged = mergeOrders(sources);
    expect(merged.items.map((i) => i.key)).toEqual(['contract:9', 'spot:7', 'contract:8']);
    expect(merged.hasMore).toBe(true);
    merged.loadMore();
    expect(fetchMore).toHaveBeenCalledTimes(1);
  });

  it('is not loaded until every list answered, and reports any list failing', () => {
    const waiting = { ...pages<Contract>([]), data: undefined };
    const failed = { ...pages<SpotOrder>([[]]), isError: true };
    const merged = mergeOrders([
      { kind: 'contract', query: waiting },
      { kind: 'spot', query: failed },
    ]);
    expect(merged).toMatchObject({ items: [], loaded: false, isError: true });
  });
});
