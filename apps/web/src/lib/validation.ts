import {
  EMAIL_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  toE164,
} from '@app/contract';
import { catalogMessage } from './i18n';

/**
 * Client-side checks of spec §5. Each returns null when the value is fine, else the
 * localized message of the matching API catalogue entry, so the client and the server say
 * the same words. The server checks everything again.
 */
export type Check = string | null;

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

export function checkPhone(dialCode: string, phone: string): Check {
  if (!phone.trim()) return catalogMessage('FIELD_REQUIRED');
  return toE164(dialCode, phone) ? null : catalogMessage('PHONE_INVALID');
}

/** New passwords (login and fund): at least 6 characters. */
export function checkNewPassword(value: string): Check {
  if (!value) return catalogMessage('FIELD_REQUIRED');
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return catalogMessage('PASSWORD_TOO_SHORT');
  return null;
}

export function checkConfirmation(password: string, confirmation: string): Check {
  if (!confirmation) return catalogMessage('FIELD_REQUIRED');
  return password === confirmation ? null : catalogMessage('PASSWORDS_MISMATCH');
}

export function checkOtp(value: string): Check {
  if (!value) return catalogMessage('FIELD_REQUIRED');
  return OTP_PATTERN.test(value) ? null : catalogMessage('CODE_INVALID');
}

/** Keeps only digits, at most `max` of them (code inputs). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/[^0-9]/g, '').slice(0, max);
}

/** Collects the first failing check of each field; `{}` means the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, Check>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}
