/**
 * The shared market-data client: the websocket streams, live ticks, figure formatting and the
 * market routes several features link to. Features import this face; the socket and its
 * connection pool stay internal (market.css is imported by the components that use it).
 */
export { changeSign, formatCompact, formatCompactWhole, formatPercent, formatPrice, formatSigned } from './format';
export { QUOTE_PATH, SEARCH_PATH, quotePath, tradeChartPath } from './paths';
export {
  applyTick,
  compareDecimals,
  mergeTicks,
  nextDirection,
  withLiveQuote,
  type LiveQuote,
  type LiveTicker,
  type PriceDirection,
} from './ticks';
export type { DataMessage, StreamRequest } from './socket';
export { useLiveTickers } from './use-live-tickers';
export { usePricesStale } from './use-prices-stale';
export { useMarketStream, useOpenOrdersStream, type StreamHandlers } from './use-market-stream';
