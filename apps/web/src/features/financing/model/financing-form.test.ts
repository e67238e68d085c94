import { describe, expect, it } from 'vitest';
import { canRedeem, checkFinancingAmount, maxSubscription, pickTerm } from './financing-form';

const product = { minAmount: '10.000000', maxAmount: '1000.000000', remaining: '500.000000' };
const limits = { product, available: '300.5', decimals: 6 };

describe('checkFinancingAmount', () => {
  it("asks for an amount, a plain decimal of the coin's decimals, above zero", () => {
    expect(checkFinancingAmount(' ', limits)).toBe('required');
    expect(checkFinancingAmount('1e3', limits)).toBe('invalid');
    expect(checkFinancingAmount('10.1234567', limits)).toBe('invalid');
    expect(checkFinancingAmount('-5', limits)).toBe('invalid');
    expect(checkFinancingAmount('0.000', limits)).toBe('zero');
  });

  it('keeps the amount within the minimum, the maximum, the quota left and the balance, exactly', () => {
    expect(checkFinancingAmount('9.999999', limits)).toBe('belowMin');
    expect(checkFinancingAmount('10', limits)).toBeNull();
    expect(checkFinancingAmount('1000.000001', limits)).toBe('aboveMax');
    expect(checkFinancingAmount('500.000001', limits)).toBe('aboveRemaining');
    expect(checkFinancingAmount('300.500001', limits)).toBe('short');
    expect(checkFinancingAmount('300.5', limits)).toBeNull();
    // The balance still loading: only the product's limits apply.
    expect(checkFinancingAmount('450', { ...limits, available: undefined })).toBeNull();
  });
});

describe('maxSubscription', () => {
  it('is the smallest of the maximum, the quota left and the balance', () => {
    expect(maxSubscription(product, '300.5')).toBe('300.5');
    expect(maxSubscription(product, '9000')).toBe('500.000000');
    expect(maxSubscription({ maxAmount: '20', remaining: '500' }, undefined)).toBe('20');
  });
});

describe('pickTerm and canRedeem', () => {
  const terms = [
    { days: 7, annualRate: '0.05' },
    { days: 30, annualRate: '0.08' },
  ];
  it('starts with the term the URL names, else the shortest', () => {
    expect(pickTerm(terms, 30)?.days).toBe(30);
    expect(pickTerm(terms, 12)?.days).toBe(7);
    expect(pickTerm([], null)).toBeUndefined();
  });
  it('offers early redemption only where the product allows it, during the term', () => {
    expect(canRedeem('keep', 'during')).toBe(true);
    expect(canRedeem('forfeit', 'during')).toBe(true);
    expect(canRedeem('none', 'during')).toBe(false);
    expect(canRedeem('keep', 'expired')).toBe(false);
  });
});
