import { parseAmount, type EarlyRedemption, type FinancingProduct, type FinancingTerm } from '@app/contract';

/** Enough decimals to compare any coin's amounts exactly (the server's scales are at most 18). */
const COMPARE_SCALE = 30;

/**
 * What is wrong with an amount to subscribe, or null: required, a plain decimal of at most the
 * coin's decimals, above zero, within the product's minimum and maximum, within what is left of
 * its quota, and within the financing account's available balance (`short`: the page offers a
 * transfer into the account). Compared as bigint, never as JS numbers; the server checks again.
 */
export type AmountProblem = 'required' | 'invalid' | 'zero' | 'belowMin' | 'aboveMax' | 'aboveRemaining' | 'short';

export interface AmountLimits {
  product: Pick<FinancingProduct, 'minAmount' | 'maxAmount' | 'remaining'>;
  /** The financing account's available balance of the coin; undefined while loading. */
  available: string | undefined;
  /** The coin's amount decimals. */
  decimals: number;
}

const units = (text: string) => parseAmount(text, COMPARE_SCALE) ?? 0n;

export function checkFinancingAmount(
  value: string,
  { product, available, decimals }: AmountLimits,
): AmountProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  const amount = parseAmount(v, COMPARE_SCALE, decimals);
  if (amount === null || amount < 0n) return 'invalid';
  if (amount === 0n) return 'zero';
  if (amount < units(product.minAmount)) return 'belowMin';
  if (amount > units(product.maxAmount)) return 'aboveMax';
  if (amount > units(product.remaining)) return 'aboveRemaining';
  if (available !== undefined && amount > units(available)) return 'short';
  return null;
}

/** The most one subscription can be now: the smallest of the maximum, the quota left and the balance. */
export function maxSubscription(
  product: Pick<FinancingProduct, 'maxAmount' | 'remaining'>,
  available: string | undefined,
): string {
  const candidates = [product.maxAmount, product.remaining, ...(available !== undefined ? [available] : [])];
  return candidates.reduce((least, next) => (units(next) < units(least) ? next : least));
}

/** The term the form starts with: the one named in the URL when offered, else the shortest. */
export function pickTerm(terms: readonly FinancingTerm[], days: number | null): FinancingTerm | undefined {
  return terms.find((t) => t.days === days) ?? terms[0];
}

/** Whether a subscription may be redeemed before it matures (its product's rule, while during its term). */
export function canRedeem(rule: EarlyRedemption, state: string): boolean {
  return rule !== 'none' && state === 'during';
}
