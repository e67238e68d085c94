import { PATHS } from '../../../lib/routing/paths';

/** The trade-detail page of one order (docs/product.md §2). */
export const TRADE_DETAIL_PATH = PATHS.tradeDetail;

export type OrderKind = 'contract' | 'spot';

export function tradeDetailPath(kind: OrderKind, id: string): string {
  return `${TRADE_DETAIL_PATH}?kind=${kind}&id=${encodeURIComponent(id)}`;
}
