import { describe, expect, it } from 'vitest';
import { spotTotal } from './spot-math';

// BTCUSDT: prices with 2 decimals, amounts with 5 (docs/product.md §9).
const BTC = { amount: 5, price: 2 };

describe('spotTotal', () => {
  it('is amount × price in USDT, exact', () => {
    expect(spotTotal('0.5', '95000.00', BTC.amount, BTC.price, 'buy')).toBe('47500.000000');
    expect(spotTotal('0.00001', '95000.01', BTC.amount, BTC.price, 'sell')).toBe('0.950000');
  });

  it('rounds a buy up and a sell down to the USDT minor unit (docs/ledger.md, spot)', () => {
    // 0.00001 × 0.01 = 0.0000001 USDT: less than one minor unit.
    expect(spotTotal('0.00001', '0.01', BTC.amount, BTC.price, 'buy')).toBe('0.000001');
    expect(spotTotal('0.00001', '0.01', BTC.amount, BTC.price, 'sell')).toBe('0.000000');
    // 0.00003 × 95000.33 = 2.8500099
    expect(spotTotal('0.00003', '95000.33', BTC.amount, BTC.price, 'buy')).toBe('2.850010');
    expect(spotTotal('0.00003', '95000.33', BTC.amount, BTC.price, 'sell')).toBe('2.850009');
  });

  it('leaves the fee out: the estimate is the value before it', () => {
    expect(spotTotal('1', '100.00', BTC.amount, BTC.price, 'buy')).toBe('100.000000');
  });

  it('has no total without a price or a positive amount within the decimals', () => {
    expect(spotTotal('1', null, BTC.amount, BTC.price, 'buy')).toBeNull();
    expect(spotTotal('1', '', BTC.amount, BTC.price, 'buy')).toBeNull();
    expect(spotTotal('0', '95000', BTC.amount, BTC.price, 'buy')).toBeNull();
    expect(spotTotal('0.000001', '95000', BTC.amount, BTC.price, 'buy')).toBeNull();
    expect(spotTotal('1', '95000.001', BTC.amount, BTC.price, 'buy')).toBeNull();
  });
});
