import { describe, expect, it } from 'vitest';
import { setNumberLocale } from '../../../lib/format/number';
import { bpsPercent, bpsTimes, hasBenefits, progressPercent } from './figures';

describe('VIP figures', () => {
  it('writes basis points as percentages and multiples, exactly', () => {
    setNumberLocale('en');
    expect(bpsPercent(2500)).toBe('25%');
    expect(bpsPercent(1250)).toBe('12.5%');
    expect(bpsPercent(5)).toBe('0.05%');
    expect(bpsPercent(10000)).toBe('100%');
    expect(bpsTimes(15000)).toBe('1.5');
    expect(bpsTimes(12500)).toBe('1.25');
    expect(bpsTimes(30000)).toBe('3');
    setNumberLocale('de');
    expect(bpsPercent(1250)).toBe('12,5%');
    expect(bpsTimes(12500)).toBe('1,25');
    setNumberLocale('en');
  });

  it('says whether a tier gives anything', () => {
    expect(hasBenefits({ withdrawFeeDiscountBps: 0, otcSpreadDiscountBps: 0, withdrawLimitBps: 10000 })).toBe(false);
    expect(hasBenefits({ withdrawFeeDiscountBps: 0, otcSpreadDiscountBps: 0, withdrawLimitBps: 10001 })).toBe(true);
    expect(hasBenefits({ withdrawFeeDiscountBps: 1, otcSpreadDiscountBps: 0, withdrawLimitBps: 10000 })).toBe(true);
  });

  it('measures progress in whole percent, rounded down, 100 only once the threshold is met', () => {
    expect(progressPercent('0.00', '10000.00')).toBe(0);
    expect(progressPercent('2500.00', '10000.00')).toBe(25);
    expect(progressPercent('9999.99', '10000.00')).toBe(99);
    expect(progressPercent('10000.00', '10000.00')).toBe(100);
    expect(progressPercent('20000.00', '10000.00')).toBe(100);
    expect(progressPercent('1.00', '0.00')).toBe(0);
  });
});
