import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Loan } from '@app/contract';
import { dateTimeAttribute, formatDateTime, formatRatePercent } from '../../../lib/format';
import { PATHS } from '../../../lib/routing/paths';
import { useLoanText } from '../strings';
import { coinAmount, utcDate } from './loan-format';

/** A loan's state (docs/product.md §4) and, while it is owed past its due date, "Overdue". */
export function LoanState({ loan }: { loan: Loan }) {
  const l = useLoanText();
  return (
    <span className="loan-state-line">
      <span className={`loan-state loan-state--${loan.state}`} data-testid="loan-state" data-state={loan.state}>
        {l(`states.${loan.state}`)}
      </span>
      {loan.overdue ? (
        <span className="loan-overdue" data-testid="loan-overdue">
          {l('overdueDays', { count: loan.overdueDays })}
        </span>
      ) : null}
    </span>
  );
}

function Field({
  label,
  children,
  wide,
  testId,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={wide ? 'is-wide' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

const when = (ms: number | null) =>
  ms === null ? null : <time dateTime={dateTimeAttribute(ms)}>{formatDateTime(ms)}</time>;

/**
 * One loan with the fields of docs/product.md §3: borrowed amount, period, interest, estimated payment date,
 * approved, rejected and paid dates, amount due, amount paid, money to be paid; a rejection's reason
 * and note; "Repay" while it is open (`payLink`).
 */
export function LoanRecord({ loan, payLink = false }: { loan: Loan; payLink?: boolean }) {
  const l = useLoanText();
  const of = (v: string) => coinAmount(v, loan.currency);
  const open = loan.state === 'approved' || loan.state === 'partially_settled';
  return (
    <li
      className={`record loan-record${loan.overdue ? ' is-overdue' : ''}`}
      data-testid="loan-record"
      data-number={loan.number}
      data-state={loan.state}
    >
      <div className="record__main">
        <span className="record__title">{loan.productName}</span>
        <span className="record__amount mono">{of(loan.amount)}</span>
      </div>
      <div className="record__meta">
        <LoanState loan={loan} />
        {when(loan.createdAt)}
      </div>
      <dl className="record__details">
        <Field label={l('fields.amount')}>{of(loan.amount)}</Field>
        <Field label={l('fields.period')}>{l('days', { count: loan.periodDays })}</Field>
        <Field label={l('fields.interest')}>{of(loan.interest)}</Field>
        <Field label={l('fields.rates')}>
          {l('ratesValue', { rate: formatRatePercent(loan.dailyRate), late: formatRatePercent(loan.lateDailyRate) })}
        </Field>
        {loan.dueAt !== null ? <Field label={l('fields.dueAt')}>{utcDate(loan.dueAt)}</Field> : null}
        <Field label={l('fields.amountDue')}>{of(loan.amountDue)}</Field>
        {loan.approvedAt !== null ? <Field label={l('fields.approvedAt')}>{when(loan.approvedAt)}</Field> : null}
        {loan.rejectedAt !== null ? <Field label={l('fields.rejectedAt')}>{when(loan.rejectedAt)}</Field> : null}
        {loan.state !== 'pending' && loan.state !== 'rejected' ? (
          <Field label={l('fields.amountPaid')}>{of(loan.amountPaid)}</Field>
        ) : null}
        {loan.paidAt !== null ? <Field label={l('fields.paidAt')}>{when(loan.paidAt)}</Field> : null}
        {open ? (
          <Field label={l('fields.toPay')} testId="loan-to-pay">
            {of(loan.toPay)}
          </Field>
        ) : null}
        {loan.rejectReason ? (
          <Field label={l('fields.reason')} wide testId="loan-reason">
            {l(`rejectReasons.${loan.rejectReason}`)}
          </Field>
        ) : null}
        {loan.rejectNote ? (
          <Field label={l('fields.note')} wide>
            {loan.rejectNote}
          </Field>
        ) : null}
        <Field label={l('fields.number')} wide>
          <span className="mono">{loan.number}</span>
        </Field>
      </dl>
      {payLink && open ? (
        <div className="loan-record__actions">
          <Link
            className="button button--primary button--small"
            to={`${PATHS.payLoan}?id=${encodeURIComponent(loan.id)}`}
            aria-label={l('payLabel', { number: loan.number })}
          >
            {l('pay')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/** A list of loans (newest first), or what to say when there is none; "latest N" when the page is full. */
export function LoanRecords({
  loans,
  total,
  empty,
  label,
  payLink = false,
}: {
  loans: readonly Loan[];
  total: number;
  empty: string;
  label: string;
  payLink?: boolean;
}) {
  const l = useLoanText();
  if (loans.length === 0)
    return (
      <p className="empty-text" data-testid="loans-empty">
        {empty}
      </p>
    );
  return (
    <>
      <ul className="record-list loan-list" aria-label={label}>
        {loans.map((loan) => (
          <LoanRecord key={loan.id} loan={loan} payLink={payLink} />
        ))}
      </ul>
      {total > loans.length ? <p className="loan-note">{l('latestOnly', { count: loans.length, total })}</p> : null}
    </>
  );
}
