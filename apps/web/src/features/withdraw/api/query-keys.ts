/**
 * The address book's query keys, under the session's token so another user never sees a cached
 * list. Saving or deleting changes both the list and every coin's `info`.
 */
export const addressBookKeys = {
  all: (token: string | null) => ['withdraw', 'addresses', token] as const,
  list: (token: string | null) => [...addressBookKeys.all(token), 'list'] as const,
  info: (token: string | null, currency: string) => [...addressBookKeys.all(token), 'info', currency] as const,
};
