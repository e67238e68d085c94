import { describe, expect, it } from 'vitest';
import type { AdminFinancingProduct, AdminLoan } from '@app/contract';
import {
  hasProblems,
  newProductDraft,
  productBody,
  productDraft,
  productProblems,
  ratePercent,
  savedText,
  termsText,
  type ProductDraft,
} from './financing-forms';
import {
  loanApproveEffect,
  loanDecidedText,
  loanProductBody,
  loanProductProblems,
  loanRejection,
  loanReviewLabel,
  newLoanProductDraft,
} from './loan-forms';
import { groupedAmount, localInputToMs, msToLocalInput } from './format';
import { namedIn, nameDrafts, nameProblems, namesBody, noNames } from './product-names';

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  name: 'Stable 30',
  names: noNames(),
  currency: 'USDT',
  terms: [{ days: '30', annualRate: '0.085' }],
  minAmount: '10',
  maxAmount: '1000',
  quota: '100000',
  saleStart: '2026-12-01T00:00',
  saleEnd: '2027-01-01T00:00',
  earlyRedemption: 'forfeit',
  enabled: true,
  ...over,
});

describe('financing product form', () => {
  it('says rates as exact percentages', () => {
    expect(['0.085', '0.1', '0', '10', '0.00000001', '0.12345678'].map(ratePercent)).toEqual([
      '8.5 %',
      '10 %',
      '0 %',
      '1000 %',
      '0.000001 %',
      '12.345678 %',
    ]);
    expect(ratePercent('abc')).toBe('abc');
    expect(
      termsText([
        { days: 30, annualRate: '0.085' },
        { days: 90, annualRate: '0.1' },
      ]),
    ).toBe('30 d 8.5 % · 90 d 10 %');
  });

  it('accepts a product that fits together and sends it as the contract says, terms shortest first', () => {
    const d = draft({
      terms: [
        { days: '90', annualRate: '0.1 ' },
        { days: ' 30', annualRate: '0.085' },
      ],
      name: '  Stable 30 ',
    });
    expect(hasProblems(productProblems(d))).toBe(false);
    expect(productBody(d, 'p1')).toEqual({
      id: 'p1',
      name: 'Stable 30',
      names: {},
      currency: 'USDT',
      terms: [
        { days: 30, annualRate: '0.085' },
        { days: 90, annualRate: '0.1' },
      ],
      minAmount: '10',
      maxAmount: '1000',
      quota: '100000',
      saleStart: localInputToMs('2026-12-01T00:00'),
      saleEnd: localInputToMs('2027-01-01T00:00'),
      earlyRedemption: 'forfeit',
      enabled: true,
    });
    expect(productBody(d)).not.toHaveProperty('id');
  });

  it('refuses what the server refuses (PRODUCT_SETTING_INVALID, RATE_INVALID), field by field', () => {
    expect(productProblems(draft({ minAmount: '1001' })).fields.minAmount).toMatch(/at most the maximum/);
    expect(productProblems(draft({ minAmount: '0' })).fields.minAmount).toMatch(/above 0/);
    expect(productProblems(draft({ maxAmount: '200000' })).fields.maxAmount).toMatch(/at most the total quota/);
    expect(productProblems(draft({ saleEnd: '2026-12-01T00:00' })).fields.saleEnd).toMatch(/end after it starts/);
    expect(productProblems(draft({ saleStart: '' })).fields.saleStart).toMatch(/starts/);
    expect(productProblems(draft({ quota: '1.1234567' })).fields.quota).toMatch(/at most 6 decimals/);
    expect(productProblems(draft({ quota: '-5' })).fields.quota).toMatch(/plain decimal/);
    expect(productProblems(draft({ name: ' ' })).fields.name).toMatch(/name/);
    expect(productProblems(draft({ name: 'x'.repeat(61) })).fields.name).toMatch(/60/);
    expect(productProblems(draft({ terms: [] })).fields.terms).toMatch(/at least one/);
    const terms = productProblems(
      draft({
        terms: [
          { days: '30', annualRate: '0.085' },
          { days: '30', annualRate: '10.1' },
          { days: '0', annualRate: '0.123456789' },
          { days: '3651', annualRate: '' },
        ],
      }),
    ).terms;
    expect(terms[0]).toEqual({});
    expect(terms[1]?.days).toMatch(/offered twice/);
    expect(terms[1]?.annualRate).toMatch(/at most 10/);
    expect(terms[2]?.days).toMatch(/1 to 3650/);
    expect(terms[2]?.annualRate).toMatch(/8 places/);
    expect(terms[3]?.days).toMatch(/1 to 3650/);
    expect(terms[3]?.annualRate).toBeDefined();
  });

  it("starts from the server's values, amounts without trailing zeros, and a new one from now", () => {
    const p: AdminFinancingProduct = {
      id: 'abc',
      name: 'BTC 90',
      names: { ja: 'BTC 90日' },
      currency: 'BTC',
      terms: [{ days: 90, annualRate: '0.05' }],
      minAmount: '0.01000000',
      maxAmount: '1.00000000',
      quota: '10.00000000',
      remaining: '9.00000000',
      saleStart: new Date(2026, 11, 1, 9, 30).getTime(),
      saleEnd: new Date(2027, 0, 1).getTime(),
      earlyRedemption: 'none',
      onSale: true,
      enabled: false,
      sold: '1.00000000',
      activeCount: 2,
      activeAmount: '1.00000000',
      updatedAt: 0,
    };
    const d = productDraft(p);
    expect(d).toMatchObject({
      names: { ...noNames(), ja: 'BTC 90日' },
      minAmount: '0.01',
      maxAmount: '1',
      quota: '10',
      saleStart: '2026-12-01T09:30',
      saleEnd: '2027-01-01T00:00',
      enabled: false,
      terms: [{ days: '90', annualRate: '0.05' }],
    });
    expect(hasProblems(productProblems(d))).toBe(false);
    const now = new Date(2026, 10, 27, 12, 0).getTime();
    expect(newProductDraft(now)).toMatchObject({
      saleStart: msToLocalInput(now),
      saleEnd: '2026-12-27T12:00',
      currency: 'USDT',
    });
  });
});

const loan = (over: Partial<AdminLoan> = {}) => ({
  number: 'L1',
  uid: '12345678',
  currency: 'USDT',
  amount: '500.000000',
  review: 'manual' as const,
  approvedBy: [] as string[],
  approvalsNeeded: 1,
  state: 'pending' as const,
  ...over,
});

describe('loan review and products', () => {
  it('says how an application is reviewed and what approving does', () => {
    expect(loanReviewLabel(loan())).toBe('One operator');
    expect(loanReviewLabel(loan({ review: 'four_eyes', approvedBy: ['a@x'], approvalsNeeded: 2 }))).toBe(
      'Four eyes · 1 of 2 approvals',
    );
    expect(loanApproveEffect(loan())).toBe(
      "Approve: 500 USDT is paid from the loan book into the currency account of user 12345678, and the loan's period starts. This cannot be undone.",
    );
    expect(loanApproveEffect(loan({ review: 'four_eyes', approvalsNeeded: 2 }))).toMatch(
      /^Approve \(1 of 2\): nothing is paid yet/,
    );
    expect(loanApproveEffect(loan({ review: 'four_eyes', approvalsNeeded: 2, approvedBy: ['a@x'] }))).toMatch(
      /^Approve \(2 of 2\): 500 USDT is paid/,
    );
    expect(loanDecidedText(loan({ state: 'approved' }))).toMatch(/^Loan L1 approved: 500 USDT/);
    expect(loanDecidedText(loan({ state: 'rejected' }))).toBe('Loan L1 rejected.');
    expect(loanDecidedText(loan({ review: 'four_eyes', approvedBy: ['a@x'], approvalsNeeded: 2 }))).toBe(
      'Loan L1: your approval is 1 of 2; it waits for another operator.',
    );
  });

  it('a rejection needs a reason; the note is optional', () => {
    expect(loanRejection(7, { reason: '', note: 'x' })).toEqual({ problem: 'Choose a reason: the user sees it.' });
    expect(loanRejection(7, { reason: 'affordability', note: '  ' })).toEqual({
      body: { id: 7, approve: false, reason: 'affordability' },
    });
    expect(loanRejection(7, { reason: 'other', note: ' call us ' })).toEqual({
      body: { id: 7, approve: false, reason: 'other', note: 'call us' },
    });
    expect(loanRejection(7, { reason: 'other', note: 'x'.repeat(501) })).toHaveProperty('problem');
  });

  it('a loan product needs English rules, amounts in order and rates the server reads', () => {
    const d = {
      ...newLoanProductDraft(),
      name: 'Quick loan',
      minAmount: '100',
      maxAmount: '5000',
      dailyRate: '0.0005',
      lateDailyRate: '0.001',
    };
    expect(loanProductProblems(d)).toEqual({ 'rules.en': expect.stringMatching(/English/) as unknown });
    const ok = { ...d, rules: { ...d.rules, en: ' Repay on time. ', de: 'Pünktlich zurückzahlen.' } };
    expect(loanProductProblems(ok)).toEqual({});
    expect(loanProductBody(ok, 'q1')).toEqual({
      id: 'q1',
      name: 'Quick loan',
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '5000',
      periodDays: 30,
      dailyRate: '0.0005',
      lateDailyRate: '0.001',
      names: {},
      rules: { en: 'Repay on time.', de: 'Pünktlich zurückzahlen.' },
      enabled: true,
    });
    const bad = loanProductProblems({ ...ok, minAmount: '6000', periodDays: '0', dailyRate: '11', lateDailyRate: 'x' });
    expect(Object.keys(bad).sort()).toEqual(['dailyRate', 'lateDailyRate', 'minAmount', 'periodDays']);
  });
});

describe('product names in every language', () => {
  it('needs the English name; the others are optional, each at most 60 characters, sent trimmed without the empty ones', () => {
    const names = { ...noNames(), ja: ' 安定30 ', de: '   ', fr: 'Stable 30 jours' };
    expect(nameProblems('Stable 30', names)).toEqual({});
    expect(nameProblems(' ', names).name).toMatch(/in English/);
    expect(nameProblems('Stable 30', { ...names, ko: 'x'.repeat(61) })).toEqual({
      'names.ko': 'The name has at most 60 characters.',
    });
    expect(namesBody(names)).toEqual({ ja: '安定30', fr: 'Stable 30 jours' });
    expect(productBody(draft({ names }), 'p1').names).toEqual({ ja: '安定30', fr: 'Stable 30 jours' });
    expect(productProblems(draft({ names: { ...names, zh: 'x'.repeat(61) } })).fields['names.zh']).toMatch(/60/);
    expect(loanProductBody({ ...newLoanProductDraft(), name: 'Q', names }).names).toEqual({
      ja: '安定30',
      fr: 'Stable 30 jours',
    });
    expect(
      loanProductProblems({ ...newLoanProductDraft(), names: { ...names, it: 'x'.repeat(61) } })['names.it'],
    ).toMatch(/60/);
    // A product's form starts from its names; the table says where it has its own.
    expect(nameDrafts({ ja: '安定30' })).toEqual({ ...noNames(), ja: '安定30' });
    expect(namedIn({ de: 'Stabil 30', ja: '安定30' })).toBe('Japanese, German');
    expect(namedIn({})).toBe('English only');
  });
});

describe('amounts in tables', () => {
  it('groups the whole part by thousands and drops trailing zeros, exactly', () => {
    expect(
      ['10000000.000000', '5000000', '1234.500000', '999.000000', '0.00000001', '-1234567.89', '100000'].map(
        groupedAmount,
      ),
    ).toEqual(['10,000,000', '5,000,000', '1,234.5', '999', '0.00000001', '-1,234,567.89', '100,000']);
    expect(groupedAmount('12345678901234567890.123456789012345678')).toBe(
      '12,345,678,901,234,567,890.123456789012345678',
    );
  });

  it('says what a save did with the quota grouped', () => {
    const p: AdminFinancingProduct = {
      id: 'abc',
      name: 'USDT 7 days',
      names: {},
      currency: 'USDT',
      terms: [{ days: 7, annualRate: '0.02' }],
      minAmount: '10.000000',
      maxAmount: '100000.000000',
      quota: '10000000.000000',
      remaining: '10000000.000000',
      saleStart: 0,
      saleEnd: 1,
      earlyRedemption: 'none',
      onSale: true,
      enabled: true,
      sold: '0.000000',
      activeCount: 0,
      activeAmount: '0.000000',
      updatedAt: 0,
    };
    expect(savedText(p, true)).toBe(
      'USDT 7 days created: USDT, 7 d 2 %, 10 to 100,000 per subscription, quota 10,000,000, enabled.',
    );
  });
});
