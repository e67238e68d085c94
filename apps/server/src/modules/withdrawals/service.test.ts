import { describe, expect, it } from 'vitest';
import { addMonths } from './service';

// The new-user fee waiver's end (docs/withdrawals.md "Create and confirm"): calendar months from registration,
// the day clamped to the last day of the target month, the time of day kept, all in UTC.
describe('addMonths', () => {
  it.each([
    ['2026-11-15T09:30:00.000Z', 3, '2027-02-15T09:30:00.000Z'],
    ['2026-11-28T00:00:00.000Z', 3, '2027-02-28T00:00:00.000Z'],
    ['2026-11-29T12:00:00.000Z', 3, '2027-02-28T12:00:00.000Z'],
    ['2026-11-30T12:00:00.000Z', 3, '2027-02-28T12:00:00.000Z'],
    ['2027-11-29T12:00:00.000Z', 3, '2028-02-29T12:00:00.000Z'],
    ['2027-11-30T12:00:00.000Z', 3, '2028-02-29T12:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', 12, '2029-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', 48, '2032-02-29T08:00:00.000Z'],
    ['2026-01-31T23:59:59.999Z', 1, '2026-02-28T23:59:59.999Z'],
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2027-12-31T23:59:59.000Z', 3, '2028-03-31T23:59:59.000Z'],
    ['2026-10-31T10:00:00.000Z', 3, '2027-01-31T10:00:00.000Z'],
    ['2026-05-31T10:00:00.000Z', 0, '2026-05-31T10:00:00.000Z'],
  ])('%s plus %i months is %s', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });

  it('does not depend on the process time zone', () => {
    const before = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']) {
        process.env.TZ = zone;
        expect(addMonths(new Date('2026-11-30T23:30:00.000Z'), 3).toISOString()).toBe('2027-02-28T23:30:00.000Z');
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
