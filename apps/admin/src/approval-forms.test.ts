import { describe, expect, it } from 'vitest';
import type { Approval } from '@app/contract';
import {
  approveEffect,
  creditBody,
  creditProblems,
  rejectEffect,
  reversalBody,
  reversalProblems,
} from './approval-forms';

const credit = { uid: '12345678', asset: 'USDT', amount: '125.5', note: 'goodwill for ticket 42' };

describe('the credit request form', () => {
  it('sends a draft the contract accepts, trimmed, the coin in capitals', () => {
    expect(creditProblems(credit)).toEqual({});
    expect(creditBody({ uid: ' 12345678 ', asset: 'usdt', amount: ' 125.5 ', note: ' why ' })).toEqual({
      uid: '12345678',
      asset: 'USDT',
      amount: '125.5',
      note: 'why',
    });
  });

  it('names each field that is wrong, in plain words', () => {
    const all = creditProblems({ uid: '1234', asset: 'XYZ', amount: '', note: '  ' });
    expect(all.uid).toBe('A UID is 8 digits.');
    expect(all.asset).toMatch(/^Choose a coin: USDT, BTC/);
    expect(all.amount).toBe('Enter the amount to credit.');
    expect(all.note).toMatch(/^Say why/);
    expect(creditProblems({ ...credit, amount: '0' }).amount).toBe('The amount must be more than zero.');
    expect(creditProblems({ ...credit, amount: '-5' }).amount).toBe('The amount must be more than zero.');
    // USDT has 6 decimals (the contract's catalogue); BTC 8.
    expect(creditProblems({ ...credit, amount: '1.0000001' }).amount).toBe(
      'Enter a plain decimal number of USDT, with at most 6 decimals.',
    );
    expect(creditProblems({ ...credit, asset: 'BTC', amount: '1.0000001' })).toEqual({});
    expect(creditProblems({ ...credit, amount: '1e3' }).amount).toMatch(/plain decimal/);
    expect(creditProblems({ ...credit, amount: '100000000000000001' }).amount).toMatch(/plain decimal/);
    expect(creditProblems({ ...credit, note: 'x'.repeat(201) }).note).toBe('The note has at most 200 characters.');
  });
});

describe('the reversal request form', () => {
  it('takes a whole transaction id from 1 and a note', () => {
    expect(reversalProblems({ transactionId: ' 17 ', note: 'double credit' })).toEqual({});
    expect(reversalBody({ transactionId: ' 17 ', note: ' double credit ' })).toEqual({
      transactionId: 17,
      note: 'double credit',
    });
    for (const bad of ['', '0', '-3', '1.5', 'abc', '99999999999999999']) {
      expect(reversalProblems({ transactionId: bad, note: 'x' }).transactionId).toMatch(/whole number/);
    }
  });
});

describe('the confirm step', () => {
  const base: Approval = {
    id: 3,
    action: 'balance.credit',
    targetType: 'user',
    targetId: '12345678',
    payload: { asset: 'USDT', amount: '125.500000', note: 'n' },
    requestedBy: 'a@example.com',
    requestedAt: 0,
    decision: 'pending',
    decidedBy: null,
    decidedAt: null,
  };
  it('says exactly what approving or rejecting does', () => {
    expect(approveEffect(base)).toBe(
      'Approve: 125.500000 USDT is credited now to the real currency account of user 12345678, asked by a@example.com.',
    );
    expect(rejectEffect(base)).toBe('Reject: nothing is credited; the request by a@example.com is closed for good.');
    const reversal: Approval = {
      ...base,
      action: 'ledger.reverse',
      targetType: 'ledger_transaction',
      targetId: '17',
      payload: { note: 'n' },
    };
    expect(approveEffect(reversal)).toMatch(/^Approve: ledger transaction 17 is reversed now/);
    expect(rejectEffect(reversal)).toMatch(/^Reject: nothing is reversed/);
  });
});
