import { describe, expect, it } from 'vitest';
import type { AssetInfo, ExchangeInfo } from '@app/contract';
import { feeBps, otcPreview } from './otc-preview';

/** Scales and decimals as packages/contract/src/assets.ts has them. */
const assets: AssetInfo[] = [
  { symbol: 'USDT', name: 'Tether USD', scale: 6, amountDecimals: 6, priceDecimals: 10, icon: '' },
  { symbol: 'BTC', name: 'Bitcoin', scale: 8, amountDecimals: 5, priceDecimals: 2, icon: '' },
  { symbol: 'ETH', name: 'Ethereum', scale: 18, amountDecimals: 3, priceDecimals: 2, icon: '' },
];

const quote: ExchangeInfo = {
  quoteId: 'q1',
  expiresAt: Date.UTC(2030, 0, 1),
  validSeconds: 10,
  feeRate: '0.001',
  vipLevel: 0,
  rates: [
    { asset: 'BTC', buyPrice: '95475.01', sellPrice: '94525.01', priceDecimals: 2, amountDecimals: 5 },
    { asset: 'ETH', buyPrice: '3015.00', sellPrice: '2985.00', priceDecimals: 2, amountDecimals: 3 },
  ],
};

describe('otcPreview (docs/ledger.md "Rounding rules", OTC rows)', () => {
  it('buy: coins from the budget less its fee, rounded down to the coin decimals; cost and fee rounded up', () => {
    // Budget 1 USDT: fee(budget) 0.001 → 0.999 / 95475.01 = 0.0000104… BTC → 0.00001 (down to 5 decimals).
    // Cost 0.00001 × 95475.01 = 0.9547501 → 0.954751 (up); fee 0.000954751 → 0.000955 (up).
    expect(otcPreview({ side: 'buy', asset: 'BTC', amount: '1' }, quote, assets)).toEqual({
      pay: '0.955706',
      payAsset: 'USDT',
      get: '0.00001',
      getAsset: 'BTC',
      fee: '0.000955',
      feeAsset: 'USDT',
      price: '95475.01',
    });
  });

  it('buy: the user is never charged more than the budget typed', () => {
    for (const budget of ['1', '10', '99.999999', '1234.56']) {
      const p = otcPreview({ side: 'buy', asset: 'BTC', amount: budget }, quote, assets);
      expect(Number(p?.pay)).toBeLessThanOrEqual(Number(budget));
    }
  });

  it('buy: a budget too small for one coin step has no preview', () => {
    expect(otcPreview({ side: 'buy', asset: 'BTC', amount: '0.5' }, quote, assets)).toBeNull();
  });

  it('sell: gross rounded down, fee rounded up, the user gets gross − fee', () => {
    // 0.00001 × 94525.01 = 0.9452501 → 0.945250 (down); fee 0.00094525 → 0.000946 (up).
    expect(otcPreview({ side: 'sell', asset: 'BTC', amount: '0.00001' }, quote, assets)).toEqual({
      pay: '0.00001',
      payAsset: 'BTC',
      get: '0.944304',
      getAsset: 'USDT',
      fee: '0.000946',
      feeAsset: 'USDT',
      price: '94525.01',
    });
  });

  it('flash: the sell rule for the first coin, then whole steps of the second at its buy price', () => {
    // 0.01 BTC → gross 945.250100, fee 0.945251 (up), net 944.304849 → / 3015 = 0.31320… ETH → 0.313 (down).
    expect(otcPreview({ side: 'flash', asset: 'BTC', toAsset: 'ETH', amount: '0.01' }, quote, assets)).toEqual({
      pay: '0.01000',
      payAsset: 'BTC',
      get: '0.313',
      getAsset: 'ETH',
      fee: '0.945251',
      feeAsset: 'USDT',
      price: '94525.01',
    });
  });

  it('has no preview for a zero, negative or over-precise amount, an unknown coin or a flash into the same coin', () => {
    expect(otcPreview({ side: 'sell', asset: 'BTC', amount: '0' }, quote, assets)).toBeNull();
    expect(otcPreview({ side: 'sell', asset: 'BTC', amount: '-1' }, quote, assets)).toBeNull();
    expect(otcPreview({ side: 'sell', asset: 'BTC', amount: '0.000001' }, quote, assets)).toBeNull();
    expect(otcPreview({ side: 'buy', asset: 'DOGE', amount: '10' }, quote, assets)).toBeNull();
    expect(otcPreview({ side: 'flash', asset: 'BTC', toAsset: 'BTC', amount: '0.01' }, quote, assets)).toBeNull();
  });

  it('reads the fee rate in basis points', () => {
    expect(feeBps('0.001')).toBe(10n);
    expect(feeBps('0.0025')).toBe(25n);
    expect(feeBps('bad')).toBe(0n);
  });
});
