/** The VIP page (a home shortcut; docs/vip.md), composed by app/route-table.ts. */
import './strings';

export { VipPage } from './components/vip-page';
