import { describe, expect, it } from 'vitest';
import { exampleInterest, SEED_PRODUCTS, seedRules } from './seed';

describe('the seeded loan rules', () => {
  it('work the example through to its result, exactly', () => {
    expect(exampleInterest('0.05', 14)).toBe('7');
    expect(exampleInterest('0.04', 30)).toBe('12');
    expect(exampleInterest('0.015', 7)).toBe('1.05');
    expect(exampleInterest('1', 1)).toBe('10');
    expect(exampleInterest('0.0001', 3)).toBe('0.003');
  });

  it('state the result in every language', () => {
    const short = SEED_PRODUCTS[0];
    const rules = seedRules({
      currency: short.currency,
      min: short.min,
      max: short.max,
      periodDays: short.periodDays,
      dailyPct: '0.05',
      latePct: '0.1',
    });
    for (const [lang, text] of Object.entries(rules)) {
      expect(text, lang).toContain('1000 × 0.05 % × 14 = 7 USDT');
    }
  });
});
