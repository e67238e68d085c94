import type { AssetInfo, ValuedWallet } from '@app/contract';
import { isZeroDecimal } from '../../../lib/format';

export interface BalanceRow {
  asset: string;
  name: string;
  icon: string | undefined;
  amountDecimals: number;
  available: string;
  frozen: string;
  valueUsdt: string;
  isZero: boolean;
}

/**
 * Every coin of the asset list in one account, the ones holding something first (then the
 * list's own order). Coins the server lists but the asset list does not are kept too.
 */
export function walletRows(wallet: ValuedWallet | undefined, assets: readonly AssetInfo[] | undefined): BalanceRow[] {
  const balances = new Map((wallet?.balances ?? []).map((b) => [b.asset, b]));
  const symbols = [...(assets ?? []).map((a) => a.symbol), ...[...balances.keys()].filter((s) => !assets?.some((a) => a.symbol === s))];
  const rows = symbols.map((symbol): BalanceRow => {
    const info = assets?.find((a) => a.symbol === symbol);
    const b = balances.get(symbol);
    const available = b?.available ?? '0';
    const frozen = b?.frozen ?? '0';
    return {
      asset: symbol,
      name: info?.name ?? symbol,
      icon: info?.icon,
      amountDecimals: info?.amountDecimals ?? 5,
      available,
      frozen,
      valueUsdt: b?.valueUsdt ?? '0',
      isZero: isZeroDecimal(available) && isZeroDecimal(frozen),
    };
  });
  return [...rows.filter((r) => !r.isZero), ...rows.filter((r) => r.isZero)];
}
