/** The financing desktop pages (holdings, products and history; subscribe), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop pages share their form, holdings and dialogs through that chunk.
import './index';
export { BuyFinancingDeskPage, FinancingDeskPage } from './components/desktop/financing-desk-page';
