import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../lib/routing/paths';
import { useLoanText } from '../strings';
import {
  ApplySection,
  isOpen,
  LoanLinks,
  LoanListSection,
  MyLoans,
  PayAllSection,
  PayOneSection,
} from './loan-sections';
import { ProductList } from './product-list';
import '../loan.css';

/** /pages/loan/index: the user's loans (what each owes today, overdue marked), the products, and the ways to apply, repay and look back. */
export function LoanPage() {
  const l = useLoanText();
  return (
    <div className="loan-page">
      <LoanLinks />
      <section className="loan-section" aria-labelledby="loan-mine">
        <h2 id="loan-mine" className="loan-section__title">
          {l('myLoans')}
        </h2>
        <MyLoans />
      </section>
      <section className="loan-section" aria-labelledby="loan-products">
        <h2 id="loan-products" className="loan-section__title">
          {l('products')}
        </h2>
        <ProductList headingLevel={3} />
      </section>
    </div>
  );
}

/** /pages/loan/components/loan: the application (KYC first, amount, photos, rules) beside the simulator. */
export function LoanApplyPage() {
  return (
    <div className="loan-page">
      <ApplySection />
    </div>
  );
}

/** /pages/loan/components/history-loan: every application and loan, newest first, with its state and figures. */
export function LoanHistoryPage() {
  const l = useLoanText();
  const { t } = useTranslation();
  return (
    <div className="loan-page">
      <LoanListSection empty={l('noLoans')} label={t('routes.loanHistory')} />
    </div>
  );
}

/** /pages/loan/components/list-pay-loan: the open loans, each with "Repay", and "Repay all". */
export function LoanRepaymentsPage() {
  const l = useLoanText();
  const { t } = useTranslation();
  return (
    <div className="loan-page">
      <nav className="loan-links" aria-label={t('routes.loanRepayments')}>
        <Link className="button button--primary button--small" to={PATHS.payAllLoans}>
          {l('payAll')}
        </Link>
        <Link className="button button--secondary button--small" to={PATHS.paidHistory}>
          {t('routes.paidHistory')}
        </Link>
      </nav>
      <LoanListSection state="open" empty={l('noOpenLoans')} label={l('openLoans')} payLink only={isOpen} />
    </div>
  );
}

/** /pages/loan/components/pay-a-loan?id=: one loan's pay-off, estimated then paid. */
export function PayLoanPage() {
  return (
    <div className="loan-page">
      <PayOneSection />
    </div>
  );
}

/** /pages/loan/components/pay-all-loan: every open loan paid at once with one quote. */
export function PayAllLoansPage() {
  return (
    <div className="loan-page">
      <PayAllSection />
    </div>
  );
}

/** /pages/loan/components/paid-history: the settled loans, what each cost and when it was paid. */
export function PaidHistoryPage() {
  const l = useLoanText();
  const { t } = useTranslation();
  return (
    <div className="loan-page">
      <LoanListSection state="paid" empty={l('noPaid')} label={t('routes.paidHistory')} />
    </div>
  );
}
