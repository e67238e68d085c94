import { useMutation } from '@tanstack/react-query';
import { API, type LoanPaymentResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useAfterPayment } from './use-after-payment';

export interface PayQuoteRequest {
  quoteId: string;
  /** One per quote: sending the same quote again (an answer lost on the way) reuses it, so the money moves once. */
  idempotencyKey: string;
}

/** `loan/pay-one-application`: pays a quote of `estimate-paid-loan`, once. The page shows a refusal (silent). */
export function payOneApplication({ quoteId, idempotencyKey }: PayQuoteRequest): Promise<LoanPaymentResult> {
  return apiPost<LoanPaymentResult>(API.loan.payOneApplication, { quoteId }, { silent: true, idempotencyKey });
}

export function usePayOneApplication() {
  const after = useAfterPayment();
  // Settled either way: a refused payment may still have used the quote.
  return useMutation({ mutationFn: payOneApplication, onSettled: after });
}
