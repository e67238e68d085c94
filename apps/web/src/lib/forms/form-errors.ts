/**
 * A form's field errors, apart from lib/forms/validation.ts and its error catalogue (English and
 * the current language's messages, about 7 KB gzip): the auth pages render without the catalogue and load their checks
 * when the user starts on the form (issue 14).
 */

/** null when the value is fine, else the localized message to show. */
export type Check = string | null;

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
