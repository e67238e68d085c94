/** The trade feature's pages, composed by app/route-table.ts. */
export { TradeChartPage } from './components/trade-chart-page';
export { TradeDetailPage } from './components/trade-detail-page';
export { OrderHistoryPage } from './components/order-history-page';
