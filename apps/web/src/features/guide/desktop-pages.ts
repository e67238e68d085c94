/** The novice guide's desktop page (the steps two by two), loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './strings';

export { GuideDeskPage } from './components/desktop/guide-desk-page';
