/** The ranking's desktop page (three rankings side by side), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './strings';

export { RankingDeskPage } from './components/desktop/ranking-desk-page';
