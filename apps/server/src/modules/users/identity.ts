import { isKnownDialCode, normalizeDialCode, toE164, type AccountType } from '@app/contract';
import { AppError } from '../../lib/app-error';
import type { DbOrTx } from '../../db/client';
import { userRepo, type UserRow } from './repository';

export interface IdentityInput {
  type: AccountType;
  email?: string | undefined;
  countryCode?: string | undefined;
  phone?: string | undefined;
}

/** An account's sign-in identifier, normalised: lower-cased e-mail or E.164 phone. */
export interface Identity {
  type: AccountType;
  key: string;
  /** Calling code without '+', for phone identities. */
  countryCode: string | null;
}

export function resolveIdentity(input: IdentityInput): Identity {
  if (input.type === 'email') {
    if (!input.email) throw new AppError('FIELD_REQUIRED', { field: 'email' });
    return { type: 'email', key: input.email.trim().toLowerCase(), countryCode: null };
  }
  if (!input.countryCode) throw new AppError('FIELD_REQUIRED', { field: 'countryCode' });
  if (!input.phone) throw new AppError('FIELD_REQUIRED', { field: 'phone' });
  return {
    type: 'phone',
    key: phoneKey(input.countryCode, input.phone),
    countryCode: normalizeDialCode(input.countryCode),
  };
}

export function phoneKey(countryCode: string, phone: string): string {
  if (!isKnownDialCode(countryCode)) throw new AppError('COUNTRY_CODE_INVALID');
  const e164 = toE164(countryCode, phone);
  if (!e164) throw new AppError('PHONE_INVALID');
  return e164;
}

export function findByIdentity(db: DbOrTx, id: Identity): Promise<UserRow | undefined> {
  return id.type === 'email' ? userRepo.byEmail(db, id.key) : userRepo.byPhone(db, id.key);
}
