/** The VIP desktop page (standing beside the tiers), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './strings';

export { VipDeskPage } from './components/desktop/vip-desk-page';
