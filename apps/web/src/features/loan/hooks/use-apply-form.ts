import { useState } from 'react';
import { ERRORS, LOAN_PHOTOS_MIN, type Loan, type LoanProduct } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback/toast';
import { formatExact } from '../../../lib/format';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useApplyLoan } from '../api/apply-loan';
import { checkAmount, scaleOf } from '../model/simulator';
import { useLoanText } from '../strings';
import { useLoanPhotos } from './use-loan-photos';

export type ApplyField = 'amount' | 'photos' | 'terms';

/** The server's refusals that belong to a field of the form (the others are a toast). */
const FIELD_OF_CODE = new Map<number, ApplyField>([
  [ERRORS.AMOUNT_INVALID.code, 'amount'],
  [ERRORS.AMOUNT_OUT_OF_RANGE.code, 'amount'],
  [ERRORS.PHOTOS_TOO_FEW.code, 'photos'],
  [ERRORS.LOAN_PHOTO_INVALID.code, 'photos'],
  [ERRORS.LOAN_TERMS_NOT_ACCEPTED.code, 'terms'],
]);

/**
 * The application (docs/product.md §5): an amount within the product's range, at least three document photos,
 * the rules accepted. Checked here first, then by the server (whose refusal lands on its field);
 * the application goes to `onApplied`.
 */
export function useApplyForm(product: LoanProduct, onApplied: (loan: Loan) => void) {
  const l = useLoanText();
  const [amount, setAmount] = useState('');
  const [accepted, setAccepted] = useState(false);
  const photos = useLoanPhotos();
  const { errors, formRef, report, clear, edit } = useFormErrors<ApplyField>();
  const send = useApplyLoan();
  const checked = checkAmount(amount, product);
  const coin = product.currency;

  const amountError = (): string | undefined => {
    if ('minor' in checked) return undefined;
    switch (checked.problem) {
      case 'empty':
        return l('amountEmpty');
      case 'invalid':
        return l('amountInvalid', { decimals: scaleOf(product.minAmount) });
      case 'below':
        return l('amountBelow', { min: formatExact(product.minAmount), coin });
      case 'above':
        return l('amountAbove', { max: formatExact(product.maxAmount), coin });
    }
  };

  const submit = () => {
    if (photos.uploading || send.isPending) return;
    const found: Partial<Record<ApplyField, string>> = {
      amount: amountError(),
      photos: photos.paths.length < LOAN_PHOTOS_MIN ? catalogMessage('PHOTOS_TOO_FEW') : undefined,
      terms: accepted ? undefined : l('termsRequired'),
    };
    if (report(found)) return;
    send.mutate(
      { productId: product.id, amount: amount.trim(), photos: photos.paths, acceptTerms: true },
      {
        onSuccess: (loan) => {
          toastSuccess(l('submitted'));
          onApplied(loan);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE.get(error.code) : undefined;
          if (field) report({ [field]: error.message });
          else toastError(error.message);
        },
      },
    );
  };

  return {
    amount,
    setAmount: edit('amount', setAmount),
    accepted,
    setAccepted: edit('terms', setAccepted),
    photos,
    addPhotos: (files: readonly File[]) => {
      clear('photos');
      photos.add(files);
    },
    minor: 'minor' in checked ? checked.minor : null,
    errors,
    formRef,
    submit,
    pending: send.isPending,
  };
}
