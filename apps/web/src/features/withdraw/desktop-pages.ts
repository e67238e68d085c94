/** The withdrawal desktop pages (the form with the history and address book; the history alone), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop page shares their list, form and dialog through that chunk.
import './index';
export { WithdrawDeskPage, WithdrawHistoryDeskPage } from './components/desktop/withdraw-desk-page';
