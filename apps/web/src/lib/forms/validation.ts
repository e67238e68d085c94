import {
  EMAIL_MAX_LENGTH,
  parseAmount,
  type ErrorKey,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@app/contract';
import { i18n } from '../i18n';
import { catalogMessage } from '../i18n/catalog';
import type { Check } from './form-errors';

/**
 * Client-side checks of docs/product.md §5. Each returns null when the value is fine, else the
 * localized message of the matching API catalogue entry, so the client and the server say
 * the same words. The server checks everything again.
 */
export type { Check };

// Same rule as the contract's Email schema: one @, no spaces, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OTP_PATTERN = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

export function checkRequired(value: string): Check {
  return value.trim() ? null : catalogMessage('FIELD_REQUIRED');
}

export function checkEmail(value: string): Check {
  const v = value.trim();
  if (!v) return catalogMessage('FIELD_REQUIRED');
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v) ? null : catalogMessage('EMAIL_INVALID');
}

/** New passwords (login and fund): at least 6 characters. */
export function checkNewPassword(value: string): Check {
  if (!value) return catalogMessage('FIELD_REQUIRED');
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH)
    return catalogMessage('PASSWORD_TOO_SHORT');
  return null;
}

export function checkConfirmation(password: string, confirmation: string): Check {
  if (!confirmation) return catalogMessage('FIELD_REQUIRED');
  // docs/product.md §5 words for the form's own check; the server's answer is its catalogue text (§8 "Passwords inconsistent").
  return password === confirmation ? null : i18n.t('specTexts.passwordsMismatch');
}

export function checkOtp(value: string): Check {
  if (!value) return catalogMessage('FIELD_REQUIRED');
  return OTP_PATTERN.test(value) ? null : catalogMessage('CODE_INVALID');
}

/** Generous internal scale for comparing decimal strings exactly (above any coin's scale). */
const COMPARE_SCALE = 30;

/**
 * An amount to move (docs/product.md §5 "Transfer number must be greater than 0"): required, a plain
 * decimal of at most `decimals` fraction digits, above zero, and at most `available` (a
 * decimal string from the server). Compared as bigint, never as JS numbers.
 */
export function checkTransferAmount(value: string, available: string | undefined, decimals: number): Check {
  return checkAmount(value, available, decimals, 'TRANSFER_NUMBER_INVALID');
}

/** The same checks for any amount the user spends (OTC); zero is simply an invalid amount. */
export function checkAmount(
  value: string,
  available: string | undefined,
  decimals: number,
  zeroKey: ErrorKey = 'AMOUNT_INVALID',
): Check {
  const v = value.trim();
  if (!v) return catalogMessage('FIELD_REQUIRED');
  const amount = parseAmount(v, COMPARE_SCALE, decimals);
  if (amount === null || amount < 0n) return catalogMessage('AMOUNT_INVALID');
  if (amount === 0n) return catalogMessage(zeroKey);
  if (available !== undefined) {
    const limit = parseAmount(available, COMPARE_SCALE);
    if (limit !== null && amount > limit) return catalogMessage('BALANCE_NOT_ENOUGH');
  }
  return null;
}

/**
 * Keeps what can become a decimal of at most `decimals` fraction digits while typing: digits
 * and one dot ("," is read as the dot), extra fraction digits dropped.
 */
export function decimalInput(value: string, decimals: number): string {
  const cleaned = value.replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return cleaned.slice(0, 40);
  if (decimals <= 0) return cleaned.slice(0, dot);
  const int = cleaned.slice(0, dot) || '0';
  const frac = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${int.slice(0, 40)}.${frac}`;
}

// Kept apart (no catalogue): the code field uses it on pages that load their checks lazily.
export { digitsOnly } from './digits';

// Kept apart (no catalogue): forms that load their checks lazily still collect errors.
export { collectErrors, hasErrors } from './form-errors';
