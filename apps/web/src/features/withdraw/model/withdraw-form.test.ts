import { describe, expect, it } from 'vitest';
import { ERRORS, type WithdrawAddress, type WithdrawFeeInfo } from '@app/contract';
import {
  addressChoice,
  addressLabel,
  checkWithdrawAmount,
  expectedReceipt,
  feeView,
  isAmountError,
  isMoving,
  maxSendable,
  needsNewQuote,
  plainDecimal,
  withdrawBlock,
} from './withdraw-form';

const INFO: WithdrawFeeInfo = {
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  available: true,
  unavailable: null,
  fee: '1.000000',
  standardFee: '1.000000',
  vipLevel: 0,
  feeWaived: false,
  feeWaivedUntil: null,
  minAmount: '20.000000',
  maxAmount: '50000.000000',
  dailyLimit: '100000.000000',
  dailyRemaining: '100000.000000',
  balance: '150.500000',
  amountDecimals: 2,
  fundPasswordSet: true,
  lockedUntil: null,
  lockReason: null,
  frozen: false,
};
const info = (over: Partial<WithdrawFeeInfo>): WithdrawFeeInfo => ({ ...INFO, ...over });

const address = (over: Partial<WithdrawAddress>): WithdrawAddress => ({
  id: 'a1',
  currency: 'USDT',
  chainType: 'ethereum',
  chainName: 'Ethereum',
  protocol: 'ERC20',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  nickname: '',
  createdAt: 1_000,
  usableFrom: 2_000,
  state: 'usable',
  ...over,
});

describe('withdraw amount checks', () => {
  it('wants an amount, a plain positive decimal', () => {
    expect(checkWithdrawAmount(' ', INFO)).toEqual({ key: 'FIELD_REQUIRED' });
    expect(checkWithdrawAmount('abc', INFO)).toEqual({ key: 'AMOUNT_INVALID' });
    expect(checkWithdrawAmount('-5', INFO)).toEqual({ key: 'AMOUNT_INVALID' });
    expect(checkWithdrawAmount('0', INFO)).toEqual({ key: 'AMOUNT_INVALID' });
    expect(checkWithdrawAmount('1e3', INFO)).toEqual({ key: 'AMOUNT_INVALID' });
  });

  it('refuses more decimals than the coin allows, and accepts trailing zeros beyond them', () => {
    expect(checkWithdrawAmount('20.123', INFO)).toEqual({ key: 'WITHDRAW_AMOUNT_PRECISION', params: { decimals: 2 } });
    expect(checkWithdrawAmount('20.1200', INFO)).toBeNull();
  });

  it('checks the minimum and maximum with the server words', () => {
    expect(checkWithdrawAmount('19.99', INFO)).toEqual({
      key: 'WITHDRAW_BELOW_MIN',
      params: { min: '20', currency: 'USDT' },
    });
    expect(checkWithdrawAmount('20', INFO)).toBeNull();
    expect(checkWithdrawAmount('50000.01', info({ balance: '60000' }))).toEqual({
      key: 'WITHDRAW_ABOVE_MAX',
      params: { max: '50000', currency: 'USDT' },
    });
  });

  it('checks the balance exactly, then what is left of the daily limit', () => {
    expect(checkWithdrawAmount('150.5', INFO)).toBeNull();
    expect(checkWithdrawAmount('150.51', INFO)).toEqual({ key: 'BALANCE_NOT_ENOUGH' });
    expect(checkWithdrawAmount('100', info({ dailyRemaining: '99.990000' }))).toEqual({
      key: 'WITHDRAW_DAILY_LIMIT',
      params: { remaining: '99.99', currency: 'USDT' },
    });
  });

  it('compares amounts far beyond float precision exactly', () => {
    const big = info({
      balance: '9007199254740993.000001',
      maxAmount: '9999999999999999',
      dailyRemaining: '9999999999999999',
      amountDecimals: 6,
    });
    expect(checkWithdrawAmount('9007199254740993.000001', big)).toBeNull();
    expect(checkWithdrawAmount('9007199254740993.000002', big)).toEqual({ key: 'BALANCE_NOT_ENOUGH' });
  });
});

describe('expected receipt and the fee', () => {
  it('is the amount less the fee', () => {
    expect(expectedReceipt('25', '1.000000', 2)).toBe('24');
    expect(expectedReceipt('20.05', '1.000000', 2)).toBe('19.05');
    expect(expectedReceipt('0.3', '0.1', 6)).toBe('0.2');
    expect(expectedReceipt('25', '0.000000', 2)).toBe('25');
  });

  it('is nothing for an amount that is not usable or does not cover the fee', () => {
    expect(expectedReceipt('', '1', 2)).toBeNull();
    expect(expectedReceipt('x', '1', 2)).toBeNull();
    expect(expectedReceipt('1', '1', 2)).toBeNull();
    expect(expectedReceipt('20.123', '1', 2)).toBeNull();
  });

  it('reads a waived fee with the standard fee and until when', () => {
    expect(feeView(INFO)).toEqual({ waived: false, fee: '1' });
    expect(feeView(info({ fee: '0.000000', feeWaived: true, feeWaivedUntil: 5_000 }))).toEqual({
      waived: true,
      fee: '0',
      standardFee: '1',
      until: 5_000,
    });
  });

  it('offers the least of balance, maximum and daily limit left, cut to the decimals', () => {
    expect(maxSendable(INFO)).toBe('150.5');
    expect(maxSendable(info({ balance: '10.129999' }))).toBe('10.12');
    expect(maxSendable(info({ dailyRemaining: '3' }))).toBe('3');
    expect(maxSendable(info({ balance: '0.000000' }))).toBe('0');
  });

  it('writes decimals without trailing zeros', () => {
    expect(plainDecimal('20.000000')).toBe('20');
    expect(plainDecimal('0.500')).toBe('0.5');
    expect(plainDecimal('100')).toBe('100');
  });
});

describe('what the page shows instead of the form', () => {
  it('says why, the first reason that applies', () => {
    expect(withdrawBlock(INFO, 0)).toBeNull();
    expect(withdrawBlock(info({ available: false, frozen: true }), 0)).toEqual({
      kind: 'unavailable',
      reason: null,
      since: null,
    });
    // The server's reason and since when go along.
    expect(
      withdrawBlock(
        info({ available: false, unavailable: { reason: 'hot_wallet_short', since: 1_700_000_000_000 } }),
        0,
      ),
    ).toEqual({ kind: 'unavailable', reason: 'hot_wallet_short', since: 1_700_000_000_000 });
    expect(withdrawBlock(info({ frozen: true, fundPasswordSet: false }), 0)).toEqual({ kind: 'frozen' });
    expect(withdrawBlock(info({ lockedUntil: 10_000, lockReason: 'password', fundPasswordSet: false }), 5_000)).toEqual(
      { kind: 'locked', until: 10_000, reason: 'password' },
    );
    expect(withdrawBlock(info({ lockedUntil: 10_000, lockReason: 'password' }), 10_001)).toBeNull();
    expect(withdrawBlock(info({ fundPasswordSet: false }), 0)).toEqual({ kind: 'noFundPassword' });
  });

  it('offers only addresses past their hold, and says when the next held one is usable', () => {
    const usable = address({ id: 'u' });
    const heldLater = address({ id: 'h1', state: 'holding', usableFrom: 9_000 });
    const heldSooner = address({ id: 'h2', state: 'holding', usableFrom: 7_000 });
    const passed = address({ id: 'p', state: 'holding', usableFrom: 4_000 });
    const choice = addressChoice([usable, heldLater, heldSooner, passed], 5_000);
    expect(choice.usable.map((a) => a.id)).toEqual(['u', 'p']);
    expect(choice.nextUsableAt).toBe(7_000);
    expect(addressChoice([usable], 5_000).nextUsableAt).toBeNull();
    expect(addressLabel(address({ nickname: 'Ledger' }))).toBe('Ledger · 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(addressLabel(address({}))).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });
});

describe('withdrawal records and refusals', () => {
  it('refreshes while a withdrawal still moves', () => {
    expect(['processing', 'approved', 'broadcast'].every((s) => isMoving(s as 'processing'))).toBe(true);
    expect(['completed', 'rejected', 'failed', 'cancelled'].some((s) => isMoving(s as 'completed'))).toBe(false);
  });

  it('puts the amount refusals beside the amount and asks a new quote when one ran out', () => {
    expect(isAmountError(ERRORS.WITHDRAW_BELOW_MIN.code)).toBe(true);
    expect(isAmountError(ERRORS.BALANCE_NOT_ENOUGH.code)).toBe(true);
    expect(isAmountError(ERRORS.WITHDRAW_NOT_AVAILABLE.code)).toBe(false);
    expect(needsNewQuote(ERRORS.WITHDRAW_QUOTE_EXPIRED.code)).toBe(true);
    expect(needsNewQuote(ERRORS.FUND_PASSWORD_INCORRECT.code)).toBe(false);
  });
});
