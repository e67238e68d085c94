import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPhone, formatRatePercent, isZeroDecimal, maskEmail, maskPhone } from '.';

describe('formatDecimal', () => {
  it('truncates toward zero to exactly `decimals` digits, never rounding up', () => {
    expect(formatDecimal('1.999', 2)).toBe('1.99');
    expect(formatDecimal('-1.999', 2)).toBe('-1.99');
    expect(formatDecimal('5', 3)).toBe('5.000');
    expect(formatDecimal('5.5', 0)).toBe('5');
  });

  it('groups thousands and keeps precision a float would lose', () => {
    expect(formatDecimal('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatDecimal('12345678901234567890.123456789', 8)).toBe('12,345,678,901,234,567,890.12345678');
    expect(formatDecimal('0007.1', 1)).toBe('7.1');
  });

  it('shows a negative that truncates to zero as zero, and anything else as given', () => {
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });
});

describe('small formats', () => {
  it('recognises zero decimals', () => {
    for (const zero of ['0', '0.000000', '-0', '.0']) expect(isZeroDecimal(zero), zero).toBe(true);
    expect(isZeroDecimal('0.00000001')).toBe(false);
  });

  it('moves the decimal point for percentages', () => {
    expect(formatRatePercent('0.001')).toBe('0.1%');
    expect(formatRatePercent('0.85')).toBe('85%');
    expect(formatRatePercent('1.5')).toBe('150%');
    expect(formatRatePercent('0')).toBe('0%');
  });

  it('masks contacts and formats phones', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('ja****@example.com');
    expect(maskEmail('j@example.com')).toBe('j****@example.com');
    expect(maskPhone('+44', '7911 123456')).toBe('+44 ****3456');
    expect(maskPhone(null, '123456')).toBe('****3456');
    expect(formatPhone('44', '7911123456')).toBe('+44 7911123456');
    expect(formatPhone(null, '7911123456')).toBe('7911123456');
  });
});
