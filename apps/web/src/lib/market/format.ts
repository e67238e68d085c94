/**
 * Market figures use the one number module (lib/format: truncated, the app language's marks);
 * this face re-exports them for the market's screens.
 */
export { changeSign, formatCompact, formatCompactWhole, formatPercent, formatPrice, formatSigned } from '../format/number';

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
