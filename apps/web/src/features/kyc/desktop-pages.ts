/** The identity verification's desktop page, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop page shares their forms and hooks through that chunk.
import './index';
export { KycDeskPage } from './components/desktop/kyc-desk-page';
