import type { Language, UserLoanListQuery } from '@app/contract';

/**
 * The loans' query keys, under the session's token so another user never sees a cached list. An
 * application or a repayment changes the user's loans (`all`), with the ledger's queries (balances).
 * The products and the lists carry the language: the server names products in the request's language.
 */
export const loanKeys = {
  products: (language: Language) => ['loan', 'products', language] as const,
  rule: (productId: string, lang: string) => ['loan', 'rule', productId, lang] as const,
  all: (token: string | null) => ['loan', 'mine', token] as const,
  list: (token: string | null, state: UserLoanListQuery['state'], language: Language) =>
    [...loanKeys.all(token), 'list', state ?? 'all', language] as const,
};
