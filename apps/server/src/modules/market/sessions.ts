/**
 * Trading sessions: when each instrument is quoted (DESIGN.md §5, docs/market-data.md).
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

export const SESSIONS: Record<SessionId, SessionDef> = {
  nyse: {
    id: 'nyse',
    timeZone: 'America/New_York',
    alwaysOpen: false,
    weekly: monToFri('09:30', '16:00'),
    holidays: NYSE_HOLIDAYS,
    description: 'Monday to Friday 09:30–16:00 New York time; NYSE holidays and early closes (13:00).',
  },
  forex: {
    id: 'forex',
    timeZone: 'America/New_York',
    alwaysOpen: false,
    weekly: [{ from: ['sun', '17:00'], to: ['fri', '17:00'] }],
    holidays: FOREX_HOLIDAYS,
    description: 'Sunday 17:00 to Friday 17:00 New York time, without a break; closed on Christmas Day and New Year\'s Day.',
  },
  cfd: {
    id: 'cfd',
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
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock fields of an instant in a time zone. */
export function zonedParts(timeZone: string, utcMs: number): { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number } {
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
  return list
    .map(([s, e]): Interval => [Math.max(s, fromMs), Math.min(e, toMs)])
    .filter(([s, e]) => e > s);
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
