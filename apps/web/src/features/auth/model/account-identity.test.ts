import { describe, expect, it } from 'vitest';
import { accountIdentity, codeDestination, phoneDigits } from './account-identity';
import { checkAccount } from './checks';

describe('account identity', () => {
  it('keeps only the digits of a phone', () => {
    expect(phoneDigits(' 7700 900-123 ')).toBe('7700900123');
  });

  it('trims an e-mail and strips a phone to digits with its calling code', () => {
    expect(accountIdentity('email', '44', ' jane@example.com ')).toEqual({ type: 'email', email: 'jane@example.com' });
    expect(accountIdentity('phone', '44', '7700 900123')).toEqual({
      type: 'phone',
      countryCode: '44',
      phone: '7700900123',
    });
  });

  it('keys the code countdown by the destination', () => {
    expect(codeDestination('email', '44', 'jane@example.com')).toBe('jane@example.com');
    expect(codeDestination('phone', '44', '7700 900123')).toBe('+447700900123');
  });

  it('checks an e-mail or a phone by account type', () => {
    expect(checkAccount('email', '44', 'jane@example.com')).toBeNull();
    expect(checkAccount('email', '44', 'not-an-email')).not.toBeNull();
    expect(checkAccount('phone', '44', '7911 123456')).toBeNull();
    expect(checkAccount('phone', '44', '12')).not.toBeNull();
    expect(checkAccount('phone', '44', '')).not.toBeNull();
  });
});
