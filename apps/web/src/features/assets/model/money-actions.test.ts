import { describe, expect, it } from 'vitest';
import { moneyActions } from './money-actions';

describe('moneyActions', () => {
  it('puts Deposit first, as the primary action, when the account holds nothing', () => {
    expect(moneyActions(true)).toEqual([
      { key: 'deposit', primary: true },
      { key: 'withdraw', primary: false },
      { key: 'transfer', primary: false },
    ]);
  });

  it('keeps Transfer first otherwise, with Deposit beside Withdraw', () => {
    const keys = moneyActions(false).map((a) => a.key);
    expect(keys).toEqual(['transfer', 'deposit', 'withdraw']);
    expect(keys.indexOf('withdraw') - keys.indexOf('deposit')).toBe(1);
    expect(
      moneyActions(false)
        .filter((a) => a.primary)
        .map((a) => a.key),
    ).toEqual(['transfer']);
  });
});
