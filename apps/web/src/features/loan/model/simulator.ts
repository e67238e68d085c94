import {
  dayStart,
  formatAmount,
  loanDue,
  loanDueDay,
  loanPeriodInterest,
  newLoanBalance,
  parseAmount,
  parseRate,
  utcDay,
  type Loan,
  type LoanBalance,
  type LoanProduct,
} from '@app/contract';

/**
 * The loan simulator (beyond the product document: issue 19 "before applying, a simulator"). Every figure comes
 * from the contract's interest functions (packages/contract/src/interest.ts), the ones the server
 * posts with: nothing here computes interest itself, it only picks the days to ask about.
 */

/** A coin amount's scale: the decimals its full-scale string carries ("100.000000" → 6). */
export const scaleOf = (text: string): number => (text.split('.')[1] ?? '').length;

/** A decimal string the server sent, as minor units at `scale` (0 when it is not a plain amount). */
export const minorOf = (text: string, scale: number): bigint => parseAmount(text, scale) ?? 0n;

/** Minor units back to a plain decimal string at `scale`. */
export const decimalOf = (minor: bigint, scale: number): string => formatAmount(minor, scale);

export type AmountProblem = 'empty' | 'invalid' | 'below' | 'above';

/** The amount typed for a product, as minor units, or why it cannot be borrowed. */
export function checkAmount(
  text: string,
  product: Pick<LoanProduct, 'minAmount' | 'maxAmount'>,
): { minor: bigint } | { problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  const scale = scaleOf(product.minAmount);
  const minor = parseAmount(trimmed, scale);
  if (minor === null || minor <= 0n) return { problem: 'invalid' };
  if (minor < minorOf(product.minAmount, scale)) return { problem: 'below' };
  if (minor > minorOf(product.maxAmount, scale)) return { problem: 'above' };
  return { minor };
}

/** One moment of the schedule: what settles the loan on that UTC day. */
export interface SchedulePoint {
  kind: 'firstDay' | 'midPeriod' | 'lastDay' | 'late7';
  /** 00:00 UTC of the day. */
  day: number;
  regularDays: number;
  lateDays: number;
  interest: bigint;
  total: bigint;
}

export interface Schedule {
  scale: number;
  principal: bigint;
  /** The first day (the day it is paid out, counted), the last regular day, and the first overdue day, at 00:00 UTC. */
  startsAt: number;
  lastDayAt: number;
  overdueFrom: number;
  /** Interest of one regular day and of one late day on the whole principal (rounded down). */
  dayInterest: bigint;
  lateDayInterest: bigint;
  /** The whole period's interest (what the application shows as its interest, docs/product.md §3). */
  periodInterest: bigint;
  points: SchedulePoint[];
}

/** Days late in the schedule's overdue example. */
export const LATE_EXAMPLE_DAYS = 7;

function point(balance: LoanBalance, kind: SchedulePoint['kind'], day: number): SchedulePoint {
  const due = loanDue(balance, dayStart(day));
  return {
    kind,
    day: dayStart(day),
    regularDays: due.regularDays,
    lateDays: due.lateDays,
    interest: due.interest,
    total: due.total,
  };
}

/** The schedule of borrowing `principal` under `product` if it is paid out at `at` (today: the soonest an approval can be). */
export function loanSchedule(product: LoanProduct, principal: bigint, at: number): Schedule | null {
  const dailyRate = parseRate(product.dailyRate);
  const lateRate = parseRate(product.lateDailyRate);
  if (dailyRate === null || lateRate === null || product.periodDays < 1) return null;
  const balance = newLoanBalance(principal, dailyRate, lateRate, product.periodDays, at);
  const first = balance.startDay;
  const dueDay = loanDueDay(balance);
  const mid = first + Math.ceil(product.periodDays / 2) - 1;
  const points = [point(balance, 'firstDay', first)];
  if (mid > first && mid < dueDay - 1) points.push(point(balance, 'midPeriod', mid));
  if (dueDay - 1 > first) points.push(point(balance, 'lastDay', dueDay - 1));
  points.push(point(balance, 'late7', dueDay + LATE_EXAMPLE_DAYS - 1));
  // One late day alone: the day after the due date, less the last regular day's total.
  const lateOne = loanDue(balance, dayStart(dueDay)).interest - loanDue(balance, dayStart(dueDay - 1)).interest;
  return {
    scale: scaleOf(product.minAmount),
    principal,
    startsAt: dayStart(first),
    lastDayAt: dayStart(dueDay - 1),
    overdueFrom: dayStart(dueDay),
    dayInterest: points[0]!.interest,
    lateDayInterest: lateOne,
    periodInterest: loanPeriodInterest(principal, dailyRate, product.periodDays),
    points,
  };
}

/** An open loan's balance as interest.ts sees it, from what the API shows: the figures the server computes with. */
export function openLoanBalance(loan: Loan): LoanBalance | null {
  const scale = scaleOf(loan.amount);
  const dailyRate = parseRate(loan.dailyRate);
  const lateRate = parseRate(loan.lateDailyRate);
  if (dailyRate === null || lateRate === null || loan.approvedAt === null || loan.accruedThroughDay === null)
    return null;
  const fresh = newLoanBalance(minorOf(loan.amount, scale), dailyRate, lateRate, loan.periodDays, loan.approvedAt);
  return {
    ...fresh,
    principal: minorOf(loan.principalOutstanding, scale),
    interestCarried: minorOf(loan.interestCarried, scale),
    accruedThroughDay: loan.accruedThroughDay,
  };
}

export interface PayoffLine {
  loan: Loan;
  /** When paid one at a time: on its last regular day, or today when that is already past. */
  payAt: number;
  atDueDate: bigint;
  today: bigint;
}

export interface PayoffComparison {
  scale: number;
  currency: string;
  lines: PayoffLine[];
  oneAtATime: bigint;
  allToday: bigint;
  /** What paying everything today saves against paying each at its due date. */
  saving: bigint;
}

/**
 * The open loans of one coin: paying each on its due date, one at a time, against paying all of
 * them today (the pay-all quote's figure). Loans of other coins are compared in their own group.
 */
export function comparePayoffs(loans: readonly Loan[], now: number): PayoffComparison[] {
  const byCoin = new Map<string, PayoffLine[]>();
  const today = utcDay(now);
  for (const loan of loans) {
    if (loan.state !== 'approved' && loan.state !== 'partially_settled') continue;
    const balance = openLoanBalance(loan);
    if (!balance) continue;
    const payDay = Math.max(today, loanDueDay(balance) - 1);
    const line: PayoffLine = {
      loan,
      payAt: dayStart(payDay),
      atDueDate: loanDue(balance, dayStart(payDay)).total,
      today: loanDue(balance, now).total,
    };
    byCoin.set(loan.currency, [...(byCoin.get(loan.currency) ?? []), line]);
  }
  return [...byCoin.entries()].map(([currency, lines]) => {
    const oneAtATime = lines.reduce((s, l) => s + l.atDueDate, 0n);
    const allToday = lines.reduce((s, l) => s + l.today, 0n);
    return {
      scale: scaleOf(lines[0]!.loan.amount),
      currency,
      lines,
      oneAtATime,
      allToday,
      saving: oneAtATime - allToday,
    };
  });
}
