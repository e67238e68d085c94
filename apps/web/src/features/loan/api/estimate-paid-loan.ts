import { useMutation } from '@tanstack/react-query';
import { API, type EstimateLoanBody, type LoanQuote } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';

/** `loan/estimate-paid-loan`: a binding quote to pay one loan, all it owes today or a part `amount`. The page shows a refusal (silent). */
export function estimatePaidLoan(body: EstimateLoanBody): Promise<LoanQuote> {
  return apiPost<LoanQuote>(API.loan.estimatePaidLoan, body, { silent: true });
}

export function useEstimatePaidLoan() {
  return useMutation({ mutationFn: estimatePaidLoan });
}
