import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, instrumentOf } from '@app/contract';
import {
  NYSE_HOLIDAYS,
  SESSIONS,
  isOpen,
  localToUtc,
  nextClose,
  nextOpen,
  openIntervals,
  sessionDay,
  sessionState,
  zonedParts,
} from './sessions';

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
    expect(zonedParts('America/New_York', T('2026-11-01T05:30:00Z'))).toMatchObject({
      hour: 1,
      minute: 30,
      weekday: 0,
    });
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
      open: false,
      nextOpen: T('2026-11-27T14:30:00Z'),
      nextClose: T('2026-11-27T18:00:00Z'),
      timeZone: 'America/New_York',
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
    const week = openIntervals(SESSIONS.nyse, T('2026-10-26T00:00:00Z'), T('2026-11-07T00:00:00Z')).map(
      ([a, b]) => `${iso(a)}/${iso(b)}`,
    );
    expect(week).toEqual([
      '2026-10-26T13:30:00.000Z/2026-10-26T20:00:00.000Z',
      '2026-10-27T13:30:00.000Z/2026-10-27T20:00:00.000Z',
      '2026-10-28T13:30:00.000Z/2026-10-28T20:00:00.000Z',
      '2026-10-29T13:30:00.000Z/2026-10-29T20:00:00.000Z',
      '2026-10-30T13:30:00.000Z/2026-10-30T20:00:00.000Z',
      '2026-11-02T14:30:00.000Z/2026-11-02T21:00:00.000Z',
      '2026-11-03T14:30:00.000Z/2026-11-03T21:00:00.000Z',
      '2026-11-04T14:30:00.000Z/2026-11-04T21:00:00.000Z',
      '2026-11-05T14:30:00.000Z/2026-11-05T21:00:00.000Z',
      '2026-11-06T14:30:00.000Z/2026-11-06T21:00:00.000Z',
    ]);
  });
});

describe('forex, CFD and crypto sessions', () => {
  it('forex runs Sunday 17:00 to Friday 17:00 New York without a break', () => {
    const eur = instrumentOf('EURUSD')!;
    expect(isOpen(eur, T('2026-11-22T21:59:00Z'))).toBe(false); // Sunday 16:59 EST
    expect(isOpen(eur, T('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isOpen(eur, T('2026-11-25T03:00:00Z'))).toBe(true); // midweek night
    expect(sessionState(eur, T('2026-11-20T15:00:00Z'))).toMatchObject({
      open: true,
      nextClose: T('2026-11-20T22:00:00Z'),
      nextOpen: T('2026-11-22T22:00:00Z'),
    });
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
      expect(sessionState(instrumentOf('BTCUSDT')!, T(at))).toEqual({
        open: true,
        nextOpen: null,
        nextClose: null,
        timeZone: 'UTC',
      });
    }
  });

  it('opens and closes only on whole minutes (the feed decides once per minute)', () => {
    for (const s of Object.values(SESSIONS)) {
      for (const [a, b] of openIntervals(s, T('2026-01-01T00:00:00Z'), T('2027-12-31T00:00:00Z'))) {
        expect(a % 60_000, s.id).toBe(0);
        expect(b % 60_000, s.id).toBe(0);
      }
    }
    expect(new Set(INSTRUMENTS.map((i) => i.session))).toEqual(
      new Set(['forex', 'cfd', 'crypto', 'nyse', 'nasdaq', 'xetra', 'eurex', 'lse', 'euronext', 'tse', 'hkex']),
    );
  });
});

describe('home-exchange sessions (indices and stocks outside New York)', () => {
  const on = (symbol: string) => instrumentOf(symbol)!;

  it('puts each index on its own exchange and time zone', () => {
    const of = (symbol: string) => [SESSIONS[on(symbol).session].exchange, SESSIONS[on(symbol).session].timeZone];
    expect(of('GER40')).toEqual(['Xetra', 'Europe/Berlin']);
    expect(of('UK100')).toEqual(['LSE', 'Europe/London']);
    expect(of('FRA40')).toEqual(['Euronext Paris', 'Europe/Paris']);
    expect(of('EU50')).toEqual(['Eurex', 'Europe/Berlin']);
    expect(of('JPN225')).toEqual(['TSE', 'Asia/Tokyo']);
    expect(of('HK50')).toEqual(['HKEX', 'Asia/Hong_Kong']);
    expect(of('NAS100')).toEqual(['Nasdaq', 'America/New_York']);
    expect(of('US30')).toEqual(['NYSE', 'America/New_York']);
    expect(of('AAPLUSD')[0]).toBe('Nasdaq');
    expect(of('KOUSD')[0]).toBe('NYSE');
  });

  it('GER40 is open on a Monday at 08:00 UTC (Xetra 09:00–17:30 CET) and closes at 16:30 UTC', () => {
    const ger = on('GER40');
    expect(isOpen(ger, T('2026-11-23T07:59:00Z'))).toBe(false);
    expect(isOpen(ger, T('2026-11-23T08:00:00Z'))).toBe(true);
    expect(sessionState(ger, T('2026-11-23T08:00:00Z'))).toEqual({
      open: true,
      nextClose: T('2026-11-23T16:30:00Z'),
      nextOpen: T('2026-11-24T08:00:00Z'),
      timeZone: 'Europe/Berlin',
    });
    // Summer time (CEST): 09:00 is 07:00 UTC.
    expect(isOpen(ger, T('2026-06-15T07:00:00Z'))).toBe(true);
    expect(isOpen(ger, T('2026-06-15T15:30:00Z'))).toBe(false);
    // Easter Monday 2026: closed all day, opens Tuesday.
    expect(isOpen(ger, T('2026-04-06T10:00:00Z'))).toBe(false);
    expect(iso(nextOpen(ger, T('2026-04-06T10:00:00Z')))).toBe('2026-04-07T07:00:00.000Z');
  });

  it('JPN225 closes for the TSE lunch break and opens again at 12:30 Tokyo', () => {
    const jp = on('JPN225');
    expect(isOpen(jp, T('2026-11-24T00:00:00Z'))).toBe(true); // 09:00 JST
    expect(isOpen(jp, T('2026-11-24T02:29:00Z'))).toBe(true); // 11:29
    expect(isOpen(jp, T('2026-11-24T02:30:00Z'))).toBe(false); // 11:30 lunch
    expect(sessionState(jp, T('2026-11-24T03:00:00Z'))).toMatchObject({
      open: false,
      nextOpen: T('2026-11-24T03:30:00Z'),
      nextClose: T('2026-11-24T06:30:00Z'),
    });
    expect(isOpen(jp, T('2026-11-24T06:29:00Z'))).toBe(true); // 15:29
    expect(isOpen(jp, T('2026-11-24T06:30:00Z'))).toBe(false);
    expect(isOpen(jp, T('2026-11-23T01:00:00Z'))).toBe(false); // Labour Thanksgiving Day
    expect(sessionDay(jp, T('2026-11-24T03:00:00Z'))).toEqual({
      date: '2026-11-24',
      sessions: [
        [T('2026-11-24T00:00:00Z'), T('2026-11-24T02:30:00Z')],
        [T('2026-11-24T03:30:00Z'), T('2026-11-24T06:30:00Z')],
      ],
    });
    // Golden Week 2026 (3–6 May): after Friday 1 May the next session is Thursday 7 May.
    expect(iso(nextOpen(jp, T('2026-05-01T07:00:00Z')))).toBe('2026-05-07T00:00:00.000Z');
  });

  it('HK50 is closed on HKEX holidays and trades only the morning on Christmas Eve', () => {
    const hk = on('HK50');
    expect(isOpen(hk, T('2026-11-24T02:00:00Z'))).toBe(true); // Tuesday 10:00 HKT
    expect(isOpen(hk, T('2026-11-24T04:30:00Z'))).toBe(false); // 12:30 lunch
    expect(isOpen(hk, T('2026-02-17T02:00:00Z'))).toBe(false); // Lunar New Year
    expect(iso(nextOpen(hk, T('2026-02-17T02:00:00Z')))).toBe('2026-02-20T01:30:00.000Z');
    expect(isOpen(hk, T('2026-10-01T02:00:00Z'))).toBe(false); // National Day
    expect(isOpen(hk, T('2026-12-24T03:59:00Z'))).toBe(true); // 11:59
    expect(isOpen(hk, T('2026-12-24T05:30:00Z'))).toBe(false); // 13:30: no afternoon session
  });

  it('US stocks and US indices are closed on Thanksgiving on both NYSE and Nasdaq', () => {
    for (const symbol of ['AAPLUSD', 'KOUSD', 'NAS100', 'US30']) {
      expect(isOpen(on(symbol), T('2026-11-26T15:00:00Z')), symbol).toBe(false);
      expect(isOpen(on(symbol), T('2026-11-25T15:00:00Z')), symbol).toBe(true);
    }
    expect(isOpen(on('GER40'), T('2026-11-26T09:00:00Z'))).toBe(true); // not a German holiday
  });

  it('keeps London and New York apart in the weeks their clocks change on different dates', () => {
    const uk = on('UK100');
    const us = on('US30');
    // 2026-03-09..27: New York is on summer time (from 8 March), London not yet (from 29 March).
    expect(iso(nextOpen(uk, T('2026-03-16T00:00:00Z')))).toBe('2026-03-16T08:00:00.000Z'); // 08:00 GMT
    expect(iso(nextOpen(us, T('2026-03-16T00:00:00Z')))).toBe('2026-03-16T13:30:00.000Z'); // 09:30 EDT
    expect(iso(nextOpen(uk, T('2026-03-30T00:00:00Z')))).toBe('2026-03-30T07:00:00.000Z'); // 08:00 BST
    expect(iso(nextClose(uk, T('2026-03-30T10:00:00Z')))).toBe('2026-03-30T15:30:00.000Z'); // 16:30 BST
    // Autumn: London back on GMT from 25 October, New York on EDT until 1 November.
    expect(iso(nextOpen(uk, T('2026-10-26T00:00:00Z')))).toBe('2026-10-26T08:00:00.000Z');
    expect(iso(nextOpen(us, T('2026-10-26T00:00:00Z')))).toBe('2026-10-26T13:30:00.000Z');
    expect(isOpen(uk, T('2026-10-26T16:15:00Z'))).toBe(true); // 16:15 GMT
    expect(isOpen(uk, T('2026-12-24T12:30:00Z'))).toBe(false); // half day closes 12:30
    expect(isOpen(uk, T('2026-12-28T10:00:00Z'))).toBe(false); // Boxing Day substitute
  });

  it('gives the day to show: the sessions of the local date in force, or of the next session when closed', () => {
    expect(sessionDay(on('GER40'), T('2026-11-21T12:00:00Z'))).toEqual({
      date: '2026-11-23',
      sessions: [[T('2026-11-23T08:00:00Z'), T('2026-11-23T16:30:00Z')]],
    });
    expect(sessionDay(on('EURUSD'), T('2026-11-25T12:00:00Z'))).toEqual({
      date: '2026-11-22',
      sessions: [[T('2026-11-22T22:00:00Z'), T('2026-11-27T22:00:00Z')]],
    });
    expect(sessionDay(on('BTCUSDT'), T('2026-11-25T12:00:00Z'))).toEqual({ date: null, sessions: [] });
  });
});
