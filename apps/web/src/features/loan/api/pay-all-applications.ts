import { useMutation } from '@tanstack/react-query';
import { API, type LoanPaymentResult } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import type { PayQuoteRequest } from './pay-one-application';
import { useAfterPayment } from './use-after-payment';

/** `loan/pay-all-applications` with the quote of `estimate-paid-loans`: pays every loan it lists, once. The page shows a refusal (silent). */
export function payAllApplications({ quoteId, idempotencyKey }: PayQuoteRequest): Promise<LoanPaymentResult> {
  return apiPost<LoanPaymentResult>(API.loan.payAllApplications, { quoteId }, { silent: true, idempotencyKey });
}

export function usePayAllApplications() {
  const after = useAfterPayment();
  return useMutation({ mutationFn: payAllApplications, onSettled: after });
}
