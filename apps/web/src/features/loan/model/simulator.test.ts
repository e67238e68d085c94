import { describe, expect, it } from 'vitest';
import { DAY_MS, loanPeriodInterest, utcDay, type Loan, type LoanProduct } from '@app/contract';
import { checkAmount, comparePayoffs, loanSchedule } from './simulator';

const product: LoanProduct = {
  id: 'p1',
  name: 'Short',
  currency: 'USDT',
  minAmount: '100.000000',
  maxAmount: '5000.000000',
  periodDays: 30,
  dailyRate: '0.0005',
  lateDailyRate: '0.001',
  enabled: true,
};
/** 2026-03-10 15:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 15);
const usdt = (n: number) => BigInt(n) * 1_000_000n;

const loan = (over: Partial<Loan>): Loan => ({
  id: 'l1',
  number: 'L1',
  productId: 'p1',
  productName: 'Short',
  currency: 'USDT',
  amount: '1000.000000',
  periodDays: 30,
  dailyRate: '0.0005',
  lateDailyRate: '0.001',
  interest: '15.000000',
  state: 'approved',
  overdue: false,
  overdueDays: 0,
  createdAt: NOW - 5 * DAY_MS,
  dueAt: null,
  approvedAt: NOW - 4 * DAY_MS,
  rejectedAt: null,
  rejectReason: null,
  rejectNote: null,
  paidAt: null,
  amountDue: '1015.000000',
  amountPaid: '0.000000',
  toPay: '1002.500000',
  principalOutstanding: '1000.000000',
  interestCarried: '0.000000',
  accruedThroughDay: utcDay(NOW - 4 * DAY_MS) - 1,
  ...over,
});

describe('checkAmount', () => {
  it('takes an amount within the range, at the coin scale', () => {
    expect(checkAmount('250.5', product)).toEqual({ minor: 250_500_000n });
  });
  it('says why an amount cannot be borrowed', () => {
    expect(checkAmount(' ', product)).toEqual({ problem: 'empty' });
    expect(checkAmount('1e3', product)).toEqual({ problem: 'invalid' });
    expect(checkAmount('1.0000001', product)).toEqual({ problem: 'invalid' });
    expect(checkAmount('99.99', product)).toEqual({ problem: 'below' });
    expect(checkAmount('5000.000001', product)).toEqual({ problem: 'above' });
  });
});

describe('loanSchedule', () => {
  it('answers, for 1,000 USDT over 30 days at 0.05 % a day, the figures of interest.ts', () => {
    const s = loanSchedule(product, usdt(1000), NOW)!;
    expect(s.startsAt).toBe(Date.UTC(2026, 2, 10));
    expect(s.lastDayAt).toBe(Date.UTC(2026, 3, 8));
    expect(s.overdueFrom).toBe(Date.UTC(2026, 3, 9));
    expect(s.dayInterest).toBe(500_000n);
    expect(s.lateDayInterest).toBe(usdt(1));
    expect(s.periodInterest).toBe(usdt(15));
    expect(s.points.map((p) => [p.kind, p.regularDays, p.lateDays, p.total])).toEqual([
      ['firstDay', 1, 0, 1_000_500_000n],
      ['midPeriod', 15, 0, 1_007_500_000n],
      ['lastDay', 30, 0, usdt(1015)],
      ['late7', 30, 7, usdt(1022)],
    ]);
  });
  it('repaid on its last day costs exactly the period interest the application shows', () => {
    for (const amount of [100_000_001n, 333_333_333n, 4_999_999_999n]) {
      const s = loanSchedule({ ...product, dailyRate: '0.00033333', periodDays: 7 }, amount, NOW)!;
      const last = s.points.find((p) => p.kind === 'lastDay')!;
      expect(last.total - amount).toBe(loanPeriodInterest(amount, 33_333n, 7));
    }
  });
  it('rounds interest down (in the borrower’s favour)', () => {
    const s = loanSchedule({ ...product, dailyRate: '0.00000001' }, 100_000_000n, NOW)!;
    expect(s.dayInterest).toBe(1n);
    const tiny = loanSchedule({ ...product, dailyRate: '0.00000001' }, 99_999_999n, NOW)!;
    expect(tiny.dayInterest).toBe(0n);
  });
  it('has no mid point for a one-day loan', () => {
    const s = loanSchedule({ ...product, periodDays: 1 }, usdt(100), NOW)!;
    expect(s.points.map((p) => p.kind)).toEqual(['firstDay', 'late7']);
  });
});

describe('comparePayoffs', () => {
  it('compares paying each loan on its due date with paying all today', () => {
    const [c] = comparePayoffs([loan({}), loan({ id: 'l2', number: 'L2', state: 'pending', approvedAt: null })], NOW);
    expect(c!.lines).toHaveLength(1);
    // Approved 4 days ago: today is its 5th day (2.5 USDT); its last day is the 30th (15 USDT).
    expect(c!.allToday).toBe(1_002_500_000n);
    expect(c!.oneAtATime).toBe(usdt(1015));
    expect(c!.saving).toBe(12_500_000n);
  });
  it('takes a part-paid loan from the balance the server shows', () => {
    const [c] = comparePayoffs(
      [
        loan({
          state: 'partially_settled',
          principalOutstanding: '500.000000',
          toPay: '500.000000',
          accruedThroughDay: utcDay(NOW),
        }),
      ],
      NOW,
    );
    // 25 more days at 0.25 USDT.
    expect(c!.oneAtATime).toBe(506_250_000n);
    expect(c!.allToday).toBe(usdt(500));
    // Paid two days ago, 1 USDT of interest left unpaid: today owes it and two more days.
    const [d] = comparePayoffs(
      [
        loan({
          state: 'partially_settled',
          principalOutstanding: '500.000000',
          interestCarried: '1.000000',
          accruedThroughDay: utcDay(NOW) - 2,
        }),
      ],
      NOW,
    );
    expect(d!.allToday).toBe(501_500_000n);
  });
  it('pays an overdue loan today either way', () => {
    const [c] = comparePayoffs([loan({ approvedAt: NOW - 40 * DAY_MS, overdue: true })], NOW);
    expect(c!.saving).toBe(0n);
  });
});
