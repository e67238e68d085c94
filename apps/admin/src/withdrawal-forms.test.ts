import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal, WithdrawSettingRow } from '@app/contract';
import {
  approveEffect,
  approvedByMe,
  decidedText,
  plainAmount,
  rejectBody,
  rejectEffect,
  rejectProblems,
  reviewLabel,
  settingBody,
  settingChanged,
  settingDraft,
  settingProblems,
  uidFilter,
} from './withdrawal-forms';

const base: AdminWithdrawal = {
  id: 'w1',
  internalId: 7,
  number: 'W202611270001',
  uid: '12345678',
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  nickname: 'cold',
  amount: '150.000000',
  fee: '5.000000',
  receive: '145.000000',
  state: 'processing',
  reason: null,
  note: null,
  txHash: null,
  confirmations: null,
  requiredConfirmations: 12,
  cancellable: true,
  createdAt: 0,
  updatedAt: 0,
  completedAt: null,
  review: 'manual',
  riskFlags: ['new_address'],
  valueUsdt: '150.000000',
  approvedBy: [],
  approvalsNeeded: 1,
  decidedBy: null,
};
const fourEyes: AdminWithdrawal = { ...base, review: 'four_eyes', approvalsNeeded: 2 };

describe('the review queue', () => {
  it('shows amounts without their trailing zeros, exactly', () => {
    expect(
      ['50.000000', '145.500000', '0.003000000000000000', '20', '100.0', '0.00000001', '10.10'].map(plainAmount),
    ).toEqual(['50', '145.5', '0.003', '20', '100', '0.00000001', '10.1']);
  });

  it('names the review, with the approvals so far when two operators must approve', () => {
    expect(reviewLabel(base)).toBe('One operator');
    expect(reviewLabel({ ...base, review: 'auto', approvalsNeeded: 0 })).toBe('Automatic');
    expect(reviewLabel(fourEyes)).toBe('Four eyes · 0 of 2 approvals');
    expect(reviewLabel({ ...fourEyes, approvedBy: ['a@example.com'] })).toBe('Four eyes · 1 of 2 approvals');
    expect(reviewLabel({ ...fourEyes, approvedBy: ['a@example.com', 'b@example.com'] })).toBe(
      'Four eyes · 2 of 2 approvals',
    );
  });

  it('says what approving does: sent at once, or only after a second operator', () => {
    const sent = '145 USDT is sent to 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed on Ethereum (ERC20)';
    expect(approveEffect(base)).toBe(`Approve: ${sent}. This cannot be undone.`);
    expect(approveEffect(fourEyes)).toBe(
      `Approve (1 of 2): nothing is sent yet; another operator must approve too before ${sent}.`,
    );
    expect(approveEffect({ ...fourEyes, approvedBy: ['a@example.com'] })).toBe(
      `Approve (2 of 2): ${sent}. This cannot be undone.`,
    );
    expect(rejectEffect(base)).toBe(
      'Reject: 150 USDT goes back to the balance of user 12345678, who sees the reason and your note.',
    );
  });

  it("knows whether this operator approved already (the second approval must be someone else's)", () => {
    const once = { ...fourEyes, approvedBy: ['a@example.com'] };
    expect(approvedByMe(once, 'a@example.com')).toBe(true);
    expect(approvedByMe(once, 'b@example.com')).toBe(false);
    expect(approvedByMe(once, undefined)).toBe(false);
  });

  it("says what the decision did, from the server's answer", () => {
    expect(decidedText({ ...fourEyes, approvedBy: ['a@example.com'] })).toBe(
      'Withdrawal W202611270001: your approval is 1 of 2; it waits for another operator.',
    );
    expect(decidedText({ ...base, state: 'approved' })).toMatch(
      /^Withdrawal W202611270001 approved: 145 USDT is sent to 0x5a/,
    );
    expect(decidedText({ ...base, state: 'broadcast' })).toMatch(/approved/);
    expect(decidedText({ ...base, state: 'rejected' })).toBe(
      'Withdrawal W202611270001 rejected: 150 USDT returned to user 12345678.',
    );
  });

  it('rejects only with a reason; the note is optional, trimmed, and left out when empty', () => {
    expect(rejectProblems({ reason: '', note: '' }).reason).toBe('Choose a reason: the user sees it.');
    expect(rejectProblems({ reason: 'other', note: 'x'.repeat(501) }).note).toBe(
      'The note has at most 500 characters.',
    );
    expect(rejectProblems({ reason: 'address_risk', note: '' })).toEqual({});
    expect(rejectBody(7, { reason: 'address_risk', note: '  ' })).toEqual({
      id: 7,
      approve: false,
      reason: 'address_risk',
    });
    expect(rejectBody(7, { reason: 'other', note: ' call us ' })).toEqual({
      id: 7,
      approve: false,
      reason: 'other',
      note: 'call us',
    });
  });

  it('searches by a UID of 8 digits, or all users', () => {
    expect(uidFilter(' 12345678 ')).toEqual({ uid: '12345678' });
    expect(uidFilter('  ')).toEqual({ uid: undefined });
    expect(uidFilter('1234')).toEqual({ problem: 'A UID is 8 digits.' });
    expect(uidFilter('abcdefgh')).toEqual({ problem: 'A UID is 8 digits.' });
  });
});

describe('the fee settings form', () => {
  const row: WithdrawSettingRow = {
    currency: 'USDT',
    chainType: 'ethereum',
    fee: '5.000000',
    minAmount: '20.000000',
    maxAmount: '100000.000000',
    dailyLimit: '200000.000000',
    enabled: true,
    signer: true,
    updatedAt: 0,
    updatedBy: null,
  };
  const draft = settingDraft(row);

  it("starts from the server's values and sends them trimmed, with the row's coin and chain", () => {
    expect(draft).toEqual({ fee: '5', minAmount: '20', maxAmount: '100000', dailyLimit: '200000', enabled: true });
    expect(settingProblems('USDT', draft)).toEqual({});
    expect(settingChanged(row, draft)).toBe(false);
    expect(settingChanged(row, { ...draft, fee: '5' })).toBe(false);
    expect(settingChanged(row, { ...draft, fee: ' 7.5 ' })).toBe(true);
    expect(settingChanged(row, { ...draft, enabled: false })).toBe(true);
    expect(settingBody(row, { ...draft, fee: ' 7.5 ' })).toEqual({
      currency: 'USDT',
      chainType: 'ethereum',
      fee: '7.5',
      minAmount: '20',
      maxAmount: '100000',
      dailyLimit: '200000',
      enabled: true,
    });
  });

  it('refuses what the server refuses: 0 ≤ fee < minimum ≤ maximum ≤ daily limit, plain decimals of the coin', () => {
    expect(settingProblems('USDT', { ...draft, fee: '20' }).fee).toBe('The fee must be below the minimum.');
    expect(settingProblems('USDT', { ...draft, fee: '0' })).toEqual({});
    expect(settingProblems('USDT', { ...draft, minAmount: '100000.000001' }).minAmount).toBe(
      'The minimum must be at most the maximum.',
    );
    expect(settingProblems('USDT', { ...draft, minAmount: '100000' })).toEqual({});
    expect(settingProblems('USDT', { ...draft, maxAmount: '200001' }).maxAmount).toBe(
      'The maximum must be at most the daily limit.',
    );
    for (const bad of ['', '-1', '1e3', '1.0000001', 'abc', '.5', '1'.repeat(41)]) {
      expect(settingProblems('USDT', { ...draft, fee: bad }).fee).toBe(
        'Enter a plain decimal number of USDT, with at most 6 decimals.',
      );
    }
    // BTC has 8 decimals, ETH 18.
    expect(
      settingProblems('BTC', { fee: '0.0001', minAmount: '0.0005', maxAmount: '10', dailyLimit: '20', enabled: true }),
    ).toEqual({});
    expect(
      settingProblems('ETH', {
        fee: '0.000000000000000001',
        minAmount: '0.01',
        maxAmount: '10',
        dailyLimit: '20',
        enabled: true,
      }),
    ).toEqual({});
  });
});
