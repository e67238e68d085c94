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

/** The browser's time zone (IANA name). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2026-11-27 09:30:00" in a time zone (spec §9 date format, with its New York variant). */
export function formatDateTimeInZone(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}
