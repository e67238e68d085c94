import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Calling codes without '+', e.g. "1", "44", "852". */
export function normalizeDialCode(countryCode: string): string {
  return countryCode.trim().replace(/^\+/, '');
}

/**
 * Validates a national phone number for a calling code and returns it in E.164
 * (`+14155550123`), or null when it is not a valid number there.
 */
export function toE164(countryCode: string, phone: string): string | null {
  const dial = normalizeDialCode(countryCode);
  if (!/^[0-9]{1,4}$/.test(dial)) return null;
  const parsed = parsePhoneNumberFromString(`+${dial}${phone.replace(/[^0-9]/g, '')}`);
  if (!parsed || !parsed.isValid() || parsed.countryCallingCode !== dial) return null;
  return parsed.number;
}

export interface CountryDial {
  iso: string;
  dialCode: string;
}

/** Every country with its calling code, from libphonenumber's metadata. */
export function listCountryDialCodes(): CountryDial[] {
  return getCountries().map((iso) => ({ iso, dialCode: String(getCountryCallingCode(iso)) }));
}

export function isKnownDialCode(countryCode: string): boolean {
  const dial = normalizeDialCode(countryCode);
  return getCountries().some((iso) => String(getCountryCallingCode(iso)) === dial);
}

/** Whether an ISO 3166-1 alpha-2 code (upper case) is a country of libphonenumber's metadata. */
export function isKnownCountry(iso: string): boolean {
  return (getCountries() as string[]).includes(iso);
}
