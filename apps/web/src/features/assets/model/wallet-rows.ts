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
  /**
   * Hidden by "Hide small balances" (docs/decisions/0021-small-balances-and-record-labels.md):
   * nothing held, or worth under 1 USDT at the current price. A coin without a price right now
   * is never small unless it is zero: its worth is unknown, not tiny.
   */
  isSmall: boolean;
}

/** True when a non-negative decimal string is below 1 ("0.99", "0", ".5"): a value under 1 USDT is small. */
const belowOne = (value: string) => /^0*(\.\d*)?$/.test(value.trim());

/**
 * Every coin of the asset list in one account, the ones holding something first (then the
 * list's own order). Coins the server lists but the asset list does not are kept too.
 */
export function walletRows(
  wallet: ValuedWallet | undefined,
  assets: readonly AssetInfo[] | undefined,
  unpriced: readonly string[] = [],
): BalanceRow[] {
  const balances = new Map((wallet?.balances ?? []).map((b) => [b.asset, b]));
  const symbols = [
    ...(assets ?? []).map((a) => a.symbol),
    ...[...balances.keys()].filter((s) => !assets?.some((a) => a.symbol === s)),
  ];
  const rows = symbols.map((symbol): BalanceRow => {
    const info = assets?.find((a) => a.symbol === symbol);
    const b = balances.get(symbol);
    const available = b?.available ?? '0';
    const frozen = b?.frozen ?? '0';
    const valueUsdt = b?.valueUsdt ?? '0';
    const isZero = isZeroDecimal(available) && isZeroDecimal(frozen);
    return {
      asset: symbol,
      name: info?.name ?? symbol,
      icon: info?.icon,
      amountDecimals: info?.amountDecimals ?? 5,
      available,
      frozen,
      valueUsdt,
      isZero,
      isSmall: isZero || (!unpriced.includes(symbol) && belowOne(valueUsdt)),
    };
  });
  return [...rows.filter((r) => !r.isZero), ...rows.filter((r) => r.isZero)];
}
