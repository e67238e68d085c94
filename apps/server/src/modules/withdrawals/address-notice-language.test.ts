import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoginResult, type WithdrawAddress } from '@app/contract';
import { createTestApp, PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness';

/**
 * Issue 34: "The 'withdrawal address added' e-mail came in German while the app was in English".
 * The e-mail goes out in the language of the user's latest request, not the one they signed up in
 * or the profile's.
 */
const FUND = 'fund-pass-1';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000' } });
});
afterAll(() => t.close());

function lastMessage(destination: string): string {
  const dir = path.join(t.dataDir, 'outbox');
  const last = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${destination}.txt`))
    .sort()
    .at(-1);
  if (!last) throw new Error(`no message to ${destination}`);
  return fs.readFileSync(path.join(dir, last), 'utf8');
}

describe('the "withdrawal address added" e-mail', () => {
  it('is in the language of the request that saved the address, though the account was made in German', async () => {
    const email = uniqueEmail();
    await t.post(API.user.sendOtp, { email, purpose: 'register' }, { lang: 'de' });
    const reg = await t.post<LoginResult>(
      API.user.register,
      { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code: t.lastCode(email) },
      { lang: 'de' },
    );
    const token = reg.data.token;
    // The profile says German too.
    await t.post(API.user.update, { language: 'de' }, { token, lang: 'de' });
    await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token, lang: 'de' });

    // The app switched to English.
    const saved = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
      { token, lang: 'en' },
    );
    expect(saved.code).toBe(0);
    const mail = lastMessage(email);
    expect(mail).toContain('Subject: A withdrawal address was added to your account');
    expect(mail).not.toContain('Auszahlungsadresse');

    // Back in German: the next one is German.
    const again = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
      { token, lang: 'de' },
    );
    expect(again.code).toBe(0);
    expect(lastMessage(email)).toMatch(/^Subject: .*Auszahlungsadresse/m);
  });
});
