import { useState, type FormEvent } from 'react';
import { ERRORS, type Loan, type LoanPaymentResult, type LoanQuote } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api/api-client';
import { useKeyMemo } from '../../../lib/api/idempotency';
import { toastError, toastSuccess } from '../../../lib/feedback/toast';
import { useEstimatePaidLoan } from '../api/estimate-paid-loan';
import { useEstimatePaidLoans } from '../api/estimate-paid-loans';
import { usePayAllApplications } from '../api/pay-all-applications';
import { usePayOneApplication } from '../api/pay-one-application';
import { useLoanText } from '../strings';
import { coinAmount } from './loan-format';
import { QuoteView } from './quote-view';

/** Refusals after which the quote shown cannot be paid any more: a new estimate is needed. */
const QUOTE_GONE = new Set<number>([
  ERRORS.LOAN_QUOTE_INVALID.code,
  ERRORS.LOAN_QUOTE_USED.code,
  ERRORS.LOAN_QUOTE_STALE.code,
  ERRORS.LOAN_NOT_PAYABLE.code,
]);

/** The confirm button under a quote, disabled when the balance is short. */
function PayButton({ quote, pending, onPay }: { quote: LoanQuote; pending: boolean; onPay: () => void }) {
  const l = useLoanText();
  return (
    <button
      type="button"
      className="button button--primary loan-pay"
      disabled={!quote.enough || pending}
      onClick={onPay}
    >
      {pending ? l('paying') : l('payAmount', { amount: coinAmount(quote.total, quote.currency) })}
    </button>
  );
}

/**
 * The Idempotency-Key of each quote shown, by its id: paying the same quote again (after a lost
 * answer) sends the same key, so the money moves once; every new quote has a new id, so a new key.
 */
const useQuoteKeys = () => useKeyMemo<string>();

function usePaid(onPaid: (result: LoanPaymentResult) => void) {
  const l = useLoanText();
  return (result: LoanPaymentResult) => {
    toastSuccess(l('paid', { amount: coinAmount(result.paid, result.currency) }));
    onPaid(result);
  };
}

/**
 * pay-a-loan: all the loan owes today or a part, estimated (`estimate-paid-loan`: principal,
 * interest, regular and late days, total, balance, enough), then paid once (`pay-one-application`).
 */
export function PayOneForm({ loan, onPaid }: { loan: Loan; onPaid: (result: LoanPaymentResult) => void }) {
  const l = useLoanText();
  const [part, setPart] = useState(false);
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState<LoanQuote | null>(null);
  const keys = useQuoteKeys();
  const estimate = useEstimatePaidLoan();
  const pay = usePayOneApplication();
  const paid = usePaid(onPaid);
  const onEstimate = (event: FormEvent) => {
    event.preventDefault();
    setShown(null);
    estimate.mutate(part ? { id: loan.id, amount: amount.trim() } : { id: loan.id }, { onSuccess: (q) => setShown(q) });
  };
  const onPay = () => {
    if (!shown) return;
    pay.mutate(
      { quoteId: shown.quoteId, idempotencyKey: keys.keyFor(shown.quoteId) },
      {
        onSuccess: paid,
        onError: (error) => {
          toastError(error.message);
          if (error instanceof ApiError && QUOTE_GONE.has(error.code)) setShown(null);
        },
      },
    );
  };
  // The server's refusal of the estimate (an amount above what it owes, not payable): said under the form.
  const refusal = estimate.error?.message;
  return (
    <div className="loan-pay-form">
      <form className="form" noValidate onSubmit={onEstimate} aria-label={l('payLabel', { number: loan.number })}>
        <fieldset className="loan-choice">
          <legend className="field__label">{l('howMuch')}</legend>
          <label className="loan-check">
            <input
              type="radio"
              name="loan-pay-mode"
              checked={!part}
              onChange={() => {
                setPart(false);
                setShown(null);
              }}
            />
            <span>{l('payFull', { amount: coinAmount(loan.toPay, loan.currency) })}</span>
          </label>
          <label className="loan-check">
            <input
              type="radio"
              name="loan-pay-mode"
              checked={part}
              onChange={() => {
                setPart(true);
                setShown(null);
              }}
            />
            <span>{l('payPart')}</span>
          </label>
        </fieldset>
        {part ? (
          <TextField
            label={l('amountLabel', { coin: loan.currency })}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setShown(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            error={refusal}
          />
        ) : null}
        <SubmitButton loading={estimate.isPending}>{l('estimate')}</SubmitButton>
      </form>
      {!part && refusal ? (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      ) : null}
      {shown ? (
        <>
          <QuoteView quote={shown} />
          <PayButton quote={shown} pending={pay.isPending} onPay={onPay} />
        </>
      ) : null}
    </div>
  );
}

/** pay-all-loan: what every open loan owes today (`estimate-paid-loans`), paid at once with that quote (`pay-all-applications`). */
export function PayAllForm({ onPaid }: { onPaid: (result: LoanPaymentResult) => void }) {
  const l = useLoanText();
  const estimate = useEstimatePaidLoans();
  const keys = useQuoteKeys();
  const pay = usePayAllApplications();
  const paid = usePaid(onPaid);
  if (estimate.isError) return <PageLoadError onRetry={() => void estimate.refetch()} />;
  if (!estimate.data) return <DelayedLoading />;
  const { quoteId, expiresAt } = estimate.data;
  // No open loan: an empty quote (nothing to pay is a state, not an error).
  if (quoteId === null || expiresAt === null)
    return (
      <p className="empty-text" data-testid="loans-empty">
        {l('noOpenLoans')}
      </p>
    );
  const quote: LoanQuote = { ...estimate.data, quoteId, expiresAt };
  const onPay = () => {
    pay.mutate(
      { quoteId: quote.quoteId, idempotencyKey: keys.keyFor(quote.quoteId) },
      {
        onSuccess: paid,
        onError: (error) => {
          toastError(error.message);
          if (error instanceof ApiError && QUOTE_GONE.has(error.code)) void estimate.refetch();
        },
      },
    );
  };
  return (
    <div className="loan-pay-form">
      <QuoteView quote={quote} />
      <div className="loan-pay-form__actions">
        <PayButton quote={quote} pending={pay.isPending} onPay={onPay} />
        <button
          type="button"
          className="button button--secondary"
          disabled={estimate.isFetching}
          onClick={() => void estimate.refetch()}
        >
          {l('newQuote')}
        </button>
      </div>
    </div>
  );
}
