import type { TypeUser } from '@app/contract';

/**
 * Query keys of everything read from the ledger (balances, records, quotes). They start with
 * this prefix and carry the account version, so real and demo answers never share a cache
 * entry and one invalidation after a transfer, a trade or a version switch refreshes them all.
 */
export const LEDGER_QUERY_PREFIX = 'ledger';

export function ledgerQueryKey(typeUser: TypeUser, ...parts: ReadonlyArray<string | number | undefined>) {
  return [LEDGER_QUERY_PREFIX, typeUser, ...parts] as const;
}
