/**
 * Interest, one rule for financing and loans (docs/ledger.md "Interest"). Pure and exact: amounts
 * are bigint minor units, rates exact decimals, days whole UTC days. The estimate a user sees and
 * the posting the server makes call these same functions, so they cannot differ.
 *
 * - Rates are decimal strings with at most RATE_DECIMALS places ("0.085" = 8.5 %), held as
 *   integers of 10^-RATE_DECIMALS.
 * - Day count: actual/365 for financing's annualised rates (every day counts, 365 per year, leap
 *   years included: 29 February earns a day's interest like any other); loans state a daily rate.
 * - Days are UTC calendar days: a day starts at 00:00 UTC. The user's own time zone (and its
 *   daylight-saving changes) never changes a count.
 * - Rounding is always in the user's favour: interest the house pays (financing) rounds up to
 *   the minor unit, interest the user pays (loans) rounds down.
 */
import { divRound, parseAmount } from './money';

export const RATE_DECIMALS = 8;
export const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
export const DAY_COUNT_BASIS = 365n;
export const DAY_MS = 86_400_000;

/** A rate's decimal string as integer units of 10^-8, or null (not a plain non-negative decimal, more than 8 places, above 10). */
export function parseRate(text: string): bigint | null {
  const v = parseAmount(text, RATE_DECIMALS);
  if (v === null || v < 0n || v > 10n * RATE_SCALE) return null;
  return v;
}

/** Rate units back to their shortest decimal string ("0.085"). */
export function formatRate(units: bigint): string {
  const int = units / RATE_SCALE;
  const frac = (units % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

/** The UTC day a moment falls in (days since 1970-01-01). */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);
/** 00:00 UTC of a UTC day, in epoch milliseconds. */
export const dayStart = (day: number): number => day * DAY_MS;
/** When a figure shown at `now` stops being valid: after `ttlMs`, and never past the end of its UTC day (interest counts days). */
export const sameDayExpiry = (now: number, ttlMs: number): number => Math.min(now + ttlMs, dayStart(utcDay(now) + 1));

/* ------------------------------------------------------------------------------------------------
 * Financing: a fixed-term subscription at an annualised rate.
 * ---------------------------------------------------------------------------------------------- */

/** What redeeming before maturity does with the interest accrued so far (a product's setting, shown before confirming). */
export type EarlyRedemption = 'none' | 'forfeit' | 'keep';

/**
 * Interest on `principal` at `annualRate` (rate units) for `days` whole days, actual/365, rounded up.
 * Cumulative: the interest of the first k days; the interest of day k alone is accrual(k) − accrual(k − 1),
 * so the daily amounts always add up to the whole term's.
 */
export function financingAccrual(principal: bigint, annualRate: bigint, days: number): bigint {
  if (principal < 0n || annualRate < 0n || !Number.isInteger(days) || days < 0)
    throw new RangeError('bad financing accrual input');
  return divRound(principal * annualRate * BigInt(days), RATE_SCALE * DAY_COUNT_BASIS, 'up');
}

export interface FinancingTerms {
  principal: bigint;
  annualRate: bigint;
  days: number;
  /** When the user subscribes (epoch ms). */
  subscribedAt: number;
}

export interface FinancingSchedule {
  /** Interest accrues from this moment: the first 00:00 UTC after subscribing. */
  accrualStart: number;
  /** Maturity: accrualStart + days × 24 h (00:00 UTC), when principal and interest are paid. */
  maturesAt: number;
  /** The interest of the whole term: what the estimate shows and what maturity pays. */
  interest: bigint;
}

/** The schedule of a subscription: the estimate before confirming, and the record the subscription keeps. */
export function financingSchedule(t: FinancingTerms): FinancingSchedule {
  const firstDay = utcDay(t.subscribedAt) + 1;
  return {
    accrualStart: dayStart(firstDay),
    maturesAt: dayStart(firstDay + t.days),
    interest: financingAccrual(t.principal, t.annualRate, t.days),
  };
}

/** Whole days of interest a subscription has earned by `at` (0 before accrual starts, at most its term). */
export function financingDaysEarned(accrualStart: number, days: number, at: number): number {
  return Math.max(0, Math.min(days, utcDay(at) - utcDay(accrualStart)));
}

export interface FinancingPayout {
  principal: bigint;
  interest: bigint;
  /** `mature`: the term is over; `redeem`: ended early by the user. */
  kind: 'mature' | 'redeem';
}

/**
 * What ending a subscription at `at` pays into the financing account: at or after maturity the
 * principal and the whole term's interest (`financingSchedule().interest`, exactly); before it,
 * the principal and, if the product keeps accrued interest, the interest of the whole days earned.
 */
export function financingPayout(
  sub: {
    principal: bigint;
    annualRate: bigint;
    days: number;
    accrualStart: number;
    maturesAt: number;
    early: EarlyRedemption;
  },
  at: number,
): FinancingPayout {
  if (at >= sub.maturesAt)
    return {
      principal: sub.principal,
      interest: financingAccrual(sub.principal, sub.annualRate, sub.days),
      kind: 'mature',
    };
  if (sub.early === 'none') throw new RangeError('this product cannot be redeemed early');
  const interest =
    sub.early === 'keep'
      ? financingAccrual(sub.principal, sub.annualRate, financingDaysEarned(sub.accrualStart, sub.days, at))
      : 0n;
  return { principal: sub.principal, interest, kind: 'redeem' };
}

/* ------------------------------------------------------------------------------------------------
 * Loans: a daily rate on the outstanding principal, a late rate after the due date.
 * ---------------------------------------------------------------------------------------------- */

/**
 * A loan as repayment sees it. Interest accrues per UTC calendar day on the outstanding principal:
 * the day it is paid out counts, and each day is charged once (`accruedThroughDay` is the last day
 * already charged). The days `startDay` .. `startDay + periodDays − 1` are charged `dailyRate`; from
 * `dueDay = startDay + periodDays` on, the loan is overdue and each day is charged `lateDailyRate`
 * instead (the product's stated late rate, accepted by the user when applying).
 */
export interface LoanBalance {
  principal: bigint;
  /** Interest charged on earlier days and not yet paid (a part payment smaller than the interest). */
  interestCarried: bigint;
  dailyRate: bigint;
  lateDailyRate: bigint;
  startDay: number;
  periodDays: number;
  accruedThroughDay: number;
}

export interface LoanDue {
  /** The UTC day this is computed for. */
  day: number;
  regularDays: number;
  lateDays: number;
  /** Interest of the days not charged before, rounded down (one rounding per repayment). */
  newInterest: bigint;
  /** All interest owed: carried + new. */
  interest: bigint;
  principal: bigint;
  /** What settles the loan today: principal + interest. */
  total: bigint;
  overdue: boolean;
}

export const loanDueDay = (l: Pick<LoanBalance, 'startDay' | 'periodDays'>): number => l.startDay + l.periodDays;

/** What the loan owes on the UTC day of `at`: the binding pay-off figure of that whole day. */
export function loanDue(l: LoanBalance, at: number): LoanDue {
  const day = utcDay(at);
  const due = loanDueDay(l);
  const from = l.accruedThroughDay + 1;
  const regularDays = Math.max(0, Math.min(day, due - 1) - from + 1);
  const lateDays = Math.max(0, day - Math.max(from, due) + 1);
  const newInterest = divRound(
    l.principal * (l.dailyRate * BigInt(regularDays) + l.lateDailyRate * BigInt(lateDays)),
    RATE_SCALE,
    'down',
  );
  const interest = l.interestCarried + newInterest;
  return {
    day,
    regularDays,
    lateDays,
    newInterest,
    interest,
    principal: l.principal,
    total: l.principal + interest,
    overdue: day >= due,
  };
}

export interface LoanPayment {
  due: LoanDue;
  paid: bigint;
  interestPaid: bigint;
  principalPaid: bigint;
  /** The loan after the payment; `settled` when nothing is owed any more. */
  after: LoanBalance;
  settled: boolean;
}

/** Applies a payment of `amount` (at most the day's total) on the day of `at`: interest first, then principal. */
export function applyLoanPayment(l: LoanBalance, at: number, amount: bigint): LoanPayment {
  const due = loanDue(l, at);
  if (amount <= 0n || amount > due.total)
    throw new RangeError('a loan payment must be positive and at most what is owed');
  const interestPaid = amount < due.interest ? amount : due.interest;
  const principalPaid = amount - interestPaid;
  const after: LoanBalance = {
    ...l,
    principal: l.principal - principalPaid,
    interestCarried: due.interest - interestPaid,
    accruedThroughDay: Math.max(l.accruedThroughDay, due.day),
  };
  return {
    due,
    paid: amount,
    interestPaid,
    principalPaid,
    after,
    settled: after.principal === 0n && after.interestCarried === 0n,
  };
}

/** A new loan's balance when it is paid out at `disbursedAt`. */
export function newLoanBalance(
  principal: bigint,
  dailyRate: bigint,
  lateDailyRate: bigint,
  periodDays: number,
  disbursedAt: number,
): LoanBalance {
  const startDay = utcDay(disbursedAt);
  return {
    principal,
    interestCarried: 0n,
    dailyRate,
    lateDailyRate,
    startDay,
    periodDays,
    accruedThroughDay: startDay - 1,
  };
}

/** The interest of a whole period, repaid on its last regular day: the "interest" a loan application shows (docs/product.md §3). */
export function loanPeriodInterest(principal: bigint, dailyRate: bigint, periodDays: number): bigint {
  return divRound(principal * dailyRate * BigInt(periodDays), RATE_SCALE, 'down');
}
