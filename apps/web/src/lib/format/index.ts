/** Masks the middle of an e-mail's local part: jane.doe@example.com → ja****@example.com. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const visible = local.slice(0, Math.min(2, local.length));
  return `${visible}****${email.slice(at)}`;
}

/** Masks a phone number, keeping the last 4 digits: +44 ••••1234. */
export function maskPhone(countryCode: string | null, phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '');
  const tail = digits.slice(-4);
  const prefix = countryCode ? `+${countryCode.replace(/^\+/, '')} ` : '';
  return `${prefix}****${tail}`;
}

/** "+44 7700 900123" style display of a stored phone. */
export function formatPhone(countryCode: string | null, phone: string): string {
  return countryCode ? `+${countryCode.replace(/^\+/, '')} ${phone}` : phone;
}

/** One region namer per language: building one costs far more than asking it (the country list asks 240 times). */
const regionNamers = new Map<string, Intl.DisplayNames | null>();

function regionNamer(locale: string): Intl.DisplayNames | null {
  if (!regionNamers.has(locale)) {
    let namer: Intl.DisplayNames | null;
    try {
      namer = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      namer = null;
    }
    regionNamers.set(locale, namer);
  }
  return regionNamers.get(locale) ?? null;
}

/** A region's name in a language (BCP 47 tag, via Intl), or its ISO code where Intl cannot name it. */
export function regionName(iso: string, locale: string): string {
  try {
    return regionNamer(locale)?.of(iso) ?? iso;
  } catch {
    return iso;
  }
}

export {
  changeSign,
  formatAssetAmount,
  formatChartPrice,
  formatCompact,
  formatCompactWhole,
  formatDecimal,
  formatExact,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRatePercent,
  formatSigned,
  isZeroDecimal,
  NO_VALUE,
  numberLocale,
  setNumberLocale,
} from './number';

export {
  dateTimeAttribute,
  displayTimeZone,
  formatClockTime,
  formatDateTime,
  localTimeZone,
  NEW_YORK_TIME_ZONE,
  zoneLabel,
} from './date';
export { setTimeZoneChoice, TIME_ZONE_CHOICES, timeZoneChoice, type TimeZoneChoice } from './time-zone-choice';
