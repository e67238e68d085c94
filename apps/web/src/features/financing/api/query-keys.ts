import type { TypeUser } from '@app/contract';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';

/**
 * Financing's query keys, under the ledger's prefix and the account version (real or demo), so a
 * subscription, a redemption or a transfer (which invalidate the ledger's queries) refreshes the
 * products' quota, the holdings, the history and the estimate together.
 */
export const financingKeys = {
  all: (typeUser: TypeUser) => ledgerQueryKey(typeUser, 'financing'),
  products: (typeUser: TypeUser) => [...financingKeys.all(typeUser), 'products'] as const,
  estimate: (typeUser: TypeUser, productId: string, days: number, amount: string) =>
    [...financingKeys.all(typeUser), 'estimate', productId, days, amount] as const,
  subscriptions: (typeUser: TypeUser) => [...financingKeys.all(typeUser), 'subscriptions'] as const,
};
