import {
  ERRORS,
  formatAmount,
  parseAmount,
  type ErrorKey,
  type WithdrawAddress,
  type WithdrawalState,
  type WithdrawFeeInfo,
  type WithdrawUnavailableReason,
} from '@app/contract';
import { isHeld } from './address-book';

/**
 * The withdraw form's pure logic (docs/product.md §2 "Withdraw", §3, §5; docs/withdrawals.md "Screens"): the
 * amount's checks against the server's limits, the expected receipt, the fee's wording and what the
 * page shows instead of the form. Amounts are decimal strings compared as bigint at a scale above
 * any coin's: never as JS numbers.
 */

/** Above every coin's scale, so any decimal the server sends compares exactly. */
const SCALE = 30;

const minor = (text: string): bigint | null => parseAmount(text, SCALE);

/** A decimal string without trailing fraction zeros ("20.000000" → "20", "0.50" → "0.5"). */
export function plainDecimal(text: string): string {
  const value = minor(text);
  if (value === null) return text;
  return formatAmount(value, SCALE).replace(/\.?0+$/, '');
}

/** A catalogue error with its parameters: the form shows it in the user's language, as the server words it. */
export interface AmountProblem {
  key: ErrorKey;
  params?: Record<string, string | number>;
}

/**
 * What is wrong with `amount` for this coin and chain now, or null: required, a plain decimal of at
 * most `amountDecimals` places, above zero, within the minimum and maximum, the balance and what is
 * left of the daily limit. The server checks all of it again.
 */
export function checkWithdrawAmount(amount: string, info: WithdrawFeeInfo): AmountProblem | null {
  const text = amount.trim();
  if (!text) return { key: 'FIELD_REQUIRED' };
  const value = minor(text);
  if (value === null || value < 0n) return { key: 'AMOUNT_INVALID' };
  if (parseAmount(text, SCALE, info.amountDecimals) === null)
    return { key: 'WITHDRAW_AMOUNT_PRECISION', params: { decimals: info.amountDecimals } };
  if (value === 0n) return { key: 'AMOUNT_INVALID' };
  const currency = info.currency;
  if (value < (minor(info.minAmount) ?? 0n))
    return { key: 'WITHDRAW_BELOW_MIN', params: { min: plainDecimal(info.minAmount), currency } };
  const max = minor(info.maxAmount);
  if (max !== null && value > max)
    return { key: 'WITHDRAW_ABOVE_MAX', params: { max: plainDecimal(info.maxAmount), currency } };
  if (value > (minor(info.balance) ?? 0n)) return { key: 'BALANCE_NOT_ENOUGH' };
  if (value > (minor(info.dailyRemaining) ?? 0n))
    return { key: 'WITHDRAW_DAILY_LIMIT', params: { remaining: plainDecimal(info.dailyRemaining), currency } };
  return null;
}

/**
 * docs/product.md §3 "expected receipt": what the address receives, `amount − fee` (the fee is inside the
 * amount), or null while the amount is not a usable decimal or does not cover the fee.
 */
export function expectedReceipt(amount: string, fee: string, decimals: number): string | null {
  const text = amount.trim();
  if (!text) return null;
  const value = parseAmount(text, SCALE, decimals);
  const feeMinor = minor(fee);
  if (value === null || feeMinor === null || value <= feeMinor) return null;
  return plainDecimal(formatAmount(value - feeMinor, SCALE));
}

/** The most the user can send now: the least of the balance, the maximum and the daily limit left, cut to the coin's decimals. */
export function maxSendable(info: WithdrawFeeInfo): string {
  const limits = [info.balance, info.maxAmount, info.dailyRemaining].map((t) => minor(t) ?? 0n);
  const least = limits.reduce((a, b) => (b < a ? b : a));
  const cut = formatAmount(least < 0n ? 0n : least, SCALE, info.amountDecimals);
  return plainDecimal(cut);
}

/** How the fee reads: what the user pays now, and while waived the standard fee and until when. */
export type FeeView =
  | { waived: false; fee: string }
  | { waived: true; fee: string; standardFee: string; until: number | null };

export function feeView(info: Pick<WithdrawFeeInfo, 'fee' | 'standardFee' | 'feeWaived' | 'feeWaivedUntil'>): FeeView {
  if (!info.feeWaived) return { waived: false, fee: plainDecimal(info.fee) };
  return {
    waived: true,
    fee: plainDecimal(info.fee),
    standardFee: plainDecimal(info.standardFee),
    until: info.feeWaivedUntil,
  };
}

/**
 * What the page shows instead of the form, the first that applies: withdrawals of the coin on the
 * chain not possible now (why and since when, as the server says), frozen by the user, paused
 * after a security change (until when, why), no fund password; null when the form can be used.
 */
export type WithdrawBlock =
  | { kind: 'unavailable'; reason: WithdrawUnavailableReason | null; since: number | null }
  | { kind: 'frozen' }
  | { kind: 'locked'; until: number; reason: NonNullable<WithdrawFeeInfo['lockReason']> | null }
  | { kind: 'noFundPassword' };

export function withdrawBlock(info: WithdrawFeeInfo, nowMs: number): WithdrawBlock | null {
  if (!info.available)
    return { kind: 'unavailable', reason: info.unavailable?.reason ?? null, since: info.unavailable?.since ?? null };
  if (info.frozen) return { kind: 'frozen' };
  if (info.lockedUntil !== null && info.lockedUntil > nowMs)
    return { kind: 'locked', until: info.lockedUntil, reason: info.lockReason };
  if (!info.fundPasswordSet) return { kind: 'noFundPassword' };
  return null;
}

/** The saved addresses a withdrawal can go to now (their hold passed), and the held ones' next usable time. */
export function addressChoice(
  addresses: readonly WithdrawAddress[],
  nowMs: number,
): { usable: WithdrawAddress[]; nextUsableAt: number | null } {
  const usable = addresses.filter((a) => !isHeld(a, nowMs));
  const held = addresses.filter((a) => isHeld(a, nowMs)).map((a) => a.usableFrom);
  return { usable, nextUsableAt: held.length > 0 ? Math.min(...held) : null };
}

/** How an address reads in the picker: "Ledger · 0x5aAe…" or the address alone. */
export function addressLabel(a: Pick<WithdrawAddress, 'nickname' | 'address'>): string {
  return a.nickname ? `${a.nickname} · ${a.address}` : a.address;
}

/** States in which a withdrawal still changes by itself (review, signing, confirmations): the history refreshes while one is shown. */
const MOVING: readonly WithdrawalState[] = ['processing', 'approved', 'broadcast'];

export function isMoving(state: WithdrawalState): boolean {
  return MOVING.includes(state);
}

/** Refusals of `userwithdraw/create` shown beside the amount; the rest are shown above the button. */
const AMOUNT_CODES: ReadonlySet<number> = new Set(
  (
    [
      'WITHDRAW_BELOW_MIN',
      'WITHDRAW_ABOVE_MAX',
      'WITHDRAW_DAILY_LIMIT',
      'WITHDRAW_AMOUNT_PRECISION',
      'BALANCE_NOT_ENOUGH',
      'AMOUNT_INVALID',
    ] as const
  ).map((k) => ERRORS[k].code),
);

export function isAmountError(code: number): boolean {
  return AMOUNT_CODES.has(code);
}

/** A refused confirmation after which the quote cannot be used any more: a new quote is asked for and confirmed again. */
export function needsNewQuote(code: number): boolean {
  return code === ERRORS.WITHDRAW_QUOTE_EXPIRED.code || code === ERRORS.WITHDRAW_QUOTE_INVALID.code;
}
