/** The deposit's desktop page, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop page shares their panel, pickers and records through that chunk.
import './index';
export { RechargeDeskPage } from './components/desktop/recharge-desk-page';
