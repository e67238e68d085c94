/**
 * One order's detail for the desktop dashboard's dialog (app/desktop/dashboard/trade-detail-dialog.tsx),
 * apart from features/trade/desktop.ts so that its code loads only when an order is opened.
 */
// The feature's mobile pages come first: the detail is the mobile detail page's code, kept in that
// chunk rather than split into a new one (the mobile pages and the first route keep their chunks).
import './index';
export { TradeDetailContent } from './components/trade-detail-page';
export { useTradeDetail } from './hooks/use-trade-detail';
