import { describe, expect, it } from 'vitest';
import { dateTimeAttribute, formatDateTime, localTimeZone, NEW_YORK_TIME_ZONE, zoneLabel } from '.';

const at = Date.UTC(2024, 4, 1, 13, 45, 10); // 2024-05-01T13:45:10Z

describe('formatDateTime', () => {
  it('writes epoch milliseconds as YYYY-MM-DD HH:mm:ss in a named time zone', () => {
    expect(formatDateTime(at, 'UTC')).toBe('2024-05-01 13:45:10');
    expect(formatDateTime(at, 'Asia/Tokyo')).toBe('2024-05-01 22:45:10');
    // The New York variant follows daylight saving time: EDT in May, EST in January.
    expect(formatDateTime(at, NEW_YORK_TIME_ZONE)).toBe('2024-05-01 09:45:10');
    expect(formatDateTime(Date.UTC(2024, 0, 15, 14, 30, 0), NEW_YORK_TIME_ZONE)).toBe('2024-01-15 09:30:00');
  });

  it('uses the user’s time zone by default', () => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    expect(formatDateTime(at)).toBe(local);
    expect(formatDateTime(at, localTimeZone())).toBe(local);
  });

  it('counts hours 00–23 and crosses the day in the zone, not in UTC', () => {
    expect(formatDateTime(Date.UTC(2024, 11, 31, 23, 5, 0), 'UTC')).toBe('2024-12-31 23:05:00');
    expect(formatDateTime(Date.UTC(2024, 11, 31, 23, 5, 0), 'Asia/Tokyo')).toBe('2025-01-01 08:05:00');
    expect(formatDateTime(Date.UTC(2024, 0, 1, 0, 0, 0), 'UTC')).toBe('2024-01-01 00:00:00');
    expect(formatDateTime(0, 'UTC')).toBe('1970-01-01 00:00:00');
  });

  it('shows "--" for what is no time, and the user’s zone for an unknown zone name', () => {
    expect(formatDateTime(Number.NaN)).toBe('--');
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe('--');
    expect(formatDateTime(9e15)).toBe('--');
    expect(formatDateTime(at, 'Not/AZone')).toBe(formatDateTime(at));
  });
});

describe('dateTimeAttribute', () => {
  it('gives ISO 8601 UTC for <time dateTime>', () => {
    expect(dateTimeAttribute(at)).toBe('2024-05-01T13:45:10.000Z');
    expect(dateTimeAttribute(Number.NaN)).toBe('');
  });
});

describe('zoneLabel', () => {
  const winter = Date.UTC(2026, 0, 15, 12);
  const summer = Date.UTC(2026, 6, 15, 12);

  it('names a zone by its city and its abbreviation at that instant, not by its IANA id', () => {
    expect(zoneLabel(NEW_YORK_TIME_ZONE, winter, 'en-US')).toBe('New York, EST');
    expect(zoneLabel(NEW_YORK_TIME_ZONE, summer, 'en-US')).toBe('New York, EDT');
    expect(zoneLabel('Europe/Berlin', winter, 'de-DE')).toBe('Berlin, MEZ');
    expect(zoneLabel('Asia/Tokyo', winter, 'ja-JP')).toBe('Tokyo, JST');
  });

  it('gives the GMT offset where the language has no abbreviation', () => {
    expect(zoneLabel('Europe/Berlin', summer, 'en-US')).toBe('Berlin, GMT+2');
    expect(zoneLabel('Asia/Shanghai', winter, 'en-US')).toBe('Shanghai, GMT+8');
    expect(zoneLabel('America/Argentina/Buenos_Aires', winter, 'en-US')).toBe('Buenos Aires, GMT-3');
  });

  it('says UTC for UTC, only the offset for a zone that names no place, and an unknown id as it is', () => {
    expect(zoneLabel('UTC', winter, 'en-US')).toBe('UTC');
    expect(zoneLabel('Etc/UTC', winter, 'de-DE')).toBe('UTC');
    expect(zoneLabel('Etc/GMT+5', winter, 'en-US')).toBe('GMT-5');
    expect(zoneLabel('Not/AZone', winter, 'en-US')).toBe('Not/AZone');
  });
});
