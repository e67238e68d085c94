import { toE164 } from '@app/contract';
import { catalogMessage } from '../i18n/catalog';
import type { Check } from './validation';

/**
 * The phone number check, apart from lib/forms/validation.ts: it needs libphonenumber's metadata
 * (about 30 KB gzip), which only the pages that take a phone number should load (issue 14).
 */
export function checkPhone(dialCode: string, phone: string): Check {
  if (!phone.trim()) return catalogMessage('FIELD_REQUIRED');
  return toE164(dialCode, phone) ? null : catalogMessage('PHONE_INVALID');
}
