/**
 * The address book's query keys, under the session's token so another user never sees a cached
 * list. Saving or deleting changes both the list and every coin's `info`.
 */
export const addressBookKeys = {
  all: (token: string | null) => ['withdraw', 'addresses', token] as const,
  list: (token: string | null) => [...addressBookKeys.all(token), 'list'] as const,
  info: (token: string | null, currency: string) => [...addressBookKeys.all(token), 'info', currency] as const,
};

/**
 * Withdrawals' query keys (the fee and limits of a coin on a chain, the history), under the token
 * too. A confirmed or cancelled withdrawal changes both (the balance and the daily limit left, the
 * records): `all` is what such a change invalidates, with the ledger's queries (balances).
 */
export const withdrawalKeys = {
  all: (token: string | null) => ['withdraw', 'withdrawals', token] as const,
  fee: (token: string | null, currency: string, chainType: string) =>
    [...withdrawalKeys.all(token), 'fee', currency, chainType] as const,
  list: (token: string | null, currency: string | undefined) =>
    [...withdrawalKeys.all(token), 'list', currency ?? ''] as const,
};
