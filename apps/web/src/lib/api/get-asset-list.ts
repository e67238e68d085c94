import { useQuery } from '@tanstack/react-query';
import { API, type AssetInfo } from '@app/contract';
import { apiPost } from './api-client';

/** Coins change only with a server release: keep the list for the whole visit. */
const ASSET_LIST_STALE_MS = 60 * 60 * 1000;

/** The coins with their display precision and icon (assets, transfer, OTC). */
export function getAssetList(): Promise<AssetInfo[]> {
  return apiPost<AssetInfo[]>(API.asset.list);
}

export function useAssetList() {
  return useQuery({ queryKey: ['asset', 'list'], queryFn: getAssetList, staleTime: ASSET_LIST_STALE_MS });
}

/** Amount decimals of a coin from the list; 5 (docs/product.md §9 "others") while the list is loading. */
export function amountDecimalsIn(assets: readonly AssetInfo[] | undefined, symbol: string): number {
  return assets?.find((a) => a.symbol === symbol)?.amountDecimals ?? 5;
}
