import { describe, expect, it } from 'vitest';
import { formatOtcAmount, formatOtcPrice } from './otc-figures';

describe('OTC figures', () => {
  it('writes an amount in its coin’s display decimals, truncated and grouped', () => {
    expect(formatOtcAmount('999.373596', 'USDT')).toBe('999.37 USDT');
    expect(formatOtcAmount('0.0999', 'USDT')).toBe('0.09 USDT');
    expect(formatOtcAmount('12345.6', 'USDT')).toBe('12,345.60 USDT');
    expect(formatOtcAmount('0.001087654', 'BTC')).toBe('0.00108 BTC');
    expect(formatOtcAmount('1166.5', 'XRP')).toBe('1,166 XRP');
  });

  it('writes a price with separators, to the precision it was quoted in', () => {
    expect(formatOtcPrice('92442.15')).toBe('92,442.15');
    expect(formatOtcPrice('0.5123')).toBe('0.5123');
    expect(formatOtcPrice('3100')).toBe('3,100');
    expect(formatOtcPrice('1.0080700000')).toBe('1.00807');
  });
});
