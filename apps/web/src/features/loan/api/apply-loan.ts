import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Loan, type LoanApplyBody } from '@app/contract';
import { apiPost } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** `loan/createLoanProduct` (its name in docs/product.md): an application, waiting for review. The form shows a refusal (silent). */
export function applyLoan(body: LoanApplyBody): Promise<Loan> {
  return apiPost<Loan>(API.loan.createLoanProduct, body, { silent: true });
}

export function useApplyLoan() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: applyLoan,
    onSuccess: () => void client.invalidateQueries({ queryKey: loanKeys.all(token) }),
  });
}
