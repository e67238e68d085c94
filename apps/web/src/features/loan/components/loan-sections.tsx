import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Loan } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { SelectField } from '../../../components/select-field';
import { PATHS } from '../../../lib/routing/paths';
import { useLoanProducts } from '../api/get-loan-products';
import { useUserLoans } from '../api/get-user-loans';
import { useLoanText } from '../strings';
import { ApplyForm } from './apply-form';
import { KycGate } from './kyc-gate';
import { LoanRecords } from './loan-record';
import { PayAllForm, PayOneForm } from './pay-forms';

export const isOpen = (loan: Loan) => loan.state === 'approved' || loan.state === 'partially_settled';

/** The ways between the loan pages: apply, repay, repay all, history, paid history. */
export function LoanLinks({ label }: { label?: string }) {
  const { t } = useTranslation();
  const links: [string, string][] = [
    [PATHS.loanApply, t('routes.loanApply')],
    [PATHS.loanRepayments, t('routes.loanRepayments')],
    [PATHS.payAllLoans, t('routes.payAllLoans')],
    [PATHS.loanHistory, t('routes.loanHistory')],
    [PATHS.paidHistory, t('routes.paidHistory')],
  ];
  return (
    <nav className="loan-links" aria-label={label ?? t('routes.loan')}>
      {links.map(([to, text]) => (
        <Link key={to} className="button button--secondary button--small" to={to}>
          {text}
        </Link>
      ))}
    </nav>
  );
}

/** The user's loans of `state` (all when none) as records, "Repay" on the open ones when `payLink`. */
export function LoanListSection({
  state,
  empty,
  label,
  payLink = false,
  only,
}: {
  state?: 'open' | 'paid';
  empty: string;
  label: string;
  payLink?: boolean;
  only?: (loan: Loan) => boolean;
}) {
  const loans = useUserLoans(state);
  if (loans.isError) return <PageLoadError onRetry={() => void loans.refetch()} />;
  if (!loans.data) return <DelayedLoading />;
  const items = only ? loans.data.items.filter(only) : loans.data.items;
  return (
    <LoanRecords
      loans={items}
      total={only ? items.length : loans.data.total}
      empty={empty}
      label={label}
      payLink={payLink}
    />
  );
}

/** The open loans (what they owe today, overdue marked, "Repay") and the applications waiting for review. */
export function MyLoans() {
  const l = useLoanText();
  return (
    <LoanListSection
      empty={l('noLoans')}
      label={l('myLoans')}
      payLink
      only={(loan) => isOpen(loan) || loan.state === 'pending'}
    />
  );
}

/** Apply: the identity check first, then a product (from `?product=`, else the first) and its form. */
export function ApplySection() {
  const l = useLoanText();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const products = useLoanProducts();
  const open = useUserLoans('open');
  if (products.isError) return <PageLoadError onRetry={() => void products.refetch()} />;
  if (!products.data || open.isPending) return <DelayedLoading />;
  const offered = products.data.filter((p) => p.enabled);
  const product = offered.find((p) => p.id === params.get('product')) ?? offered[0];
  if (!product) return <p className="empty-text">{l('noProducts')}</p>;
  return (
    <KycGate>
      {offered.length > 1 ? (
        <SelectField
          label={l('product')}
          value={product.id}
          options={offered.map((p) => ({ value: p.id, label: `${p.name} (${p.currency})` }))}
          onChange={(id) => setParams({ product: id }, { replace: true })}
        />
      ) : null}
      <ApplyForm
        key={product.id}
        product={product}
        openLoans={open.data?.items ?? []}
        onApplied={() => void navigate(PATHS.loanHistory)}
      />
    </KycGate>
  );
}

/** Repay one loan (`?id=`): its form, or why it cannot be paid; afterwards the repayments list. */
export function PayOneSection() {
  const l = useLoanText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = useUserLoans('open');
  if (open.isError) return <PageLoadError onRetry={() => void open.refetch()} />;
  if (!open.data) return <DelayedLoading />;
  const loan = open.data.items.find((x) => x.id === params.get('id'));
  if (!loan) {
    return (
      <div className="loan-gone">
        <p className="empty-text">{l('notPayable')}</p>
        <Link className="link link--strong" to={PATHS.loanRepayments}>
          {l('toRepayments')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <LoanRecords loans={[loan]} total={1} empty="" label={l('thisLoan')} />
      <PayOneForm loan={loan} onPaid={() => void navigate(PATHS.loanRepayments)} />
    </>
  );
}

/** Repay all: the quote and its payment; afterwards the paid history. */
export function PayAllSection() {
  const navigate = useNavigate();
  return <PayAllForm onPaid={() => void navigate(PATHS.paidHistory)} />;
}
