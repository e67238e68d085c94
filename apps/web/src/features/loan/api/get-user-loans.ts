import { useQuery } from '@tanstack/react-query';
import { API, type LoanPage, type UserLoanListQuery } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';
import { loanKeys } from './query-keys';

/** The most loans a page lists (the API's page size cap); the screens say when there are more. */
export const LOANS_PAGE_SIZE = 100;
/** How often a list asks again while an application waits for review (the operator's decision shows without a reload). */
export const LOANS_REFRESH_MS = 4_000;

/** `loan/userProductList`: the user's loans, newest first; `open` = what can be repaid, `paid` = settled. */
export function getUserLoans(state: UserLoanListQuery['state']): Promise<LoanPage> {
  return apiGet<LoanPage>(API.loan.userProductList, { page: 1, size: LOANS_PAGE_SIZE, state });
}

export function useUserLoans(state?: UserLoanListQuery['state']) {
  const token = useSessionStore((s) => s.token);
  const language = useSessionStore((s) => s.language);
  return useQuery({
    queryKey: loanKeys.list(token, state, language),
    queryFn: () => getUserLoans(state),
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.some((l) => l.state === 'pending') ? LOANS_REFRESH_MS : false),
  });
}
