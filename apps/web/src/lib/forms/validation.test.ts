import { describe, expect, it } from 'vitest';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract';
import {
  checkAmount,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkOtp,
  checkRequired,
  checkTransferAmount,
  collectErrors,
  decimalInput,
  digitsOnly,
  hasErrors,
} from './validation';

describe('field checks', () => {
  it('requires text that is not only spaces', () => {
    expect(checkRequired(' x ')).toBeNull();
    expect(checkRequired('   ')).not.toBeNull();
  });

  it('checks an e-mail shape', () => {
    expect(checkEmail(' jane@example.com ')).toBeNull();
    for (const bad of ['', 'jane', 'jane@example', 'ja ne@example.com', 'a@b@c.com'])
      expect(checkEmail(bad), bad).not.toBeNull();
  });

  it('checks new passwords by length and confirmations by equality', () => {
    expect(checkNewPassword('x'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(checkNewPassword('x'.repeat(PASSWORD_MIN_LENGTH - 1))).not.toBeNull();
    expect(checkNewPassword('')).not.toBeNull();
    expect(checkConfirmation('secret1', 'secret1')).toBeNull();
    expect(checkConfirmation('secret1', 'secret2')).not.toBeNull();
    expect(checkConfirmation('secret1', '')).not.toBeNull();
  });

  it('checks a code of exactly OTP_LENGTH digits', () => {
    expect(checkOtp('1'.repeat(OTP_LENGTH))).toBeNull();
    expect(checkOtp('1'.repeat(OTP_LENGTH + 1))).not.toBeNull();
    expect(checkOtp('12a4')).not.toBeNull();
    expect(checkOtp('')).not.toBeNull();
  });
});

describe('amount checks (exact decimal strings)', () => {
  it('accepts amounts above zero within the decimals and the balance', () => {
    expect(checkAmount('0.01', '0.01', 2)).toBeNull();
    expect(checkAmount('123456789012345678.12345678', undefined, 8)).toBeNull();
  });

  it('refuses amounts a float would let through', () => {
    // 0.1 + 0.2 style edges: compared as bigint, one unit over the balance is over.
    expect(checkAmount('0.30000001', '0.3', 8)).not.toBeNull();
    expect(checkAmount('9007199254740993', '9007199254740992', 0)).not.toBeNull();
  });

  it('refuses empty, malformed, negative, too precise and zero amounts', () => {
    for (const bad of ['', 'abc', '-1', '1.001', '1e3']) expect(checkAmount(bad, undefined, 2), bad).not.toBeNull();
    expect(checkAmount('0', undefined, 2)).not.toBeNull();
  });

  it('names a zero transfer with the transfer message, not the generic one', () => {
    expect(checkTransferAmount('0', undefined, 2)).not.toBe(checkAmount('0', undefined, 2));
    expect(checkTransferAmount('1', '2', 2)).toBeNull();
  });
});

describe('typing filters', () => {
  it('keeps a decimal of at most `decimals` fraction digits', () => {
    expect(decimalInput('12,345', 2)).toBe('12.34');
    expect(decimalInput('1.2.3', 4)).toBe('1.23');
    expect(decimalInput('.5', 2)).toBe('0.5');
    expect(decimalInput('7.9', 0)).toBe('7');
    expect(decimalInput('a1b2', 2)).toBe('12');
  });

  it('keeps at most `max` digits', () => {
    expect(digitsOnly('12-34 56', 4)).toBe('1234');
  });
});

describe('collectErrors', () => {
  it('keeps the failing fields only', () => {
    const errors = collectErrors({ a: null, b: 'wrong' });
    expect(errors).toEqual({ b: 'wrong' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ a: null }))).toBe(false);
  });
});
