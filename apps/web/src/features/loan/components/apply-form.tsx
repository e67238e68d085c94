import type { FormEvent } from 'react';
import { useId } from 'react';
import { formatRatePercent } from '../../../lib/format';
import type { Loan, LoanProduct } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useApplyForm } from '../hooks/use-apply-form';
import { useLoanText } from '../strings';
import { coinAmount } from './loan-format';
import { LoanSimulator } from './loan-simulator';
import { PhotoPicker } from './photo-picker';
import { LoanRules, ProductTerms } from './product-list';

/**
 * The application (docs/product.md §5) for one product: its terms, the amount, the document photos, the rules
 * to read and accept; the simulator follows the amount typed, above the button that applies (beside
 * the fields on the desktop).
 */
export function ApplyForm({
  product,
  openLoans,
  onApplied,
}: {
  product: LoanProduct;
  openLoans: readonly Loan[];
  onApplied: (loan: Loan) => void;
}) {
  const l = useLoanText();
  const form = useApplyForm(product, onApplied);
  const termsId = useId();
  const coin = product.currency;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <div className="loan-apply">
      <form
        ref={form.formRef}
        className="form loan-form"
        noValidate
        onSubmit={onSubmit}
        aria-label={l('applyFor', { name: product.name })}
      >
        <div className="loan-form__fields">
          <ProductTerms product={product} />
          <TextField
            label={l('amountLabel', { coin })}
            value={form.amount}
            onChange={form.setAmount}
            inputMode="decimal"
            autoComplete="off"
            error={form.errors.amount}
            hint={l('rangeValue', {
              min: coinAmount(product.minAmount, coin),
              max: coinAmount(product.maxAmount, coin),
            })}
          />
          <PhotoPicker
            photos={form.photos.photos}
            full={form.photos.full}
            error={form.errors.photos}
            onAdd={form.addPhotos}
            onRemove={form.photos.remove}
          />
          <section className="loan-terms" aria-labelledby={`${termsId}-title`}>
            <h2 id={`${termsId}-title`} className="field__label">
              {l('rules')}
            </h2>
            <div className="loan-terms__text" tabIndex={0} role="region" aria-labelledby={`${termsId}-title`}>
              <LoanRules productId={product.id} />
            </div>
            <label className="loan-check loan-terms__accept">
              <input
                type="checkbox"
                checked={form.accepted}
                onChange={(e) => form.setAccepted(e.target.checked)}
                aria-invalid={form.errors.terms ? true : undefined}
                aria-describedby={form.errors.terms ? `${termsId}-error` : undefined}
              />
              <span>
                {l('accept', {
                  rate: formatRatePercent(product.dailyRate),
                  late: formatRatePercent(product.lateDailyRate),
                })}
              </span>
            </label>
            {form.errors.terms ? (
              <p className="field__error" id={`${termsId}-error`}>
                {form.errors.terms}
              </p>
            ) : null}
          </section>
        </div>
        {/* What it would cost, before the button that applies (beside the fields on the desktop: loan.css). */}
        <LoanSimulator product={product} principal={form.minor} openLoans={openLoans} />
        <SubmitButton loading={form.pending} disabled={form.photos.uploading}>
          {l('submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
