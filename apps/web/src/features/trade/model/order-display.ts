import { instrumentOf, MONEY_DISPLAY_DECIMALS, type Contract, type SpotOrder } from '@app/contract';
import { formatDateTime, formatDecimal, formatMoney, formatPrice, formatSigned, NO_VALUE } from '../../../lib/format';

export { formatMoney };

/** docs/product.md §9 status texts: an open order is "Processing", a settled or filled one "Completed". */
export type OrderStatusKey = 'processing' | 'completed' | 'cancelled';

export function contractStatusKey(c: Pick<Contract, 'status'>): OrderStatusKey {
  return c.status === 'open' ? 'processing' : 'completed';
}

export function spotStatusKey(o: Pick<SpotOrder, 'status'>): OrderStatusKey {
  return o.status === 'open' ? 'processing' : o.status === 'filled' ? 'completed' : 'cancelled';
}

/** A price of `symbol` with its instrument's decimals. */
export function formatSymbolPrice(symbol: string, value: string | null | undefined): string {
  return formatPrice(value, instrumentOf(symbol)?.priceDecimals ?? 2);
}

/** An amount of `symbol`'s base coin with its amount decimals. */
export function formatSymbolAmount(symbol: string, value: string | null | undefined): string {
  return value == null ? NO_VALUE : formatDecimal(value, instrumentOf(symbol)?.amountDecimals ?? 5);
}

/** A signed profit: "+8.00", "-10.00", "0.00". */
export function formatProfit(value: string | null | undefined): string {
  return formatSigned(value, MONEY_DISPLAY_DECIMALS);
}

/** A time of an order, or "--" while it has none (a close time of an open contract). */
export function formatTime(ms: number | null | undefined): string {
  return ms == null ? '--' : formatDateTime(ms);
}

/** The colour class of a signed amount: gains green, losses red, zero plain. */
export function signClass(value: string | null | undefined): string {
  if (value == null || /^-?[0.]+$/.test(value)) return '';
  return value.startsWith('-') ? ' is-negative' : ' is-positive';
}

/** The price feeds a customer is told about; any other (a benchmark's, a future one) is the platform's. */
export type PriceSourceKey = 'simulator' | 'binance' | 'other';

/** The locale key under `orders.priceSources` for the feed a deciding tick came from (never the feed's internal name). */
export function priceSourceKey(source: string): PriceSourceKey {
  return source === 'simulator' || source === 'binance' ? source : 'other';
}
