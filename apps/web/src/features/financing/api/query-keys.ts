import type { Language, TypeUser } from '@app/contract';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';

/**
 * Financing's query keys, under the ledger's prefix and the account version (real or demo), so a
 * subscription, a redemption or a transfer (which invalidate the ledger's queries) refreshes the
 * products' quota, the holdings, the history and the estimate together. The products and the
 * subscriptions carry the language too: the server names products in the request's language.
 */
export const financingKeys = {
  all: (typeUser: TypeUser) => ledgerQueryKey(typeUser, 'financing'),
  products: (typeUser: TypeUser, language: Language) => [...financingKeys.all(typeUser), 'products', language] as const,
  estimate: (typeUser: TypeUser, productId: string, days: number, amount: string) =>
    [...financingKeys.all(typeUser), 'estimate', productId, days, amount] as const,
  subscriptions: (typeUser: TypeUser, language: Language) =>
    [...financingKeys.all(typeUser), 'subscriptions', language] as const,
};
