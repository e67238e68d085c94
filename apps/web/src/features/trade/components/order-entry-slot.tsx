import { OrderEntry } from './order-entry';

/**
 * Where the order entry (seconds contract and spot orders) goes on the trade chart page, below
 * the chart: components/order-entry.tsx.
 */
export function OrderEntrySlot({ symbol }: { symbol: string }) {
  return <OrderEntry symbol={symbol} />;
}
