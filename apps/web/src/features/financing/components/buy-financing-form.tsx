import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FinancingEstimate, FinancingProduct, FinancingSubscription } from '@app/contract';
import { ChoiceChips } from '../../../components/choice-chips';
import { useConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { toastSuccess } from '../../../lib/feedback/toast';
import { formatExact } from '../../../lib/format';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useBuyFinancing, type BuyFinancingState } from '../hooks/use-buy-financing';
import type { AmountProblem } from '../model/financing-form';
import { useFinancingText } from '../strings';
import { EstimateFigures } from './estimate-figures';
import { transferInPath } from './holdings';
import { ProductFacts, useTermLabel } from './product-facts';

/** The words of an amount's problem: the server's catalogue where it has them, else the page's own. */
function useProblemText(product: FinancingProduct) {
  const f = useFinancingText();
  const coin = product.currency;
  return (problem: AmountProblem, available: string | undefined): string => {
    switch (problem) {
      case 'required':
        return catalogMessage('FIELD_REQUIRED');
      case 'invalid':
      case 'zero':
        return catalogMessage('AMOUNT_INVALID');
      case 'belowMin':
        return f('belowMin', { min: formatExact(product.minAmount), coin });
      case 'aboveMax':
        return f('aboveMax', { max: formatExact(product.maxAmount), coin });
      case 'aboveRemaining':
        return catalogMessage('QUOTA_EXHAUSTED', { remaining: formatExact(product.remaining), currency: coin });
      case 'short':
        return `${catalogMessage('BALANCE_NOT_ENOUGH')}. ${f('short', { amount: formatExact(available ?? '0'), coin })}`;
    }
  };
}

/** Under the amount: the live estimate, or why there is none yet. */
function EstimatePart({ form }: { form: BuyFinancingState }) {
  const f = useFinancingText();
  const { estimate, current } = form;
  if (form.problem !== null) return null;
  if (estimate.isError && !estimate.isFetching) {
    return (
      <p className="field__error" role="alert" data-testid="financing-estimate-error">
        {estimate.error.message}
      </p>
    );
  }
  if (!current) {
    return (
      <p className="financing-note" aria-live="polite">
        {f('estimating')}
      </p>
    );
  }
  return (
    <section className="financing-estimate-box" aria-label={f('estimate')} aria-live="polite">
      <EstimateFigures estimate={current} />
    </section>
  );
}

export interface BuyFinancingFormProps {
  product: FinancingProduct;
  initialDays: number | null;
  onSubscribed: (subscription: FinancingSubscription) => void;
}

/**
 * Subscribing to one product: the term (days and rate), the amount with its checks, the live
 * estimate (interest, total, accrual start, maturity in the user's time and the UTC rule), the
 * early-redemption rule, and a confirmation with the same figures before anything moves.
 */
export function BuyFinancingForm({ product, initialDays, onSubscribed }: BuyFinancingFormProps) {
  const { t } = useTranslation();
  const f = useFinancingText();
  const termLabel = useTermLabel();
  const problemText = useProblemText(product);
  const modal = useConfirmModal();
  const confirm = (estimate: FinancingEstimate) =>
    modal.ask({
      title: f('confirmTitle'),
      content: <EstimateFigures estimate={estimate} full />,
      confirmText: f('confirm'),
      cancelText: t('common.cancel'),
    });
  const form = useBuyFinancing(product, initialDays, confirm, (s) => {
    toastSuccess(f('subscribed'));
    onSubscribed(s);
  });
  const coin = product.currency;
  const amountError = form.problem !== null && form.showProblem ? problemText(form.problem, form.available) : undefined;
  return (
    <>
      <form
        className="form financing-form"
        noValidate
        onSubmit={form.onSubmit}
        aria-label={f('subscribeTo', { name: product.name })}
      >
        <h2 className="section-title financing-form__title">
          {product.name} <span className="financing-coin">{coin}</span>
        </h2>
        <ChoiceChips
          legend={f('term')}
          options={product.terms.map((term) => ({ value: String(term.days), label: termLabel(term) }))}
          value={form.term ? String(form.term.days) : undefined}
          onChange={form.setTerm}
        />
        <TextField
          label={f('amount')}
          hint={f('amountHint', { amount: form.available !== undefined ? formatExact(form.available) : '--', coin })}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onChange={form.setAmount}
          error={amountError}
          end={
            <button type="button" className="field__text-button" onClick={form.fillMax}>
              {f('all')}
            </button>
          }
        />
        {form.problem === 'short' ? (
          <Link className="link link--strong" to={transferInPath(coin)} data-testid="financing-transfer-in">
            {f('transferIn')}
          </Link>
        ) : null}
        <EstimatePart form={form} />
        <ProductFacts product={product} />
        {form.error ? (
          <p className="field__error" role="alert" data-testid="financing-buy-error">
            {form.error}
          </p>
        ) : null}
        <SubmitButton loading={form.pending} disabled={!product.onSale}>
          {product.onSale ? f('subscribe') : f('notOnSale')}
        </SubmitButton>
      </form>
      {modal.element}
    </>
  );
}
