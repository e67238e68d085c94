import { assetOf, formatAmount, mulDiv, parseAmount, pow10, type ContractProduct } from '@app/contract';

/**
 * What a seconds contract pays, in exact minor units of its asset (no floating point near
 * money). A win returns the stake plus stake × payoutRate, the profit rounded down to the
 * asset's minor unit as the server does; a loss costs the stake; a tie returns it.
 */
export interface ContractQuote {
  stake: string;
  /** Stake plus profit on a win. */
  payout: string;
  profit: string;
  /** What a loss costs: the stake. */
  loss: string;
  breakEvenPercent: string;
  asset: string;
}

/** Decimals the payout rate may carry ("0.85", "0.875"): far more than any product uses. */
const RATE_SCALE = 8;

/** The stake's scale and input decimals (USDT: 6). */
export function stakeDecimals(asset: string): { scale: number; decimals: number } {
  const def = assetOf(asset);
  return { scale: def?.scale ?? 6, decimals: def?.amountDecimals ?? 6 };
}

/** The quote of `stakeText` on `product`, or null while the stake is not a positive amount. */
export function contractQuote(product: ContractProduct, stakeText: string): ContractQuote | null {
  const { scale, decimals } = stakeDecimals(product.asset);
  const stake = parseAmount(stakeText, scale, decimals);
  const rate = parseAmount(product.payoutRate, RATE_SCALE);
  if (stake === null || stake <= 0n || rate === null || rate < 0n) return null;
  const profit = mulDiv(stake, rate, pow10(RATE_SCALE), 'down');
  const text = (minor: bigint) => formatAmount(minor, scale, decimals);
  return {
    stake: text(stake),
    payout: text(stake + profit),
    profit: text(profit),
    loss: text(stake),
    breakEvenPercent: product.breakEvenPercent,
    asset: product.asset,
  };
}

/** Whether `stakeText` lies within the product's stake limits (exact comparison). */
export function stakeInRange(product: ContractProduct, stakeText: string): boolean {
  const { scale } = stakeDecimals(product.asset);
  const stake = parseAmount(stakeText, scale);
  const min = parseAmount(product.minStake, scale);
  const max = parseAmount(product.maxStake, scale);
  if (stake === null) return false;
  return (min === null || stake >= min) && (max === null || stake <= max);
}

/** Whether the decimal string `a` is at least `b` (exact; false when either is not a decimal). */
export function atLeast(a: string, b: string, scale = 18): boolean {
  const x = parseAmount(a, scale);
  const y = parseAmount(b, scale);
  return x !== null && y !== null && x >= y;
}

/** A duration in the unit docs/product.md §9 shows it in: whole hours, else whole minutes, else seconds. */
export type DurationUnit = { unit: 'seconds' | 'minutes' | 'hours'; count: number };

export function durationUnit(seconds: number): DurationUnit {
  if (seconds >= 3600 && seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  if (seconds >= 60 && seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/** "0:25", "4:05", "1:02:03": time left, counted down in whole seconds (never below zero). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
