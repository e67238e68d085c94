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

/** A region's name in a language (BCP 47 tag, via Intl), or its ISO code where Intl cannot name it. */
export function regionName(iso: string, locale: string): string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return names.of(iso) ?? iso;
  } catch {
    return iso;
  }
}

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string for display (spec §9): exactly `decimals` fraction digits, truncated
 * toward zero (never rounded up), en-US thousands grouping, no currency symbol. Works on the
 * string itself, so no precision is lost to floating point. Anything else is shown as given.
 */
export function formatDecimal(value: string, decimals: number): string {
  const m = DECIMAL_TEXT.exec(value.trim());
  if (!m) return value;
  const [, sign, intPart = '0', fracPart = ''] = m;
  const int = intPart.replace(/^0+(?=\d)/, '');
  const frac = fracPart.slice(0, decimals).padEnd(decimals, '0');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  return `${sign && !isZero ? '-' : ''}${grouped}${decimals > 0 ? `.${frac}` : ''}`;
}

/** USDT valuations are shown to the cent (spec §9 "display up to 2 decimals"). */
export const USDT_DISPLAY_DECIMALS = 2;

/** True when a decimal string is zero ("0", "0.000000"). */
export function isZeroDecimal(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value.trim());
}

/** A rate as a percentage, exactly: "0.001" → "0.1%", "0.85" → "85%" (moves the decimal point, no floating point). */
export function formatRatePercent(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}

export { dateTimeAttribute, formatDateTime, localTimeZone, NEW_YORK_TIME_ZONE } from './date';
