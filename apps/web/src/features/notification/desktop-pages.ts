/** The notification centre's desktop page (list and detail side by side), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './index';
export { NotificationDeskPage } from './components/desktop/notification-desk-page';
