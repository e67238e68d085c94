import { STORAGE_KEYS } from '../../../lib/session/storage';

/** ISO 3166 alpha-2, as the country list has it. */
const ISO = /^[A-Z]{2}$/;

/**
 * The country or region the user chose on /choose-location: a display preference kept on this
 * device only (never sent), so "clear cache" removes it with the other stored choices.
 */
export function readPreferredRegion(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.preferredRegion);
    return value && ISO.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function writePreferredRegion(iso: string | null): void {
  try {
    if (iso && ISO.test(iso)) window.localStorage.setItem(STORAGE_KEYS.preferredRegion, iso);
    else window.localStorage.removeItem(STORAGE_KEYS.preferredRegion);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
}
