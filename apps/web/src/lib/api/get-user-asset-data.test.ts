import { describe, expect, it } from 'vitest';
import type { UserAssetData } from '@app/contract';
import { holdsNothing } from './get-user-asset-data';

const data = (typeUser: 'real' | 'demo', balances: { available: string; frozen: string }[]): UserAssetData => ({
  typeUser,
  totalUsdt: '0',
  wallets: [
    { wallet: 'currency', totalUsdt: '0', balances: balances.map((b) => ({ asset: 'USDT', valueUsdt: '0', ...b })) },
    { wallet: 'option', totalUsdt: '0', balances: [] },
  ],
  unpriced: [],
});

describe('holdsNothing', () => {
  it('is true for a real account with no coin, or only zero balances', () => {
    expect(holdsNothing(data('real', []))).toBe(true);
    expect(holdsNothing(data('real', [{ available: '0.000000', frozen: '0' }]))).toBe(true);
  });

  it('is false once anything is held, available or frozen, even worth nothing at the current price', () => {
    expect(holdsNothing(data('real', [{ available: '0.000001', frozen: '0' }]))).toBe(false);
    expect(holdsNothing(data('real', [{ available: '0', frozen: '5' }]))).toBe(false);
  });

  it('is false for a demo account: a deposit goes to the real one', () => {
    expect(holdsNothing(data('demo', []))).toBe(false);
  });
});
