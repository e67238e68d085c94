import { formatDecimal } from '../format';

/** Formatting of market figures (spec §9: truncated, never rounded up; en-US grouping). */

const NO_VALUE = '--';

export function formatPrice(value: string | null | undefined, decimals: number): string {
  return value == null ? NO_VALUE : formatDecimal(value, decimals);
}

/** "1.25" → "+1.25%", "-0.30" → "-0.30%" (the server already truncated to 2 decimals). */
export function formatPercent(value: string | null | undefined): string {
  if (value == null) return NO_VALUE;
  const text = formatDecimal(value, 2);
  return `${text.startsWith('-') || /^0\.00$/.test(text) ? '' : '+'}${text}%`;
}

/** A signed difference: "+286.64", "-12.00". */
export function formatSigned(value: string | null | undefined, decimals: number): string {
  if (value == null) return NO_VALUE;
  const text = formatDecimal(value, decimals);
  return text.startsWith('-') || Number(value) === 0 ? text : `+${text}`;
}

/** Up, down or flat, from the sign of a change. */
export function changeSign(value: string | null | undefined): 'up' | 'down' | 'flat' {
  const n = value == null ? 0 : Number(value);
  return n > 0 ? 'up' : n < 0 ? 'down' : 'flat';
}

/** Volumes in short form: 1,234,567.89 → "1.23M" (truncated). */
export function formatCompact(value: string | null | undefined, locale: string): string {
  if (value == null) return NO_VALUE;
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc' }).format(n);
}
