/** The profile feature's desktop page, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The feature's mobile pages come first: the desktop pages share their hooks and components
// through that chunk, so the shared code is not split out of it into new files (the mobile pages
// and the mobile first route keep their chunks and sizes).
import './index';
export { AccountDeskPage } from './components/desktop/account-desk-page';
