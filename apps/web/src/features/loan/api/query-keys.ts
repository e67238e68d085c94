import type { UserLoanListQuery } from '@app/contract';

/**
 * The loans' query keys, under the session's token so another user never sees a cached list. An
 * application or a repayment changes the user's loans (`all`), with the ledger's queries (balances).
 */
export const loanKeys = {
  products: ['loan', 'products'] as const,
  rule: (productId: string, lang: string) => ['loan', 'rule', productId, lang] as const,
  all: (token: string | null) => ['loan', 'mine', token] as const,
  list: (token: string | null, state: UserLoanListQuery['state']) =>
    [...loanKeys.all(token), 'list', state ?? 'all'] as const,
};
