import type { Ticker } from '@app/contract';

export const SORT_KEYS = ['name', 'change', 'volume'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export interface TickerSort {
  key: SortKey;
  order: SortOrder;
}

/** The order a key starts in: names A→Z, the biggest change and volume first. */
export const FIRST_ORDER: Record<SortKey, SortOrder> = { name: 'asc', change: 'desc', volume: 'desc' };

/** Tapping a key sorts by it; tapping it again reverses the order. */
export function nextSort(current: TickerSort | null, key: SortKey): TickerSort {
  if (current?.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: FIRST_ORDER[key] };
}

function sortValue(t: Ticker, key: Exclude<SortKey, 'name'>): number | null {
  // 24 h figures still loading their history are not yet what they will be: they sort as unknown.
  if (!t.complete24h) return null;
  // Volumes in quote currency: comparable across instruments, unlike base amounts.
  const raw = key === 'change' ? t.changePercent24h : t.quoteVolume24h;
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * A sorted copy (null: the catalogue order); instruments without a value (none yet, or 24 h figures
 * still loading their history) go last either way. Ties keep their order.
 */
export function sortTickers<T extends Ticker>(list: readonly T[], sort: TickerSort | null): T[] {
  if (!sort) return [...list];
  const sign = sort.order === 'asc' ? 1 : -1;
  if (sort.key === 'name') return [...list].sort((a, b) => sign * a.displaySymbol.localeCompare(b.displaySymbol, 'en'));
  const key = sort.key;
  return [...list].sort((a, b) => {
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return sign * (va - vb);
  });
}

/**
 * `list` in the order `order` names (symbols), for the moments a list must not move (a finger on
 * it); symbols `order` does not know follow, in their own order.
 */
export function keepOrder<T extends Pick<Ticker, 'symbol'>>(list: readonly T[], order: readonly string[]): T[] {
  const at = new Map(order.map((symbol, i) => [symbol, i]));
  const known = list.filter((t) => at.has(t.symbol)).sort((a, b) => at.get(a.symbol)! - at.get(b.symbol)!);
  return [...known, ...list.filter((t) => !at.has(t.symbol))];
}
