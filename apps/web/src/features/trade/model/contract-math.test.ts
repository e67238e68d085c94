import { describe, expect, it } from 'vitest';
import type { ContractProduct } from '@app/contract';
import { atLeast, contractQuote, durationUnit, formatCountdown, stakeInRange } from './contract-math';

const product: ContractProduct = {
  market: 'CRYPTO',
  duration: 30,
  payoutRate: '0.85',
  breakEvenPercent: '54.06',
  asset: 'USDT',
  minStake: '10',
  maxStake: '5000',
};

describe('contractQuote', () => {
  it('pays stake plus stake × rate on a win, costs the stake on a loss (docs/trading.md)', () => {
    expect(contractQuote(product, '10')).toEqual({
      stake: '10.000000',
      payout: '18.500000',
      profit: '8.500000',
      loss: '10.000000',
      breakEvenPercent: '54.06',
      asset: 'USDT',
    });
  });

  it('rounds the profit down to the USDT minor unit, as the server does', () => {
    // 0.000001 × 0.85 = 0.00000085: below one minor unit, so the profit is 0, never 0.000001.
    expect(contractQuote(product, '0.000001')?.profit).toBe('0.000000');
    // 10.01 × 0.875 = 8.75875 exactly; 12.345679 × 0.875 = 10.802469125 → 10.802469 (down).
    const fine = { ...product, payoutRate: '0.875' };
    expect(contractQuote(fine, '10.01')).toMatchObject({ profit: '8.758750', payout: '18.768750' });
    expect(contractQuote(fine, '12.345679')).toMatchObject({ profit: '10.802469', payout: '23.148148' });
  });

  it('keeps the break-even rate the server sent (rounded up there, never recomputed here)', () => {
    expect(contractQuote({ ...product, breakEvenPercent: '52.64' }, '10')?.breakEvenPercent).toBe('52.64');
  });

  it('has no quote for an empty, zero, negative or over-precise stake', () => {
    for (const stake of ['', '0', '-5', 'abc', '1.0000001']) expect(contractQuote(product, stake)).toBeNull();
  });

  it('has no quote for a negative payout rate', () => {
    expect(contractQuote({ ...product, payoutRate: '-0.1' }, '10')).toBeNull();
  });
});

describe('stakeInRange', () => {
  it('takes the limits themselves and everything between (exact comparison)', () => {
    expect(stakeInRange(product, '10')).toBe(true);
    expect(stakeInRange(product, '10.00')).toBe(true);
    expect(stakeInRange(product, '5000')).toBe(true);
    expect(stakeInRange(product, '250.5')).toBe(true);
  });

  it('refuses a stake one minor unit outside either limit', () => {
    expect(stakeInRange(product, '9.999999')).toBe(false);
    expect(stakeInRange(product, '5000.000001')).toBe(false);
    expect(stakeInRange(product, '')).toBe(false);
  });
});

describe('atLeast', () => {
  it('compares decimal strings exactly', () => {
    expect(atLeast('10', '10.000000')).toBe(true);
    expect(atLeast('9.999999999999999999', '10')).toBe(false);
    expect(atLeast('x', '1')).toBe(false);
  });
});

describe('durationUnit and formatCountdown', () => {
  it('shows whole hours, else whole minutes, else seconds', () => {
    expect(durationUnit(30)).toEqual({ unit: 'seconds', count: 30 });
    expect(durationUnit(90)).toEqual({ unit: 'seconds', count: 90 });
    expect(durationUnit(300)).toEqual({ unit: 'minutes', count: 5 });
    expect(durationUnit(7200)).toEqual({ unit: 'hours', count: 2 });
  });

  it('counts whole seconds up, never below zero', () => {
    expect(formatCountdown(24_001)).toBe('0:25');
    expect(formatCountdown(245_000)).toBe('4:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
