import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  displayTimeZone,
  formatClockTime,
  formatDateTime,
  localTimeZone,
  NEW_YORK_TIME_ZONE,
  setTimeZoneChoice,
  timeZoneChoice,
} from '.';

// The tests' machine zone is UTC (vitest.config.ts); here the user's own zone is Tokyo (UTC+9, no
// daylight saving time), so "local" and "New York" differ by 13 or 14 hours and neither is UTC.
const machineZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  process.env.TZ = machineZone;
  setTimeZoneChoice('local');
});

const summer = Date.UTC(2024, 4, 1, 13, 45, 10); // 2024-05-01T13:45:10Z: New York on EDT (UTC−4)
const winter = Date.UTC(2024, 0, 15, 3, 30, 0); // 2024-01-15T03:30:00Z: New York on EST (UTC−5), the day before

describe('the time zone setting', () => {
  it("shows times in the user's own zone by default", () => {
    expect(localTimeZone()).toBe('Asia/Tokyo');
    expect(timeZoneChoice()).toBe('local');
    expect(displayTimeZone()).toBe('Asia/Tokyo');
    expect(formatDateTime(summer)).toBe('2024-05-01 22:45:10');
    expect(formatDateTime(winter)).toBe('2024-01-15 12:30:00');
    expect(formatClockTime(summer)).toBe('22:45:10');
  });

  it('shows every time in New York time when chosen, daylight saving time included', () => {
    setTimeZoneChoice('new_york');
    expect(displayTimeZone()).toBe(NEW_YORK_TIME_ZONE);
    expect(formatDateTime(summer)).toBe('2024-05-01 09:45:10');
    // In January New York is five hours behind UTC, so the date is the day before.
    expect(formatDateTime(winter)).toBe('2024-01-14 22:30:00');
    expect(formatClockTime(summer)).toBe('09:45:10');
    expect(formatClockTime(winter)).toBe('22:30:00');
  });

  it('leaves a named zone alone (an exchange shows its own hours in its own zone)', () => {
    setTimeZoneChoice('new_york');
    expect(formatDateTime(summer, 'Europe/London')).toBe('2024-05-01 14:45:10');
    setTimeZoneChoice('local');
    expect(formatDateTime(summer, NEW_YORK_TIME_ZONE)).toBe('2024-05-01 09:45:10');
  });

  it('goes back to the local zone when the setting is turned off', () => {
    setTimeZoneChoice('new_york');
    expect(formatDateTime(summer)).toBe('2024-05-01 09:45:10');
    setTimeZoneChoice('local');
    expect(formatDateTime(summer)).toBe('2024-05-01 22:45:10');
  });

  it('shows "--" for what is no time in either mode', () => {
    for (const choice of ['local', 'new_york'] as const) {
      setTimeZoneChoice(choice);
      expect(formatDateTime(Number.NaN)).toBe('--');
      expect(formatClockTime(Number.POSITIVE_INFINITY)).toBe('--');
    }
  });
});
