import { describe, expect, it } from 'vitest';
import { checkTransfer, initialAccounts, walletOr } from './transfer';

describe('transfer accounts', () => {
  it('reads a wallet from the URL, falling back on anything else', () => {
    expect(walletOr('financing', 'currency')).toBe('financing');
    expect(walletOr('bank', 'currency')).toBe('currency');
    expect(walletOr(null, 'option')).toBe('option');
  });

  it('starts from the given account into the option account, or into currency from option', () => {
    expect(initialAccounts(null)).toEqual({ fromAccount: 'currency', toAccount: 'option' });
    expect(initialAccounts('option')).toEqual({ fromAccount: 'option', toAccount: 'currency' });
    expect(initialAccounts('financing')).toEqual({ fromAccount: 'financing', toAccount: 'option' });
    expect(initialAccounts('currency', 'financing')).toEqual({ fromAccount: 'currency', toAccount: 'financing' });
    expect(initialAccounts('financing', 'financing')).toEqual({ fromAccount: 'financing', toAccount: 'option' });
  });
});

describe('checkTransfer', () => {
  const base = { fromAccount: 'currency', toAccount: 'option', available: '10.5', decimals: 8 } as const;

  it('accepts an amount up to the available balance, exactly', () => {
    expect(checkTransfer({ ...base, amount: '10.5' })).toEqual({});
    expect(checkTransfer({ ...base, amount: '0.00000001' })).toEqual({});
  });

  it('refuses the same account on both sides', () => {
    expect(Object.keys(checkTransfer({ ...base, toAccount: 'currency', amount: '1' }))).toEqual(['toAccount']);
  });

  it('refuses a missing, zero, malformed, too precise or too large amount', () => {
    for (const amount of ['', '0', '0.000', 'abc', '-1', '1.000000001', '10.50000001']) {
      expect(Object.keys(checkTransfer({ ...base, amount })), amount).toEqual(['amount']);
    }
  });

  it('does not limit the amount while the balance is unknown', () => {
    expect(checkTransfer({ ...base, available: undefined, amount: '1000000' })).toEqual({});
  });
});
