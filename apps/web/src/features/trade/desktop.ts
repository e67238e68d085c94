/**
 * What the desktop layout's trading dashboard (app/desktop/dashboard/) takes from the trade
 * feature: the chart, the order forms and their hooks, the order lists and the live feeds, the
 * same parts the mobile trade chart page is made of.
 */
export { CandleChart } from './components/candle-chart';
export { ContractPanel } from './components/contract-panel';
export { SpotPanel } from './components/spot-panel';
export { OrderList } from './components/order-list';
export { useDashboardOrders, type DashboardOrdersTab } from './hooks/use-dashboard-orders';
export { useChartParams } from './hooks/use-chart-params';
export { useOrderEntry, type EntryTab } from './hooks/use-order-entry';
export { useRecentTrades } from './hooks/use-recent-trades';
export { useSymbolFeed } from './hooks/use-symbol-feed';
export { formatTime } from './model/order-display';
