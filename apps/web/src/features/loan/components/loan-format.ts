import { formatDateTime, formatExact } from '../../../lib/format';
import { decimalOf } from '../model/simulator';

/** A coin amount as the loan pages write it: every decimal it has, no trailing zeros ("1,002.5 USDT"). */
export const coinAmount = (value: string, coin: string): string => `${formatExact(value)} ${coin}`;
/** The same from minor units at `scale`. */
export const minorAmount = (minor: bigint, scale: number, coin: string): string =>
  coinAmount(decimalOf(minor, scale), coin);

/**
 * A UTC calendar day (interest counts whole UTC days) in the date part of the one time format every
 * page uses (docs/product.md §9, lib/format/date.ts): "2026-04-08".
 */
export function utcDate(ms: number): string {
  return formatDateTime(ms, 'UTC').split(' ')[0] ?? '--';
}
