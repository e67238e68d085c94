import type { AccountType } from '@app/contract';

/** The account a user typed, as the auth requests take it: an e-mail, or a calling code and digits. */
export type AccountIdentity = { type: 'email'; email: string } | { type: 'phone'; countryCode: string; phone: string };

/** A typed phone number's digits ("7700 900-123" → "7700900123"). */
export function phoneDigits(account: string): string {
  return account.replace(/[^0-9]/g, '');
}

export function accountIdentity(type: AccountType, dialCode: string, account: string): AccountIdentity {
  return type === 'email'
    ? { type, email: account.trim() }
    : { type, countryCode: dialCode, phone: phoneDigits(account) };
}

/** Where a code for this account goes, as the countdown store keys it (e-mail or +E.164-ish). */
export function codeDestination(type: AccountType, dialCode: string, account: string): string {
  return type === 'email' ? account : `+${dialCode}${phoneDigits(account)}`;
}
