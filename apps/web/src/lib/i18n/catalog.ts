import { ERRORS, errorMessage, type ErrorKey } from '@app/contract';
import { currentHeaderLang } from '.';

/**
 * The API error catalogue's messages in every language (about 15 KB gzip): for the forms that
 * check input before sending it, which import this module. The first route does not need it
 * (the server sends its messages already localized), so it stays out of lib/i18n/index.ts.
 */

/**
 * The localized message of an API error-catalogue key, exactly the words the server uses.
 * Falls back to English while a translation is missing from the contract package.
 */
export function catalogMessage(key: ErrorKey, params?: Record<string, string | number>): string {
  try {
    const message = errorMessage(key, currentHeaderLang(), params);
    if (message) return message;
  } catch {
    // A missing translation: fall through to English.
  }
  return errorMessage(key, 'en', params) || ERRORS[key].en;
}
