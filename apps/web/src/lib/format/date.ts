/**
 * Times on screen. The API sends every time as UTC epoch milliseconds
 * (docs/decisions/0009-one-time-format-utc-epoch-milliseconds.md); this is the one place that turns
 * them into text. docs/product.md §9 fixes the form, year-month-day hour:minute:second with 24-hour
 * clock and latin digits in every language, so the language does not change it; the time zone is
 * the display zone (the user's own, the browser's, or New York's when the user chose it in the
 * settings: ./time-zone-choice.ts) unless one is named (an exchange's own zone for its session times).
 */
import { timeZoneChoice } from './time-zone-choice';

export const NEW_YORK_TIME_ZONE = 'America/New_York';

/** The user's time zone (IANA name), from the browser. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone times are shown in: New York's when the user chose it in the settings, else the user's own. */
export function displayTimeZone(): string {
  return timeZoneChoice() === 'new_york' ? NEW_YORK_TIME_ZONE : localTimeZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-US only names the parts; the text is assembled below in the product document's order.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const isTime = (ms: number) => Number.isFinite(ms) && !Number.isNaN(new Date(ms).getTime());

/** The parts of a time in a zone; an unknown zone name reads as the user's own. */
function partsOf(ms: number, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsFormatter(timeZone).formatToParts(ms);
  } catch {
    parts = partsFormatter(localTimeZone()).formatToParts(ms);
  }
  return (type) => parts.find((p) => p.type === type)?.value ?? '00';
}

/**
 * "2024-05-01 13:45:10" (docs/product.md §9) for a time in epoch milliseconds, in the display zone
 * (`displayTimeZone()`) or in `timeZone`. A value that is no time is shown as "--".
 */
export function formatDateTime(ms: number, timeZone: string = displayTimeZone()): string {
  if (!isTime(ms)) return '--';
  const get = partsOf(ms, timeZone);
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** "13:45:10", the time of day alone (a trade in the order book's list), in the display zone or in `timeZone`. */
export function formatClockTime(ms: number, timeZone: string = displayTimeZone()): string {
  if (!isTime(ms)) return '--';
  const get = partsOf(ms, timeZone);
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The machine-readable form of a time for `<time dateTime>` (ISO 8601 UTC); "" when it is no time. */
export function dateTimeAttribute(ms: number): string {
  return isTime(ms) ? new Date(ms).toISOString() : '';
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * A time zone as a reader knows it, instead of its IANA id: the city and the zone's abbreviation
 * (or its GMT offset where the language has no abbreviation) at the instant `at`, in `locale`:
 * "New York, EST", "Berlin, MEZ" (German), "Tokyo, GMT+9"; "UTC" for UTC. An id Intl does not
 * know is shown as it is.
 */
export function zoneLabel(timeZone: string, at: number, locale: string): string {
  if (/^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu)$/.test(timeZone)) return 'UTC';
  const key = `${locale}|${timeZone}`;
  let f = zoneNames.get(key);
  try {
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
      zoneNames.set(key, f);
    }
  } catch {
    return timeZone;
  }
  const abbreviation = f.formatToParts(isTime(at) ? at : 0).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  // Etc/GMT+5 and the like name no place (and their sign is the reverse of the offset's).
  const city = timeZone.startsWith('Etc/') || !timeZone.includes('/') ? '' : timeZone.split('/').at(-1);
  return city ? `${city.replaceAll('_', ' ')}, ${abbreviation}` : abbreviation;
}
