import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { useLoanText } from '../../strings';
import {
  ApplySection,
  isOpen,
  LoanLinks,
  LoanListSection,
  MyLoans,
  PayAllSection,
  PayOneSection,
} from '../loan-sections';
import { ProductList } from '../product-list';
import '../../loan.css';

/** A desktop panel with its heading. */
function Panel({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`desk-panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="desk-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /pages/desktop/loan/index: the user's loans beside the products; the whole history below (the phone's history-loan opens here). */
export function LoanDeskPage() {
  const l = useLoanText();
  const { t } = useTranslation();
  return (
    <div className="desk-page">
      <LoanLinks />
      <div className="desk-loan-top">
        <Panel id="desk-loan-mine" title={l('myLoans')}>
          <MyLoans />
        </Panel>
        <Panel id="desk-loan-products" title={l('products')}>
          <ProductList headingLevel={3} />
        </Panel>
      </div>
      <Panel id="desk-loan-history" title={t('routes.loanHistory')}>
        <LoanListSection empty={l('noLoans')} label={t('routes.loanHistory')} />
      </Panel>
    </div>
  );
}

/** /pages/desktop/loan/loan: the application beside the simulator (the page's heading is the frame's). */
export function LoanApplyDeskPage() {
  const { t } = useTranslation();
  return (
    <div className="desk-page">
      <section className="desk-panel desk-loan-apply" aria-label={t('routes.loanApply')}>
        <ApplySection />
      </section>
    </div>
  );
}

/** /pages/desktop/loan/list-pay-loan: the open loans with "Repay" and "Repay all"; the paid history beside them (the phone's paid-history opens here). */
export function LoanRepaymentsDeskPage() {
  const l = useLoanText();
  const { t } = useTranslation();
  return (
    <div className="desk-page">
      <nav className="loan-links" aria-label={t('routes.loanRepayments')}>
        <Link className="desktop-button" to={DESKTOP_PATHS.payAllLoans}>
          {l('payAll')}
        </Link>
        <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.loan}>
          {t('routes.loan')}
        </Link>
      </nav>
      <div className="desk-loan-top">
        <Panel id="desk-loan-open" title={l('openLoans')}>
          <LoanListSection state="open" empty={l('noOpenLoans')} label={l('openLoans')} payLink only={isOpen} />
        </Panel>
        <Panel id="desk-loan-paid" title={t('routes.paidHistory')}>
          <LoanListSection state="paid" empty={l('noPaid')} label={t('routes.paidHistory')} />
        </Panel>
      </div>
    </div>
  );
}

/** /pages/desktop/loan/pay-a-loan?id=. */
export function PayLoanDeskPage() {
  const { t } = useTranslation();
  return (
    <div className="desk-page desk-loan-narrow">
      <Panel id="desk-loan-pay" title={t('routes.payLoan')}>
        <PayOneSection />
      </Panel>
    </div>
  );
}

/** /pages/desktop/loan/pay-all-loan. */
export function PayAllLoansDeskPage() {
  const { t } = useTranslation();
  return (
    <div className="desk-page desk-loan-narrow">
      <Panel id="desk-loan-pay-all" title={t('routes.payAllLoans')}>
        <PayAllSection />
      </Panel>
    </div>
  );
}
