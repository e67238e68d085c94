/** The loan desktop pages, loaded by the desktop layout only (app/desktop/desktop-routes.tsx). */
// The mobile pages come first: the desktop pages share their sections, forms and simulator through that chunk.
import './index';
export {
  LoanApplyDeskPage,
  LoanDeskPage,
  LoanRepaymentsDeskPage,
  PayAllLoansDeskPage,
  PayLoanDeskPage,
} from './components/desktop/loan-desk-pages';
