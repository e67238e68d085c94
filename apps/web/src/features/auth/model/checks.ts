import type { AccountType } from '@app/contract';
import { checkPhone } from '../../../lib/forms/phone';
import { loadCatalogMessages } from '../../../lib/i18n/catalog';
import {
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkOtp,
  checkRequired,
  type Check,
} from '../../../lib/forms/validation';

/**
 * The auth forms' input checks. They need the error catalogue (English, and the current
 * language's messages, which `loadCatalogMessages` loads) and, for phone numbers,
 * libphonenumber's metadata: together about 35 KB gzip that the pages do not need to
 * show themselves, so the forms load this module with `loadAuthChecks` (load-checks.ts) when
 * the user starts on a form, and wait for it on submit (issue 14).
 */
export function checkAccount(type: AccountType, dialCode: string, account: string): Check {
  return type === 'email' ? checkEmail(account) : checkPhone(dialCode, account);
}

export { checkConfirmation, checkNewPassword, checkOtp, checkRequired, loadCatalogMessages };
