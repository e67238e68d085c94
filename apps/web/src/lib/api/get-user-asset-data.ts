import { useQuery } from '@tanstack/react-query';
import { API, type UserAssetData } from '@app/contract';
// From number.ts itself, not lib/format's index: that module is on the first route already (with the API client).
import { isZeroDecimal } from '../format/number';
import { useSessionStore } from '../session/session-store';
import { apiGet } from './api-client';
import { ledgerQueryKey } from './ledger-query';

/** Every account's balances valued in USDT, and the total (assets, account detail, wallet, home, the dashboard). */
export function getUserAssetData(): Promise<UserAssetData> {
  return apiGet<UserAssetData>(API.account.userAssetData);
}

/** `enabled: false` for a visitor: nothing to ask. */
export function useUserAssetData({ enabled = true }: { enabled?: boolean } = {}) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({
    queryKey: ledgerQueryKey(typeUser, 'user-asset-data'),
    queryFn: getUserAssetData,
    staleTime: 0,
    enabled,
  });
}

/**
 * A real account that holds nothing at all: no coin available or frozen in any of the three
 * accounts. Its first call to action is Deposit (docs/decisions/0142-deposit-beside-withdraw.md). A
 * demo account is never "empty" in this sense: a deposit goes to the real account, and the demo one
 * is refilled by its reset.
 */
export function holdsNothing(data: UserAssetData): boolean {
  return (
    data.typeUser === 'real' &&
    data.wallets.every((w) => w.balances.every((b) => isZeroDecimal(b.available) && isZeroDecimal(b.frozen)))
  );
}

/** Whether the signed-in user's account holds nothing (false while it loads, for a visitor and in demo mode). */
export function useAccountIsEmpty(): boolean {
  const loggedIn = useSessionStore((s) => s.token !== null);
  const data = useUserAssetData({ enabled: loggedIn });
  return loggedIn && data.data !== undefined && holdsNothing(data.data);
}
