/** The trade-detail page of one order (spec §2 /pages/trade-detail/index). */
export const TRADE_DETAIL_PATH = '/pages/trade-detail/index';

export type OrderKind = 'contract' | 'spot';

export function tradeDetailPath(kind: OrderKind, id: number): string {
  return `${TRADE_DETAIL_PATH}?kind=${kind}&id=${id}`;
}
