/** The news desktop page, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
import './index';
export { NewsDeskPage } from './components/news-desk-page';
