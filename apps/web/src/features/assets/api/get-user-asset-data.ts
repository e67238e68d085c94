import { useQuery } from '@tanstack/react-query';
import { API, type UserAssetData } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { ledgerQueryKey } from '../../../lib/api/ledger-query';
import { useSessionStore } from '../../../lib/session/session-store';

/** Every account's balances valued in USDT, and the total (assets, account detail, wallet). */
export function getUserAssetData(): Promise<UserAssetData> {
  return apiGet<UserAssetData>(API.account.userAssetData);
}

export function useUserAssetData() {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({ queryKey: ledgerQueryKey(typeUser, 'user-asset-data'), queryFn: getUserAssetData, staleTime: 0 });
}
