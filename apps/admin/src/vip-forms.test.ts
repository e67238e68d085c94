import { describe, expect, it } from 'vitest';
import {
  bpsText,
  ladderBody,
  ladderHasProblems,
  ladderProblems,
  nextTierDraft,
  percentToBps,
  tierDraft,
  timesToBps,
  usdtText,
  type TierDraft,
} from './vip-forms';

const draft = (over: Partial<TierDraft> = {}): TierDraft => ({
  minVolumeUsdt: '10000',
  minBalanceUsdt: '5000',
  feeDiscount: '10',
  spreadDiscount: '10',
  limitTimes: '1.25',
  ...over,
});

describe('VIP tier rates', () => {
  it('turns percentages and multiples into basis points exactly, and back', () => {
    expect(percentToBps('25')).toBe(2500);
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('0.01')).toBe(1);
    expect(percentToBps('100')).toBe(10000);
    for (const bad of ['100.01', '-1', '1.234', '', 'ten', '1e2', ' ']) expect(percentToBps(bad), bad).toBeNull();
    expect(timesToBps('1')).toBe(10000);
    expect(timesToBps('1.2345')).toBe(12345);
    expect(timesToBps('10')).toBe(100000);
    for (const bad of ['0.99', '10.0001', '1.23456', '']) expect(timesToBps(bad), bad).toBeNull();
    expect(bpsText(2500, 'percent')).toBe('25');
    expect(bpsText(1250, 'percent')).toBe('12.5');
    expect(bpsText(5, 'percent')).toBe('0.05');
    expect(bpsText(0, 'percent')).toBe('0');
    expect(bpsText(12500, 'times')).toBe('1.25');
    expect(bpsText(30000, 'times')).toBe('3');
    expect(usdtText('1000000.00')).toBe('1,000,000');
    expect(usdtText('2500.50')).toBe('2,500.5');
  });

  it('starts the form from a tier as the server answers it', () => {
    expect(
      tierDraft({
        level: 1,
        minVolumeUsdt: '10000.00',
        minBalanceUsdt: '5000.50',
        withdrawFeeDiscountBps: 1000,
        otcSpreadDiscountBps: 1250,
        withdrawLimitBps: 12500,
      }),
    ).toEqual({
      minVolumeUsdt: '10000',
      minBalanceUsdt: '5000.5',
      feeDiscount: '10',
      spreadDiscount: '12.5',
      limitTimes: '1.25',
    });
  });
});

describe('the VIP ladder form', () => {
  it('refuses what the server refuses: amounts, rates, and a tier that does not rise', () => {
    expect(ladderProblems([draft()])).toEqual([{}]);
    expect(ladderProblems([draft({ minVolumeUsdt: '0', minBalanceUsdt: '1.001', feeDiscount: '101' })])[0]).toEqual({
      minVolumeUsdt: 'Enter an amount in USDT above 0, with at most 2 decimals.',
      minBalanceUsdt: 'Enter an amount in USDT above 0, with at most 2 decimals.',
      feeDiscount: 'Enter a percentage from 0 to 100, with at most 2 decimals.',
    });
    const second = ladderProblems([
      draft(),
      draft({
        minVolumeUsdt: '10000',
        minBalanceUsdt: '4000',
        feeDiscount: '5',
        spreadDiscount: '20',
        limitTimes: '1',
      }),
    ])[1]!;
    expect(Object.keys(second).sort()).toEqual(['feeDiscount', 'limitTimes', 'minBalanceUsdt', 'minVolumeUsdt']);
    expect(second.minVolumeUsdt).toBe("Must be above VIP 1's volume: each tier asks more than the one below.");
    expect(ladderHasProblems([draft(), draft()])).toBe(true);
    expect(
      ladderHasProblems(
        Array.from({ length: 11 }, (_, i) => draft({ minVolumeUsdt: String(i + 1), minBalanceUsdt: String(i + 1) })),
      ),
    ).toBe(true);
  });

  it('sends levels 1, 2, 3… in order with the rates in basis points', () => {
    const ladder = [
      draft(),
      draft({ minVolumeUsdt: '50000', minBalanceUsdt: '25000.5', feeDiscount: '25', limitTimes: '1.5' }),
    ];
    expect(ladderHasProblems(ladder)).toBe(false);
    expect(ladderBody(ladder)).toEqual({
      tiers: [
        {
          level: 1,
          minVolumeUsdt: '10000',
          minBalanceUsdt: '5000',
          withdrawFeeDiscountBps: 1000,
          otcSpreadDiscountBps: 1000,
          withdrawLimitBps: 12500,
        },
        {
          level: 2,
          minVolumeUsdt: '50000',
          minBalanceUsdt: '25000.5',
          withdrawFeeDiscountBps: 2500,
          otcSpreadDiscountBps: 1000,
          withdrawLimitBps: 15000,
        },
      ],
    });
    // A tier added after the last keeps its benefits and asks for new thresholds.
    expect(nextTierDraft(ladder[1])).toMatchObject({ minVolumeUsdt: '', feeDiscount: '25', limitTimes: '1.5' });
  });
});
