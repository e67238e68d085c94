import { useQuery } from '@tanstack/react-query';
import { API, type WalletBalance, type WalletName } from '@app/contract';
import { apiGet } from './api-client';
import { ledgerQueryKey } from './ledger-query';
import { useSessionStore } from '../session/session-store';

/** One coin's available and frozen balance in one account (transfer form, OTC). */
export function getValidAsset(wallet: WalletName, asset: string): Promise<WalletBalance> {
  return apiGet<WalletBalance>(API.account.getValidAssetById, { wallet, asset });
}

export function useValidAsset(wallet: WalletName, asset: string | undefined) {
  const typeUser = useSessionStore((s) => s.typeUser);
  return useQuery({
    queryKey: ledgerQueryKey(typeUser, 'valid-asset', wallet, asset),
    queryFn: () => getValidAsset(wallet, asset!),
    enabled: Boolean(asset),
    staleTime: 0,
  });
}
