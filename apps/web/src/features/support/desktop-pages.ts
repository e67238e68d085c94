/** The customer-service chat in the desktop layout (a centred panel), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './index';
export { SupportDeskPage } from './components/support-pages';
