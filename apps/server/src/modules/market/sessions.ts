/**
 * Trading sessions: when each instrument is quoted (docs/market-data.md).
 *
 * A session is a time zone, weekly hours in local time, and a list of local dates that are
 * closed or close early. Everything is computed as UTC intervals [open, close) with Intl time-zone
 * math, so daylight-saving changes move the UTC hours by themselves. Every boundary is a whole
 * minute, which lets the price feed decide "open or closed" once per minute.
 */
import { instrumentOf, type Instrument, type SessionId } from '@app/contract';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;
type Day = keyof typeof DAYS;

/** A weekly window from one local day and time to another (same week, Sunday first). */
interface Window {
  from: [Day, string];
  to: [Day, string];
}

export interface SessionDef {
  id: SessionId;
  /** The exchange (or market) whose hours these are, as the app shows it: 'Xetra', 'NYSE'. */
  exchange: string;
  timeZone: string;
  /** Crypto: no hours, no holidays. */
  alwaysOpen: boolean;
  weekly: Window[];
  /**
   * Local dates (YYYY-MM-DD): 'closed' closes the whole local day; 'HH:MM' closes the day early
   * at that local time.
   */
  holidays: Record<string, 'closed' | string>;
  /** What the hours are, for documentation and the API. */
  description: string;
}

const monToFri = (from: string, to: string): Window[] =>
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((d) => ({ from: [d, from], to: [d, to] }));

/**
 * NYSE holidays and early closes (13:00) of 2026 and 2027, from the exchange's published
 * calendar. A date past this list is treated as an ordinary day: extend the list every year.
 */
export const NYSE_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed', // New Year's Day
  '2026-01-19': 'closed', // Martin Luther King Jr. Day
  '2026-02-16': 'closed', // Washington's Birthday
  '2026-04-03': 'closed', // Good Friday
  '2026-05-25': 'closed', // Memorial Day
  '2026-06-19': 'closed', // Juneteenth
  '2026-07-03': 'closed', // Independence Day (observed; July 4 is a Saturday)
  '2026-09-07': 'closed', // Labor Day
  '2026-11-26': 'closed', // Thanksgiving Day
  '2026-11-27': '13:00', // day after Thanksgiving: early close
  '2026-12-24': '13:00', // Christmas Eve: early close
  '2026-12-25': 'closed', // Christmas Day
  '2027-01-01': 'closed', // New Year's Day
  '2027-01-18': 'closed', // Martin Luther King Jr. Day
  '2027-02-15': 'closed', // Washington's Birthday
  '2027-03-26': 'closed', // Good Friday
  '2027-05-31': 'closed', // Memorial Day
  '2027-06-18': 'closed', // Juneteenth (observed; June 19 is a Saturday)
  '2027-07-05': 'closed', // Independence Day (observed; July 4 is a Sunday)
  '2027-09-06': 'closed', // Labor Day
  '2027-11-25': 'closed', // Thanksgiving Day
  '2027-11-26': '13:00', // day after Thanksgiving: early close
  '2027-12-24': 'closed', // Christmas Day (observed; December 25 is a Saturday)
};

/*
 * Home-exchange calendars of the index and stock sessions: full-day closures ('closed') and early
 * closes (local 'HH:MM') on weekdays of 2026 and 2027. Sources: each exchange's published trading
 * calendar (Deutsche Börse Xetra/Eurex, LSE, Euronext, JPX, HKEX) and the official public-holiday
 * lists behind them (UK bank holidays, Japanese national holidays, Hong Kong general holidays).
 * Weekend dates are left out (the weekly hours close them anyway). Like NYSE_HOLIDAYS, a date
 * past the lists is an ordinary day: extend them every year (docs/market-data.md).
 */

/** Frankfurt (Xetra): no trading on these days; Whit Monday and 3 October are trading days. */
export const XETRA_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed', // New Year's Day
  '2026-04-03': 'closed', // Good Friday
  '2026-04-06': 'closed', // Easter Monday
  '2026-05-01': 'closed', // Labour Day
  '2026-12-24': 'closed', // Christmas Eve
  '2026-12-25': 'closed', // Christmas Day
  '2026-12-31': 'closed', // New Year's Eve
  '2027-01-01': 'closed',
  '2027-03-26': 'closed', // Good Friday
  '2027-03-29': 'closed', // Easter Monday
  '2027-12-24': 'closed', // Christmas Eve
  '2027-12-31': 'closed', // New Year's Eve
};

/** London: English bank holidays (substitute days when one falls on a weekend); 12:30 half days. */
export const LSE_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed', // New Year's Day
  '2026-04-03': 'closed', // Good Friday
  '2026-04-06': 'closed', // Easter Monday
  '2026-05-04': 'closed', // Early May bank holiday
  '2026-05-25': 'closed', // Spring bank holiday
  '2026-08-31': 'closed', // Summer bank holiday
  '2026-12-24': '12:30', // Christmas Eve: half day
  '2026-12-25': 'closed', // Christmas Day
  '2026-12-28': 'closed', // Boxing Day (substitute; 26 December is a Saturday)
  '2026-12-31': '12:30', // New Year's Eve: half day
  '2027-01-01': 'closed',
  '2027-03-26': 'closed', // Good Friday
  '2027-03-29': 'closed', // Easter Monday
  '2027-05-03': 'closed', // Early May bank holiday
  '2027-05-31': 'closed', // Spring bank holiday
  '2027-08-30': 'closed', // Summer bank holiday
  '2027-12-24': '12:30',
  '2027-12-27': 'closed', // Christmas Day (substitute; 25 December is a Saturday)
  '2027-12-28': 'closed', // Boxing Day (substitute; 26 December is a Sunday)
  '2027-12-31': '12:30',
};

/** Euronext Paris: closed on these days; 24 and 31 December close early at 14:05. */
export const EURONEXT_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed',
  '2026-04-03': 'closed', // Good Friday
  '2026-04-06': 'closed', // Easter Monday
  '2026-05-01': 'closed', // Labour Day
  '2026-12-24': '14:05',
  '2026-12-25': 'closed',
  '2026-12-31': '14:05',
  '2027-01-01': 'closed',
  '2027-03-26': 'closed',
  '2027-03-29': 'closed',
  '2027-12-24': '14:05',
  '2027-12-31': '14:05',
};

/** Tokyo (JPX): Japanese national holidays with their substitute days, 2–3 January and 31 December. */
export const TSE_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed', // New Year
  '2026-01-02': 'closed', // exchange holiday
  '2026-01-12': 'closed', // Coming of Age Day
  '2026-02-11': 'closed', // National Foundation Day
  '2026-02-23': 'closed', // Emperor's Birthday
  '2026-03-20': 'closed', // Vernal Equinox Day
  '2026-04-29': 'closed', // Showa Day
  '2026-05-04': 'closed', // Greenery Day
  '2026-05-05': 'closed', // Children's Day
  '2026-05-06': 'closed', // substitute for Constitution Day (3 May is a Sunday)
  '2026-07-20': 'closed', // Marine Day
  '2026-08-11': 'closed', // Mountain Day
  '2026-09-21': 'closed', // Respect for the Aged Day
  '2026-09-22': 'closed', // citizens' holiday (between two holidays)
  '2026-09-23': 'closed', // Autumnal Equinox Day
  '2026-10-12': 'closed', // Sports Day
  '2026-11-03': 'closed', // Culture Day
  '2026-11-23': 'closed', // Labour Thanksgiving Day
  '2026-12-31': 'closed', // exchange holiday
  '2027-01-01': 'closed',
  '2027-01-11': 'closed', // Coming of Age Day
  '2027-02-11': 'closed',
  '2027-02-23': 'closed',
  '2027-03-22': 'closed', // substitute for Vernal Equinox Day (21 March is a Sunday)
  '2027-04-29': 'closed',
  '2027-05-03': 'closed', // Constitution Day
  '2027-05-04': 'closed',
  '2027-05-05': 'closed',
  '2027-07-19': 'closed', // Marine Day
  '2027-08-11': 'closed',
  '2027-09-20': 'closed', // Respect for the Aged Day
  '2027-09-23': 'closed', // Autumnal Equinox Day
  '2027-10-11': 'closed', // Sports Day
  '2027-11-03': 'closed',
  '2027-11-23': 'closed',
  '2027-12-31': 'closed',
};

/** Hong Kong (HKEX): general holidays; Christmas Eve, New Year's Eve and Lunar New Year's Eve are morning-only. */
export const HKEX_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed',
  '2026-02-16': '12:00', // Lunar New Year's Eve: morning only
  '2026-02-17': 'closed', // Lunar New Year
  '2026-02-18': 'closed',
  '2026-02-19': 'closed',
  '2026-04-03': 'closed', // Good Friday
  '2026-04-06': 'closed', // day following Ching Ming (5 April is a Sunday)
  '2026-04-07': 'closed', // day following Easter Monday
  '2026-05-01': 'closed', // Labour Day
  '2026-05-25': 'closed', // day following Buddha's Birthday (24 May is a Sunday)
  '2026-06-19': 'closed', // Tuen Ng Festival
  '2026-07-01': 'closed', // HKSAR Establishment Day
  '2026-10-01': 'closed', // National Day
  '2026-10-19': 'closed', // day following Chung Yeung (18 October is a Sunday)
  '2026-12-24': '12:00',
  '2026-12-25': 'closed',
  '2026-12-31': '12:00',
  '2027-01-01': 'closed',
  '2027-02-05': '12:00', // Lunar New Year's Eve
  '2027-02-08': 'closed', // third day of Lunar New Year
  '2027-02-09': 'closed', // fourth day (the second is a Sunday)
  '2027-03-26': 'closed', // Good Friday
  '2027-03-29': 'closed', // Easter Monday
  '2027-04-05': 'closed', // Ching Ming
  '2027-05-13': 'closed', // Buddha's Birthday
  '2027-06-09': 'closed', // Tuen Ng Festival
  '2027-07-01': 'closed',
  '2027-09-16': 'closed', // day following Mid-Autumn
  '2027-10-01': 'closed',
  '2027-10-08': 'closed', // Chung Yeung
  '2027-12-24': '12:00',
  '2027-12-27': 'closed', // first weekday after Christmas Day
  '2027-12-31': '12:00',
};

/** Interbank forex has no exchange; liquidity stops on Christmas Day and New Year's Day. */
export const FOREX_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed',
  '2026-12-25': 'closed',
  '2027-01-01': 'closed',
};

/** Metals and energy follow the CME Globex holiday calendar (full closures only). */
export const CFD_HOLIDAYS: Record<string, 'closed' | string> = {
  '2026-01-01': 'closed',
  '2026-04-03': 'closed', // Good Friday
  '2026-12-25': 'closed',
  '2027-01-01': 'closed',
  '2027-03-26': 'closed', // Good Friday
  '2027-12-24': 'closed', // Christmas (observed)
};

/** Two sessions a day with a lunch break (Tokyo, Hong Kong). */
const withLunch = (from: string, lunchFrom: string, lunchTo: string, to: string): Window[] => [
  ...monToFri(from, lunchFrom),
  ...monToFri(lunchTo, to),
];

/** A home exchange's cash session: Monday to Friday in local time. */
function exchange(
  id: SessionId,
  name: string,
  timeZone: string,
  weekly: Window[],
  holidays: Record<string, 'closed' | string>,
  description: string,
): SessionDef {
  return { id, exchange: name, timeZone, alwaysOpen: false, weekly, holidays, description };
}

export const SESSIONS: Record<SessionId, SessionDef> = {
  nyse: exchange(
    'nyse',
    'NYSE',
    'America/New_York',
    monToFri('09:30', '16:00'),
    NYSE_HOLIDAYS,
    'Monday to Friday 09:30–16:00 New York time; NYSE holidays and early closes (13:00).',
  ),
  // Nasdaq keeps the same hours and holiday calendar as the NYSE.
  nasdaq: exchange(
    'nasdaq',
    'Nasdaq',
    'America/New_York',
    monToFri('09:30', '16:00'),
    NYSE_HOLIDAYS,
    'Monday to Friday 09:30–16:00 New York time; the NYSE holiday calendar.',
  ),
  xetra: exchange(
    'xetra',
    'Xetra',
    'Europe/Berlin',
    monToFri('09:00', '17:30'),
    XETRA_HOLIDAYS,
    'Monday to Friday 09:00–17:30 Frankfurt time; Xetra holidays.',
  ),
  // Euro Stoxx 50: quoted while its constituents trade; Eurex closes on the Frankfurt holidays.
  eurex: exchange(
    'eurex',
    'Eurex',
    'Europe/Berlin',
    monToFri('09:00', '17:30'),
    XETRA_HOLIDAYS,
    'Monday to Friday 09:00–17:30 Frankfurt time; Eurex (Frankfurt) holidays.',
  ),
  lse: exchange(
    'lse',
    'LSE',
    'Europe/London',
    monToFri('08:00', '16:30'),
    LSE_HOLIDAYS,
    'Monday to Friday 08:00–16:30 London time; UK bank holidays, 12:30 closes on 24 and 31 December.',
  ),
  euronext: exchange(
    'euronext',
    'Euronext Paris',
    'Europe/Paris',
    monToFri('09:00', '17:30'),
    EURONEXT_HOLIDAYS,
    'Monday to Friday 09:00–17:30 Paris time; Euronext holidays, 14:05 closes on 24 and 31 December.',
  ),
  tse: exchange(
    'tse',
    'TSE',
    'Asia/Tokyo',
    withLunch('09:00', '11:30', '12:30', '15:30'),
    TSE_HOLIDAYS,
    'Monday to Friday 09:00–11:30 and 12:30–15:30 Tokyo time; Japanese holidays.',
  ),
  hkex: exchange(
    'hkex',
    'HKEX',
    'Asia/Hong_Kong',
    withLunch('09:30', '12:00', '13:00', '16:00'),
    HKEX_HOLIDAYS,
    'Monday to Friday 09:30–12:00 and 13:00–16:00 Hong Kong time; Hong Kong holidays, morning-only eves.',
  ),
  forex: {
    id: 'forex',
    exchange: 'Forex',
    timeZone: 'America/New_York',
    alwaysOpen: false,
    weekly: [{ from: ['sun', '17:00'], to: ['fri', '17:00'] }],
    holidays: FOREX_HOLIDAYS,
    description:
      "Sunday 17:00 to Friday 17:00 New York time, without a break; closed on Christmas Day and New Year's Day.",
  },
  cfd: {
    id: 'cfd',
    exchange: 'CME Globex',
    timeZone: 'America/New_York',
    alwaysOpen: false,
    // CME Globex hours: Sunday 18:00 to Friday 17:00 with a daily break 17:00–18:00.
    weekly: (['sun', 'mon', 'tue', 'wed', 'thu'] as const).map((d, i) => ({
      from: [d, '18:00'] as [Day, string],
      to: [(['mon', 'tue', 'wed', 'thu', 'fri'] as const)[i]!, '17:00'] as [Day, string],
    })),
    holidays: CFD_HOLIDAYS,
    description: 'Sunday 18:00 to Friday 17:00 New York time with a daily break 17:00–18:00; CME holidays.',
  },
  crypto: {
    id: 'crypto',
    exchange: 'Crypto',
    timeZone: 'UTC',
    alwaysOpen: true,
    weekly: [],
    holidays: {},
    description: 'Always open.',
  },
};

// ----- time-zone math ---------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock fields of an instant in a time zone. */
export function zonedParts(
  timeZone: string,
  utcMs: number,
): { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number } {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = out;
  return { year, month, day, hour, minute, second, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** Offset of the zone from UTC at an instant, in ms (New York in winter: -5 h). */
function offsetMs(timeZone: string, utcMs: number): number {
  const p = zonedParts(timeZone, utcMs);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant of a local wall-clock time. `day` may overflow the month (Date.UTC normalises it).
 * Two passes settle the offset across a daylight-saving change; a time inside a spring-forward gap
 * maps to the instant just after the gap.
 */
export function localToUtc(timeZone: string, year: number, month: number, day: number, minuteOfDay: number): number {
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = wall - offsetMs(timeZone, wall);
  const second = wall - offsetMs(timeZone, first);
  if (second === first) return first;
  // The offsets differ: either `second` shows the wall time asked for, or the wall time fell in a
  // spring-forward gap, where `first` (one offset later) is the instant just after the gap.
  return offsetMs(timeZone, second) === wall - second ? second : first;
}

const hm = (s: string) => {
  const [h, m] = s.split(':').map(Number);
  return h! * 60 + m!;
};

// ----- intervals --------------------------------------------------------------------------

export type Interval = [open: number, close: number];

/** Subtracts [a, b) from a sorted list of disjoint intervals. */
function subtract(list: Interval[], a: number, b: number): Interval[] {
  const out: Interval[] = [];
  for (const [s, e] of list) {
    if (e <= a || s >= b) out.push([s, e]);
    else {
      if (s < a) out.push([s, a]);
      if (e > b) out.push([b, e]);
    }
  }
  return out;
}

/**
 * The open intervals of a session that overlap [fromMs, toMs), clipped to it, sorted.
 * An always-open session is one interval.
 */
export function openIntervals(session: SessionDef, fromMs: number, toMs: number): Interval[] {
  if (toMs <= fromMs) return [];
  if (session.alwaysOpen) return [[fromMs, toMs]];
  const tz = session.timeZone;
  // Local Sunday on or before the start, one week earlier for windows that began before it.
  const start = zonedParts(tz, fromMs - 7 * DAY_MS);
  let sunday = Date.UTC(start.year, start.month - 1, start.day - start.weekday);
  let list: Interval[] = [];
  for (; ; sunday += 7 * DAY_MS) {
    const d = new Date(sunday);
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    if (localToUtc(tz, y, m, day, 0) >= toMs) break;
    for (const w of session.weekly) {
      const open = localToUtc(tz, y, m, day + DAYS[w.from[0]], hm(w.from[1]));
      const close = localToUtc(tz, y, m, day + DAYS[w.to[0]], hm(w.to[1]));
      if (close > fromMs && open < toMs) list.push([open, close]);
    }
  }
  list.sort((a, b) => a[0] - b[0]);
  for (const [date, rule] of Object.entries(session.holidays)) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const dayStart = localToUtc(tz, y, m, d, 0);
    const dayEnd = localToUtc(tz, y, m, d + 1, 0);
    if (dayEnd <= fromMs - 7 * DAY_MS || dayStart >= toMs) continue;
    list = subtract(list, rule === 'closed' ? dayStart : localToUtc(tz, y, m, d, hm(rule)), dayEnd);
  }
  return list.map(([s, e]): Interval => [Math.max(s, fromMs), Math.min(e, toMs)]).filter(([s, e]) => e > s);
}

/** How far ahead nextOpen/nextClose look; the longest closure (a long weekend plus a holiday) is 4 days. */
const HORIZON_MS = 21 * DAY_MS;

function sessionOf(x: Instrument | SessionDef | SessionId): SessionDef {
  if (typeof x === 'string') return SESSIONS[x];
  return 'symbol' in x ? SESSIONS[x.session] : x;
}

/**
 * Intervals from the start of `atMs`'s UTC day to HORIZON_MS after it, cached per session and
 * day: the ticker list asks for every instrument on every request, and one Intl pass is ~0.3 ms.
 */
const cache = new Map<string, Interval[]>();
const CACHE_MAX_ENTRIES = 64;
function intervalsAround(s: SessionDef, atMs: number): Interval[] {
  const day = Math.floor(atMs / DAY_MS);
  const key = `${s.id}:${day}`;
  let list = cache.get(key);
  if (!list) {
    list = openIntervals(s, day * DAY_MS, (day + 1) * DAY_MS + HORIZON_MS);
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, list);
  }
  return list;
}

export function isOpen(x: Instrument | SessionDef | SessionId, atMs: number): boolean {
  const s = sessionOf(x);
  if (s.alwaysOpen) return true;
  return intervalsAround(s, atMs).some(([a, b]) => a <= atMs && atMs < b);
}

export interface SessionState {
  open: boolean;
  /** The next opening after `at` (after the current session ends when open); null when always open. */
  nextOpen: number | null;
  /** The end of the current session when open, else the end of the next one; null when always open. */
  nextClose: number | null;
  timeZone: string;
}

export function sessionState(x: Instrument | SessionDef | SessionId, atMs: number): SessionState {
  const s = sessionOf(x);
  if (s.alwaysOpen) return { open: true, nextOpen: null, nextClose: null, timeZone: s.timeZone };
  const ahead = intervalsAround(s, atMs)
    .filter(([, e]) => e > atMs)
    .map(([a, e]): Interval => [Math.max(a, atMs), e]);
  const current = ahead[0] && ahead[0][0] <= atMs ? ahead[0] : undefined;
  if (current) {
    // An interval clipped at `at` started earlier; the next one starts after the current end.
    const next = ahead.find((iv) => iv[0] >= current[1]);
    return { open: true, nextOpen: next ? next[0] : null, nextClose: current[1], timeZone: s.timeZone };
  }
  const next = ahead[0];
  return { open: false, nextOpen: next ? next[0] : null, nextClose: next ? next[1] : null, timeZone: s.timeZone };
}

export interface SessionDay {
  /** The exchange-local date (YYYY-MM-DD) of the session in force, or of the next one when closed; null when always open. */
  date: string | null;
  /** Every session that opens on that local date, whole (not clipped to now): TSE and HKEX have two. */
  sessions: Interval[];
}

/**
 * The trading day to show next to a price: the exchange-local date of the session in force at
 * `atMs`, or of the next session when closed, with all the sessions that open that date.
 */
export function sessionDay(x: Instrument | SessionDef | SessionId, atMs: number): SessionDay {
  const s = sessionOf(x);
  if (s.alwaysOpen) return { date: null, sessions: [] };
  // Wide enough for a whole forex week on either side, unclipped at `atMs`.
  const list = openIntervals(s, atMs - 8 * DAY_MS, atMs + HORIZON_MS);
  const ref = list.find(([, b]) => b > atMs);
  if (!ref) return { date: null, sessions: [] };
  const p = zonedParts(s.timeZone, ref[0]);
  const dayStart = localToUtc(s.timeZone, p.year, p.month, p.day, 0);
  const dayEnd = localToUtc(s.timeZone, p.year, p.month, p.day + 1, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    sessions: list.filter(([a]) => a >= dayStart && a < dayEnd),
  };
}

export const nextOpen = (x: Instrument | SessionDef | SessionId, atMs: number) => sessionState(x, atMs).nextOpen;
export const nextClose = (x: Instrument | SessionDef | SessionId, atMs: number) => sessionState(x, atMs).nextClose;

/**
 * Open/closed per whole minute over a range, for the feed: bit i says whether minute
 * floor(fromMs / 1 min) + i is open. One Intl pass for the whole range.
 */
export function openMinutes(session: SessionDef, fromMinute: number, toMinute: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, toMinute - fromMinute));
  for (const [s, e] of openIntervals(session, fromMinute * MINUTE_MS, toMinute * MINUTE_MS)) {
    const a = Math.ceil(s / MINUTE_MS) - fromMinute;
    const b = Math.ceil(e / MINUTE_MS) - fromMinute;
    out.fill(1, Math.max(0, a), Math.min(out.length, b));
  }
  return out;
}

export function sessionOfSymbol(symbol: string): SessionDef | undefined {
  const i = instrumentOf(symbol);
  return i ? SESSIONS[i.session] : undefined;
}
