/** The withdrawal desktop page, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop page shares their list, form and dialog through that chunk.
import './index';
export { WithdrawDeskPage } from './components/desktop/withdraw-desk-page';
