import { formatAmount, parseAmount, VIP_BPS } from '@app/contract';
import { formatExact, formatRatePercent } from '../../../lib/format/number';

/** Basis points as a percentage in the app's language, exactly: 2500 → "25%", 1250 → "12.5%". */
export function bpsPercent(bps: number): string {
  return formatRatePercent(formatAmount(BigInt(bps), 4));
}

/** A limit rate as a multiple, exactly: 15000 → "1.5", 12500 → "1.25". */
export function bpsTimes(bps: number): string {
  return formatExact(formatAmount(BigInt(bps), 4).replace(/\.?0+$/, ''));
}

/** Whether a tier gives anything beyond the standard fee, spread and limits. */
export function hasBenefits(b: {
  withdrawFeeDiscountBps: number;
  otcSpreadDiscountBps: number;
  withdrawLimitBps: number;
}) {
  return b.withdrawFeeDiscountBps > 0 || b.otcSpreadDiscountBps > 0 || b.withdrawLimitBps > VIP_BPS;
}

/**
 * How far `have` is towards `need` (USDT decimal strings), in whole percent from 0 to 100, rounded
 * down: 100 only when the threshold is met. Exact (cents as integers), so a customer one cent short
 * never sees 100.
 */
export function progressPercent(have: string, need: string): number {
  const h = parseAmount(have, 2);
  const n = parseAmount(need, 2);
  if (h === null || n === null || n <= 0n) return 0;
  if (h >= n) return 100;
  return Number((h * 100n) / n);
}
