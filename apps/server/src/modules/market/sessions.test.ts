import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, instrumentOf } from '@app/contract';
import { NYSE_HOLIDAYS, SESSIONS, isOpen, localToUtc, nextClose, nextOpen, openIntervals, sessionState, zonedParts } from './sessions';

const T = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const AAPL = instrumentOf('AAPLUSD')!;

describe('time-zone math', () => {
  it('converts New York wall time to UTC on both sides of a daylight-saving change', () => {
    expect(iso(localToUtc('America/New_York', 2026, 10, 30, 9 * 60 + 30))).toBe('2026-10-30T13:30:00.000Z'); // EDT, UTC-4
    expect(iso(localToUtc('America/New_York', 2026, 11, 2, 9 * 60 + 30))).toBe('2026-11-02T14:30:00.000Z'); // EST, UTC-5
    expect(iso(localToUtc('America/New_York', 2027, 3, 12, 9 * 60 + 30))).toBe('2027-03-12T14:30:00.000Z'); // EST
    expect(iso(localToUtc('America/New_York', 2027, 3, 15, 9 * 60 + 30))).toBe('2027-03-15T13:30:00.000Z'); // EDT again
    // 02:30 does not exist on 2027-03-14 in New York: it maps to just after the gap.
    expect(iso(localToUtc('America/New_York', 2027, 3, 14, 2 * 60 + 30))).toBe('2027-03-14T07:30:00.000Z');
    expect(zonedParts('America/New_York', T('2026-11-01T05:30:00Z'))).toMatchObject({ hour: 1, minute: 30, weekday: 0 });
  });
});

describe('NYSE session (US stocks and indices)', () => {
  it('is open 09:30–16:00 New York time on a weekday and closed outside', () => {
    expect(isOpen(AAPL, T('2026-11-20T14:29:59Z'))).toBe(false);
    expect(isOpen(AAPL, T('2026-11-20T14:30:00Z'))).toBe(true);
    expect(isOpen(AAPL, T('2026-11-20T20:59:59Z'))).toBe(true);
    expect(isOpen(AAPL, T('2026-11-20T21:00:00Z'))).toBe(false);
    expect(isOpen(AAPL, T('2026-11-21T15:00:00Z'))).toBe(false); // Saturday
    expect(isOpen('nyse', T('2026-11-22T15:00:00Z'))).toBe(false); // Sunday
  });

  it('is closed on Thanksgiving and closes at 13:00 the day after', () => {
    expect(isOpen(AAPL, T('2026-11-26T15:00:00Z'))).toBe(false);
    expect(sessionState(AAPL, T('2026-11-26T15:00:00Z'))).toEqual({
      open: false, nextOpen: T('2026-11-27T14:30:00Z'), nextClose: T('2026-11-27T18:00:00Z'), timeZone: 'America/New_York',
    });
    expect(isOpen(AAPL, T('2026-11-27T17:59:00Z'))).toBe(true);
    expect(isOpen(AAPL, T('2026-11-27T18:00:00Z'))).toBe(false);
    expect(iso(nextOpen(AAPL, T('2026-11-27T18:00:00Z')))).toBe('2026-11-30T14:30:00.000Z');
    // Christmas 2027 falls on a Saturday: observed on Friday the 24th.
    expect(isOpen(AAPL, T('2027-12-24T15:00:00Z'))).toBe(false);
    expect(Object.keys(NYSE_HOLIDAYS).filter((d) => NYSE_HOLIDAYS[d] === 'closed')).toHaveLength(20);
  });

  it('follows New York across the daylight-saving change (opens 13:30 UTC before, 14:30 UTC after)', () => {
    // Week of 2026-10-26: EDT until Sunday 2026-11-01, EST from Monday.
    expect(iso(nextOpen(AAPL, T('2026-10-29T21:00:00Z')))).toBe('2026-10-30T13:30:00.000Z');
    expect(iso(nextClose(AAPL, T('2026-10-30T14:00:00Z')))).toBe('2026-10-30T20:00:00.000Z');
    expect(iso(nextOpen(AAPL, T('2026-10-30T20:00:00Z')))).toBe('2026-11-02T14:30:00.000Z');
    expect(isOpen(AAPL, T('2026-11-02T14:00:00Z'))).toBe(false); // 09:00 EST: not yet
    expect(isOpen(AAPL, T('2026-11-02T20:30:00Z'))).toBe(true); // 15:30 EST
    expect(isOpen(AAPL, T('2026-10-30T20:30:00Z'))).toBe(false); // 16:30 EDT
    const week = openIntervals(SESSIONS.nyse, T('2026-10-26T00:00:00Z'), T('2026-11-07T00:00:00Z')).map(([a, b]) => `${iso(a)}/${iso(b)}`);
    expect(week).toEqual([
      '2026-10-26T13:30:00.000Z/2026-10-26T20:00:00.000Z', '2026-10-27T13:30:00.000Z/2026-10-27T20:00:00.000Z',
      '2026-10-28T13:30:00.000Z/2026-10-28T20:00:00.000Z', '2026-10-29T13:30:00.000Z/2026-10-29T20:00:00.000Z',
      '2026-10-30T13:30:00.000Z/2026-10-30T20:00:00.000Z', '2026-11-02T14:30:00.000Z/2026-11-02T21:00:00.000Z',
      '2026-11-03T14:30:00.000Z/2026-11-03T21:00:00.000Z', '2026-11-04T14:30:00.000Z/2026-11-04T21:00:00.000Z',
      '2026-11-05T14:30:00.000Z/2026-11-05T21:00:00.000Z', '2026-11-06T14:30:00.000Z/2026-11-06T21:00:00.000Z',
    ]);
  });
});

describe('forex, CFD and crypto sessions', () => {
  it('forex runs Sunday 17:00 to Friday 17:00 New York without a break', () => {
    const eur = instrumentOf('EURUSD')!;
    expect(isOpen(eur, T('2026-11-22T21:59:00Z'))).toBe(false); // Sunday 16:59 EST
    expect(isOpen(eur, T('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isOpen(eur, T('2026-11-25T03:00:00Z'))).toBe(true); // midweek night
    expect(sessionState(eur, T('2026-11-20T15:00:00Z'))).toMatchObject({ open: true, nextClose: T('2026-11-20T22:00:00Z'), nextOpen: T('2026-11-22T22:00:00Z') });
    // In summer time the same 17:00 is 21:00 UTC.
    expect(iso(nextClose(eur, T('2026-10-28T12:00:00Z')))).toBe('2026-10-30T21:00:00.000Z');
    expect(isOpen(eur, T('2026-12-25T12:00:00Z'))).toBe(false); // Christmas Day
  });

  it('metals and energy trade near 24 h with a daily 17:00–18:00 New York break', () => {
    const gold = instrumentOf('XAUUSD')!;
    expect(isOpen(gold, T('2026-11-24T21:59:00Z'))).toBe(true);
    expect(isOpen(gold, T('2026-11-24T22:00:00Z'))).toBe(false);
    expect(iso(nextOpen(gold, T('2026-11-24T22:00:00Z')))).toBe('2026-11-24T23:00:00.000Z');
    expect(isOpen(gold, T('2026-11-22T22:30:00Z'))).toBe(false); // Sunday 17:30: reopens 18:00
    expect(isOpen(gold, T('2026-11-22T23:00:00Z'))).toBe(true);
    expect(isOpen(gold, T('2027-03-26T15:00:00Z'))).toBe(false); // Good Friday
  });

  it('crypto is always open and has no next open or close', () => {
    for (const at of ['2026-11-21T03:00:00Z', '2026-12-25T00:00:00Z', '2027-03-14T07:00:00Z']) {
      expect(sessionState(instrumentOf('BTCUSDT')!, T(at))).toEqual({ open: true, nextOpen: null, nextClose: null, timeZone: 'UTC' });
    }
  });

  it('opens and closes only on whole minutes (the feed decides once per minute)', () => {
    for (const s of Object.values(SESSIONS)) {
      for (const [a, b] of openIntervals(s, T('2026-01-01T00:00:00Z'), T('2027-12-31T00:00:00Z'))) {
        expect(a % 60_000, s.id).toBe(0);
        expect(b % 60_000, s.id).toBe(0);
      }
    }
    expect(new Set(INSTRUMENTS.map((i) => i.session))).toEqual(new Set(['forex', 'cfd', 'crypto', 'nyse']));
  });
});
