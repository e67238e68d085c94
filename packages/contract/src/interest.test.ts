import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  RATE_SCALE,
  applyLoanPayment,
  dayStart,
  financingAccrual,
  financingDaysEarned,
  financingPayout,
  financingSchedule,
  formatRate,
  loanDue,
  loanDueDay,
  loanPeriodInterest,
  newLoanBalance,
  parseRate,
  utcDay,
  type EarlyRedemption,
  type FinancingPayout,
  type LoanBalance,
  type LoanPayment,
} from './interest';

const USDT = (text: string): bigint => {
  const [int, frac = ''] = text.split('.');
  return BigInt(int + frac.padEnd(6, '0'));
};
const rate = (text: string): bigint => {
  const r = parseRate(text);
  if (r === null) throw new Error(`bad rate ${text}`);
  return r;
};
const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();

/** Financing's day-count denominator: rate units × 365 days. */
const FIN_DEN = RATE_SCALE * 365n;

/** The ledger legs of ending a subscription (what financing_mature / financing_redeem post). */
function financingEndLegs(p: FinancingPayout) {
  return { financing: p.principal + p.interest, financing_frozen: -p.principal, interest: -p.interest };
}
/** The ledger legs of a loan repayment (what loan_repay posts). */
function loanRepayLegs(p: LoanPayment) {
  return { currency: -p.paid, loan_book: p.principalPaid, interest: p.interestPaid };
}
const throwsRange = (f: () => unknown): boolean => {
  try {
    f();
  } catch (e) {
    return e instanceof RangeError;
  }
  return false;
};
const legSum = (legs: Record<string, bigint>): bigint => Object.values(legs).reduce((a, b) => a + b, 0n);

describe('rates', () => {
  it('parse exact decimals in 1e-8 units, at most 10, and format back', () => {
    expect(parseRate('0.085')).toBe(8_500_000n);
    expect(parseRate('0.0005')).toBe(50_000n);
    expect(parseRate('0.00000001')).toBe(1n);
    expect(parseRate('0')).toBe(0n);
    expect(parseRate('10')).toBe(10n * RATE_SCALE);
    for (const bad of ['10.00000001', '0.000000001', '-0.1', '', '1e-3', '0x10', '.5', 'NaN'])
      expect(parseRate(bad), bad).toBeNull();
    expect(formatRate(8_500_000n)).toBe('0.085');
    expect(formatRate(10n * RATE_SCALE)).toBe('10');
    expect(formatRate(1n)).toBe('0.00000001');
    for (let u = 0n; u < 2_000_000_000n; u += 7_654_321n)
      expect(parseRate(formatRate(u))).toBe(u > 10n * RATE_SCALE ? null : u);
  });
});

describe('financing, worked examples', () => {
  const schedule = (amount: string, annual: string, days: number, subscribed: string) => {
    const principal = USDT(amount);
    const annualRate = rate(annual);
    return {
      principal,
      annualRate,
      s: financingSchedule({ principal, annualRate, days, subscribedAt: at(subscribed) }),
    };
  };
  it('1,000.00 USDT at 8.5 % for 30 days: 6.986302 USDT, rounded up from 6.98630136…', () => {
    const { principal, annualRate, s } = schedule('1000', '0.085', 30, '2026-01-30T15:20:00Z');
    expect(iso(s.accrualStart)).toBe('2026-01-31T00:00:00.000Z');
    expect(iso(s.maturesAt)).toBe('2026-03-02T00:00:00.000Z');
    expect(s.interest).toBe(6_986_302n); // exact 1000 × 0.085 × 30 / 365 = 6.986301369…
    const sub = {
      principal,
      annualRate,
      days: 30,
      accrualStart: s.accrualStart,
      maturesAt: s.maturesAt,
      early: 'keep' as EarlyRedemption,
    };
    expect(financingPayout(sub, s.maturesAt)).toEqual({ principal, interest: 6_986_302n, kind: 'mature' });
    expect(financingPayout(sub, s.maturesAt + 5 * DAY_MS).interest).toBe(6_986_302n); // a late run pays the same
    // Redeemed on 2026-02-10 at 18:00 UTC: 10 whole days earned (31 Jan – 9 Feb), 2.328767… → 2.328768.
    expect(financingDaysEarned(s.accrualStart, 30, at('2026-02-10T18:00:00Z'))).toBe(10);
    expect(financingPayout(sub, at('2026-02-10T18:00:00Z'))).toEqual({
      principal,
      interest: 2_328_768n,
      kind: 'redeem',
    });
    expect(financingPayout({ ...sub, early: 'forfeit' }, at('2026-02-10T18:00:00Z'))).toEqual({
      principal,
      interest: 0n,
      kind: 'redeem',
    });
    expect(() => financingPayout({ ...sub, early: 'none' }, at('2026-02-10T18:00:00Z'))).toThrow(RangeError);
    // On the day of subscribing nothing is earned yet.
    expect(financingPayout(sub, at('2026-01-30T23:59:59.999Z')).interest).toBe(0n);
  });

  it('counts 29 February like any day (actual/365): 10,000 USDT at 3.65 % earns 1 USDT a day', () => {
    const leapDay = schedule('10000', '0.0365', 1, '2028-02-28T12:00:00Z').s;
    expect(iso(leapDay.accrualStart)).toBe('2028-02-29T00:00:00.000Z');
    expect(iso(leapDay.maturesAt)).toBe('2028-03-01T00:00:00.000Z');
    expect(leapDay.interest).toBe(USDT('1'));
    const year = schedule('10000', '0.0365', 366, '2027-12-31T08:00:00Z').s;
    expect(iso(year.maturesAt)).toBe('2029-01-01T00:00:00.000Z');
    expect(year.interest).toBe(USDT('366'));
  });

  it("rounds up in the user's favour: one minor unit at the smallest rate still earns one unit; rate 0 earns nothing", () => {
    expect(financingAccrual(1n, 1n, 1)).toBe(1n);
    expect(financingAccrual(1n, 0n, 3650)).toBe(0n);
    expect(financingAccrual(0n, 1n, 3650)).toBe(0n);
    expect(financingAccrual(USDT('1000'), rate('0.085'), 0)).toBe(0n);
    expect(() => financingAccrual(1n, 1n, 1.5)).toThrow(RangeError);
    expect(() => financingAccrual(-1n, 1n, 1)).toThrow(RangeError);
  });

  it("starts at the next 00:00 UTC whatever the user's zone and its daylight-saving change", () => {
    const start = (t: string) =>
      iso(financingSchedule({ principal: 1n, annualRate: 1n, days: 7, subscribedAt: at(t) }).accrualStart);
    // New York springs forward on 2026-03-08 at 02:00 EST (07:00 UTC): before and after, the UTC day is 8 March.
    expect(start('2026-03-08T06:30:00Z')).toBe('2026-03-09T00:00:00.000Z'); // 01:30 EST
    expect(start('2026-03-08T07:30:00Z')).toBe('2026-03-09T00:00:00.000Z'); // 03:30 EDT
    // Europe on 2026-03-29 at 01:00 UTC, New York falls back on 2026-11-01 at 06:00 UTC.
    expect(start('2026-03-29T00:59:59.999Z')).toBe('2026-03-30T00:00:00.000Z');
    expect(start('2026-03-29T01:00:00Z')).toBe('2026-03-30T00:00:00.000Z');
    expect(start('2026-11-01T05:30:00Z')).toBe('2026-11-02T00:00:00.000Z');
    // Tokyo: 1 March 08:00 local is still 28 February in UTC, so interest starts on 1 March 00:00 UTC.
    expect(start('2026-02-28T23:00:00Z')).toBe('2026-03-01T00:00:00.000Z');
    // Exactly 00:00 UTC: the first 00:00 UTC after it is the next day's.
    expect(start('2026-05-01T00:00:00Z')).toBe('2026-05-02T00:00:00.000Z');
    // A 7-day term over the European change is still 7 × 24 h.
    const s = financingSchedule({ principal: 1n, annualRate: 1n, days: 7, subscribedAt: at('2026-03-27T10:00:00Z') });
    expect(s.maturesAt - s.accrualStart).toBe(7 * DAY_MS);
  });
});

describe('loans, worked examples', () => {
  // 500 USDT at 0.05 %/day for 14 days, late rate 0.1 %/day, paid out 2026-02-20 09:00 UTC.
  const loan = newLoanBalance(USDT('500'), rate('0.0005'), rate('0.001'), 14, at('2026-02-20T09:00:00Z'));

  it('paid on day 10 (1 March): 10 days × 0.25 = 2.50 USDT interest', () => {
    expect(loanDueDay(loan)).toBe(utcDay(at('2026-03-06T00:00:00Z')));
    const due = loanDue(loan, at('2026-03-01T17:45:00Z'));
    expect(due).toMatchObject({
      regularDays: 10,
      lateDays: 0,
      interest: USDT('2.5'),
      principal: USDT('500'),
      total: USDT('502.5'),
      overdue: false,
    });
    const paid = applyLoanPayment(loan, at('2026-03-01T17:45:00Z'), due.total);
    expect(paid).toMatchObject({ interestPaid: USDT('2.5'), principalPaid: USDT('500'), settled: true });
    expect(loanRepayLegs(paid)).toEqual({ currency: -USDT('502.5'), loan_book: USDT('500'), interest: USDT('2.5') });
  });

  it('on the last regular day (5 March) it costs loanPeriodInterest, 3.50 USDT; from 6 March the late rate applies', () => {
    expect(loanPeriodInterest(USDT('500'), rate('0.0005'), 14)).toBe(USDT('3.5'));
    expect(loanDue(loan, at('2026-03-05T23:59:59.999Z'))).toMatchObject({
      regularDays: 14,
      lateDays: 0,
      interest: USDT('3.5'),
      overdue: false,
    });
    expect(loanDue(loan, at('2026-03-06T00:00:00Z'))).toMatchObject({
      regularDays: 14,
      lateDays: 1,
      interest: USDT('4'),
      overdue: true,
    });
    // Paid 3 days late (8 March): 14 × 0.25 + 3 × 0.50 = 5.00 USDT.
    expect(loanDue(loan, at('2026-03-08T12:00:00Z'))).toMatchObject({
      regularDays: 14,
      lateDays: 3,
      interest: USDT('5'),
      total: USDT('505'),
    });
  });

  it('takes a part payment as interest first, carries unpaid interest, charges each day once', () => {
    const first = applyLoanPayment(loan, at('2026-03-01T10:00:00Z'), USDT('1'));
    expect(first).toMatchObject({ interestPaid: USDT('1'), principalPaid: 0n, settled: false });
    expect(first.after).toMatchObject({ principal: USDT('500'), interestCarried: USDT('1.5') });
    // The same day again: nothing new is charged.
    expect(loanDue(first.after, at('2026-03-01T23:00:00Z')).interest).toBe(USDT('1.5'));
    const second = applyLoanPayment(first.after, at('2026-03-02T10:00:00Z'), USDT('101.75'));
    expect(second).toMatchObject({ interestPaid: USDT('1.75'), principalPaid: USDT('100') });
    expect(second.after).toMatchObject({ principal: USDT('400'), interestCarried: 0n });
    // Interest now runs on 400: 0.20 a day for 3–5 March, then 0.40 late on 6 March.
    expect(loanDue(second.after, at('2026-03-06T01:00:00Z'))).toMatchObject({
      regularDays: 3,
      lateDays: 1,
      interest: USDT('1'),
      total: USDT('401'),
    });
    expect(() => applyLoanPayment(second.after, at('2026-03-06T01:00:00Z'), USDT('401.000001'))).toThrow(RangeError);
    expect(() => applyLoanPayment(second.after, at('2026-03-06T01:00:00Z'), 0n)).toThrow(RangeError);
  });

  it("rounds down in the user's favour, once per repayment", () => {
    const l = newLoanBalance(USDT('333.333333'), rate('0.0005'), rate('0.001'), 7, at('2026-06-01T00:00:00Z'));
    expect(loanDue(l, at('2026-06-01T12:00:00Z')).interest).toBe(166_666n); // exact 0.1666666665
    expect(loanDue(l, at('2026-06-03T12:00:00Z')).interest).toBe(499_999n); // exact 0.4999999995: one rounding, not three
  });
});

/* ------------------------------------------------------------------------------------------------
 * Property tests: generated cases from a seeded generator (a failure names its seed and case).
 * ---------------------------------------------------------------------------------------------- */

const CASES = 100_000;
const SEED = 19;

/** xorshift32 with helpers; seeded, so every case replays. */
class Gen {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  u32(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  float(): number {
    return this.u32() / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)]!;
  }
  /** A bigint of `n` random decimal digits (leading zeros allowed). */
  digits(n: number): bigint {
    let s = '';
    while (s.length < n) s += this.u32().toString().padStart(10, '0').slice(1);
    return BigInt(s.slice(0, n));
  }
  /** A bigint in [lo, hi]. */
  big(lo: bigint, hi: bigint): bigint {
    const span = hi - lo + 1n;
    return lo + (this.digits(span.toString().length + 6) % span);
  }
}

/** 1 minor unit to 1e17 coins; log-uniform in size, with the ends themselves often. */
function amount(g: Gen, scale: number): bigint {
  const max = 10n ** (17n + BigInt(scale));
  const r = g.float();
  if (r < 0.03) return 1n;
  if (r < 0.06) return max;
  if (r < 0.08) return max - g.big(0n, 999n);
  const n = g.digits(g.int(1, max.toString().length));
  return n < 1n ? 1n : n > max ? max : n;
}

/** 0 to 10 in 1e-8 units: the ends, everyday rates, anything. */
function rateUnits(g: Gen): bigint {
  const r = g.float();
  if (r < 0.03) return 0n;
  if (r < 0.06) return 10n * RATE_SCALE;
  if (r < 0.09) return g.big(1n, 100n);
  if (r < 0.5) return g.big(0n, 30_000_000n); // up to 30 % (a year) or 0.3 % (a day)
  return g.big(0n, 10n * RATE_SCALE);
}

function duration(g: Gen): number {
  const r = g.float();
  if (r < 0.03) return 1;
  if (r < 0.06) return 3650;
  if (r < 0.09) return g.pick([28, 29, 30, 31, 365, 366]);
  return g.int(1, 3650);
}

/** Month ends (2023–2030, 2096–2100), leap days, and the daylight-saving changes of user zones. */
const ANCHORS: readonly number[] = [
  ...[2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2096, 2099, 2100].flatMap((y) =>
    Array.from({ length: 12 }, (_, m) => Date.UTC(y, m + 1, 1)),
  ),
  Date.UTC(2024, 1, 29, 12),
  Date.UTC(2028, 1, 29, 0),
  Date.UTC(2096, 1, 29, 23, 59, 59, 999),
  Date.UTC(2100, 1, 28, 23), // 2100 has no 29 Feb
  at('2026-03-29T01:00:00Z'),
  at('2026-10-25T01:00:00Z'), // Europe
  at('2026-03-08T07:00:00Z'),
  at('2026-11-01T06:00:00Z'), // America/New_York
  at('2026-03-08T10:00:00Z'),
  at('2026-11-01T09:00:00Z'), // America/Los_Angeles
  at('2026-04-04T16:00:00Z'),
  at('2026-10-03T16:00:00Z'), // Australia/Sydney
  at('2026-04-04T14:00:00Z'),
  at('2026-09-26T14:00:00Z'), // Pacific/Auckland
];
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;
const LOCAL_DATE = new Map(
  ZONES.map((z) => [
    z,
    new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ]),
);

function instant(g: Gen): number {
  const r = g.float();
  if (r < 0.35) return g.int(Date.UTC(1972, 0, 1), Date.UTC(2099, 11, 31));
  const a = g.pick(ANCHORS);
  const sign = g.float() < 0.5 ? -1 : 1;
  if (r < 0.5) return a + sign * g.int(0, 3); // on a 00:00 UTC to the millisecond
  return a + sign * g.int(0, 2 * DAY_MS);
}

describe(`financing property test (${CASES} cases, seed ${SEED})`, () => {
  it('estimate = payout = Σ daily accruals; legs balance; rounded up by < 1 unit; days are UTC days', () => {
    const g = new Gen(SEED);
    const t0 = performance.now();
    let zoneDiffers = 0;
    let fullSums = 0;
    let summedDays = 0;
    for (let i = 0; i < CASES; i++) {
      const scale = g.float() < 0.5 ? 6 : 8;
      const principal = amount(g, scale);
      const annualRate = rateUnits(g);
      const days = duration(g);
      const subscribedAt = instant(g);
      const zone = g.pick(ZONES);
      const where = `case ${i}: ${principal} at ${annualRate} for ${days} days from ${iso(subscribedAt)} (${zone})`;

      const s = financingSchedule({ principal, annualRate, days, subscribedAt });

      // (d) accrual starts at the first 00:00 UTC after subscribing, whatever the zone; maturity is days × 24 h later.
      const u = new Date(subscribedAt);
      const expectedStart = Date.UTC(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate() + 1);
      if (LOCAL_DATE.get(zone)!.format(subscribedAt) !== iso(subscribedAt).slice(0, 10)) zoneDiffers++;
      if (s.accrualStart !== expectedStart || s.accrualStart <= subscribedAt || s.accrualStart - subscribedAt > DAY_MS)
        expect(iso(s.accrualStart), where).toBe(iso(expectedStart));
      if (
        s.maturesAt !== s.accrualStart + days * DAY_MS ||
        s.maturesAt % DAY_MS !== 0 ||
        s.maturesAt !== Date.UTC(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate() + 1 + days)
      )
        expect.fail(`maturity ${iso(s.maturesAt)}: ${where}`);

      // (c) never below the exact rational, less than it + 1.
      const exactNum = principal * annualRate * BigInt(days);
      if (s.interest * FIN_DEN < exactNum || s.interest * FIN_DEN >= exactNum + FIN_DEN)
        expect.fail(`interest ${s.interest} not ⌈exact⌉: ${where}`);

      // (a) what maturity pays is the estimate, at maturity or any time after.
      const early = g.pick<EarlyRedemption>(['none', 'forfeit', 'keep']);
      const sub = { principal, annualRate, days, accrualStart: s.accrualStart, maturesAt: s.maturesAt, early };
      const payout = financingPayout(sub, s.maturesAt + (g.float() < 0.5 ? 0 : g.int(0, 400 * DAY_MS)));
      if (payout.kind !== 'mature' || payout.principal !== principal || payout.interest !== s.interest)
        expect.fail(`payout ${payout.interest}: ${where}`);

      // (b) the legs: the user gets principal + interest, escrow gives principal, the interest account gives interest.
      const legs = financingEndLegs(payout);
      if (
        legSum(legs) !== 0n ||
        legs.financing !== principal + s.interest ||
        legs.financing_frozen !== -principal ||
        legs.interest !== -s.interest
      )
        expect.fail(`legs: ${where}`);

      // (a) the daily accruals telescope to the whole; each day is within one unit of the exact daily interest.
      const perDay = principal * annualRate;
      for (let j = 0; j < 3; j++) {
        const k = g.int(1, days);
        const day = financingAccrual(principal, annualRate, k) - financingAccrual(principal, annualRate, k - 1);
        if (day * FIN_DEN <= perDay - FIN_DEN || day * FIN_DEN >= perDay + FIN_DEN)
          expect.fail(`day ${k} accrues ${day}: ${where}`);
      }
      // Early redemption before maturity: the whole days earned by then, or nothing, or refused.
      const redeemAt = g.int(subscribedAt, s.maturesAt - 1);
      const earned = financingDaysEarned(s.accrualStart, days, redeemAt);
      if (early === 'none') {
        if (!throwsRange(() => financingPayout(sub, redeemAt))) expect.fail(`redeemed a 'none' product: ${where}`);
      } else {
        const r = financingPayout(sub, redeemAt);
        const want = early === 'keep' ? financingAccrual(principal, annualRate, earned) : 0n;
        if (
          r.kind !== 'redeem' ||
          r.interest !== want ||
          r.interest > s.interest ||
          earned >= days ||
          earned !== Math.max(0, utcDay(redeemAt) - utcDay(s.accrualStart))
        )
          expect.fail(`redeem: ${where}`);
        if (legSum(financingEndLegs(r)) !== 0n) expect.fail(`redeem legs: ${where}`);
      }

      // Every 40th case: the full sum, day by day, of what each day adds to a 'keep' redemption at a random moment of that day.
      if (i % 40 === 0) {
        let sum = 0n;
        let prev = 0n;
        const keep = { ...sub, early: 'keep' as EarlyRedemption };
        for (let k = 1; k <= days; k++) {
          const now = financingPayout(keep, s.accrualStart + k * DAY_MS + ((k * 7919) % DAY_MS)).interest;
          sum += now - prev;
          prev = now;
        }
        fullSums++;
        summedDays += days;
        if (sum !== s.interest) expect.fail(`Σ daily ${sum} ≠ ${s.interest}: ${where}`);
      }
    }
    const ms = performance.now() - t0;
    console.log(
      `financing: ${CASES} cases (${fullSums} summed day by day over ${summedDays} days; ${zoneDiffers} with the user's local date ≠ the UTC date) in ${ms.toFixed(0)} ms`,
    );
    expect(zoneDiffers).toBeGreaterThan(CASES / 10);
  });
});

describe(`loan property test (${CASES} cases, seed ${SEED + 1})`, () => {
  it('quote = what settles; part payments add up, interest ≤ exact, late rate from the due day', () => {
    const g = new Gen(SEED + 1);
    const t0 = performance.now();
    let payments = 0;
    let settledBySequence = 0;
    let lateSeen = 0;
    let carriedSeen = 0;
    for (let i = 0; i < CASES; i++) {
      const scale = g.float() < 0.5 ? 6 : 8;
      const principal = amount(g, scale);
      const dailyRate = rateUnits(g);
      const lateDailyRate = g.float() < 0.3 ? dailyRate : rateUnits(g);
      const periodDays = duration(g);
      const disbursedAt = instant(g);
      const where = `case ${i}: ${principal} at ${dailyRate}/${lateDailyRate} for ${periodDays} days from ${iso(disbursedAt)}`;
      const fresh = newLoanBalance(principal, dailyRate, lateDailyRate, periodDays, disbursedAt);
      const startDay = utcDay(disbursedAt);
      const dueDay = startDay + periodDays;

      // (c) repaying a fresh loan on its last regular day costs exactly loanPeriodInterest.
      const lastRegular = dayStart(dueDay - 1) + g.int(0, DAY_MS - 1);
      const onLast = loanDue(fresh, lastRegular);
      if (
        onLast.interest !== loanPeriodInterest(principal, dailyRate, periodDays) ||
        onLast.lateDays !== 0 ||
        onLast.overdue
      )
        expect.fail(`last regular day: ${where}`);

      // (d) late days start on the due day: a fresh loan paid L days into lateness has L late days at the late rate.
      const late = g.int(0, 400);
      const lateAt = dayStart(dueDay + late) + g.int(0, DAY_MS - 1);
      const dLate = loanDue(fresh, lateAt);
      const lateNum = principal * (dailyRate * BigInt(periodDays) + lateDailyRate * BigInt(late + 1));
      if (
        dLate.regularDays !== periodDays ||
        dLate.lateDays !== late + 1 ||
        !dLate.overdue ||
        dLate.interest * RATE_SCALE > lateNum ||
        dLate.interest * RATE_SCALE <= lateNum - RATE_SCALE
      )
        expect.fail(`late: ${where}`);
      const dBefore = loanDue(fresh, dayStart(dueDay) - 1);
      if (dBefore.lateDays !== 0 || dBefore.overdue) expect.fail(`due day: ${where}`);

      // (a) the pay-off quote is what a payment of it takes, and it settles the loan.
      const quoteAt = g.float() < 0.5 ? lastRegular : g.int(disbursedAt, dayStart(dueDay + 30));
      const quote = loanDue(fresh, quoteAt);
      const payOff = applyLoanPayment(fresh, quoteAt, quote.total);
      if (
        payOff.paid !== quote.total ||
        !payOff.settled ||
        payOff.after.principal !== 0n ||
        payOff.after.interestCarried !== 0n ||
        payOff.interestPaid !== quote.interest ||
        payOff.principalPaid !== principal
      )
        expect.fail(`pay-off: ${where}`);
      if (loanDue(payOff.after, quoteAt + g.int(0, 500 * DAY_MS)).total !== 0n)
        expect.fail(`owed after pay-off: ${where}`);
      if (legSum(loanRepayLegs(payOff)) !== 0n) expect.fail(`legs: ${where}`);
      if (!throwsRange(() => applyLoanPayment(fresh, quoteAt, quote.total + 1n)))
        expect.fail(`took more than the quote: ${where}`);

      // (b) random part payments on random days.
      let l: LoanBalance = fresh;
      let when = disbursedAt;
      let sumPaid = 0n;
      let sumInterest = 0n;
      let sumPrincipal = 0n;
      let charged = 0n;
      let exactCharged = 0n;
      const steps = g.int(1, 6);
      for (let p = 0; p < steps; p++) {
        const gap = g.float();
        when +=
          gap < 0.2
            ? g.int(0, DAY_MS / 4)
            : gap < 0.8
              ? g.int(0, Math.ceil(periodDays / 3) + 1) * DAY_MS
              : g.int(0, periodDays + 60) * DAY_MS;
        const d = loanDue(l, when);
        // Days not charged before, split at the due day.
        const from = l.accruedThroughDay + 1;
        const span = Math.max(0, d.day - from + 1);
        const lateDays = Math.max(0, d.day - Math.max(from, dueDay) + 1);
        if (d.regularDays + d.lateDays !== span || d.lateDays !== lateDays)
          expect.fail(`days ${d.regularDays}+${d.lateDays} of ${span}: ${where}, step ${p}`);
        if (d.lateDays > 0) lateSeen++;
        const exact = l.principal * (dailyRate * BigInt(d.regularDays) + lateDailyRate * BigInt(d.lateDays));
        if (d.newInterest * RATE_SCALE > exact || d.newInterest * RATE_SCALE <= exact - RATE_SCALE)
          expect.fail(`interest ${d.newInterest} not ⌊exact⌋: ${where}, step ${p}`);
        const kind = g.float();
        const amt =
          kind < 0.25
            ? d.total
            : kind < 0.35 && d.interest > 0n
              ? g.big(1n, d.interest)
              : kind < 0.4 && d.interest > 0n
                ? d.interest
                : g.big(1n, d.total);
        const pay = applyLoanPayment(l, when, amt);
        payments++;
        if (
          pay.interestPaid + pay.principalPaid !== amt ||
          pay.interestPaid < 0n ||
          pay.principalPaid < 0n ||
          pay.after.principal < 0n ||
          pay.interestPaid > d.interest ||
          (pay.principalPaid > 0n && pay.interestPaid !== d.interest)
        )
          expect.fail(`payment ${amt}: ${where}, step ${p}`);
        if (pay.after.interestCarried > 0n) carriedSeen++;
        if (legSum(loanRepayLegs(pay)) !== 0n) expect.fail(`legs: ${where}, step ${p}`);
        sumPaid += amt;
        sumInterest += pay.interestPaid;
        sumPrincipal += pay.principalPaid;
        charged += d.newInterest;
        exactCharged += exact;
        l = pay.after;
        if (pay.settled) {
          settledBySequence++;
          if (l.principal !== 0n || l.interestCarried !== 0n || loanDue(l, when + g.int(0, 1000 * DAY_MS)).total !== 0n)
            expect.fail(`owed after settling: ${where}`);
          break;
        }
      }
      if (
        sumInterest + sumPrincipal !== sumPaid ||
        sumPrincipal + l.principal !== principal ||
        charged !== sumInterest + l.interestCarried ||
        charged * RATE_SCALE > exactCharged
      )
        expect.fail(`sequence totals: ${where}`);
    }
    const ms = performance.now() - t0;
    console.log(
      `loans: ${CASES} cases, ${payments} part payments (${settledBySequence} sequences settled, ${lateSeen} with late days, ${carriedSeen} carrying interest) in ${ms.toFixed(0)} ms`,
    );
    expect(lateSeen).toBeGreaterThan(CASES / 20);
    expect(carriedSeen).toBeGreaterThan(CASES / 50);
  });
});
