import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type LoginResult } from '@app/contract';
import { de } from '@app/contract/messages/de';
import { createTestApp, PASSWORD, registerByEmail, type TestApp } from '../../../test/harness';

/**
 * The login password and the fund password are kept different (docs/security.md "Passwords",
 * docs/decisions/0149-fund-password-differs-from-login-password.md): every way of setting one
 * refuses the other, compared against its stored hash.
 */
const U = '/asset/api/user';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const FUND = 'fund1234';
const MAX_FAILURES = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      OTP_DAILY_PER_IP: '10000',
      FUND_PASSWORD_MAX_FAILURES: String(MAX_FAILURES),
    },
  });
});
afterAll(() => t.close());

const nextMinute = () => t.clock.advance(61_000);

async function withFundPassword() {
  const u = await registerByEmail(t);
  const set = await t.post(
    `${U}/set-fund-password`,
    { fundPassword: FUND, confirmFundPassword: FUND },
    { token: u.token },
  );
  expect(set.code).toBe(0);
  return u;
}

const login = (email: string, password: string) =>
  t.post<LoginResult>(`${U}/login`, { type: 'email', email, password });

describe('the fund password differs from the login password', () => {
  it('set-fund-password refuses the login password, with the message in the request language', async () => {
    const u = await registerByEmail(t);
    const same = await t.post(
      `${U}/set-fund-password`,
      { fundPassword: PASSWORD, confirmFundPassword: PASSWORD },
      { token: u.token, lang: 'de' },
    );
    expect(same).toMatchObject({ code: code('FUND_PASSWORD_SAME_AS_LOGIN'), msg: de.FUND_PASSWORD_SAME_AS_LOGIN });
    expect(same.status).toBe(400);
    // Nothing was set: another one is taken.
    const info = await t.post<{ hasFundPassword: boolean }>(`${U}/info`, undefined, { token: u.token });
    expect(info.data.hasFundPassword).toBe(false);
    expect(
      (await t.post(`${U}/set-fund-password`, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
  });

  it('change-password refuses the fund password and keeps the old login password', async () => {
    const u = await withFundPassword();
    const r = await t.post(
      `${U}/change-password`,
      { oldPassword: PASSWORD, password: FUND, confirmPassword: FUND },
      { token: u.token },
    );
    expect(r.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
    expect((await login(u.email, PASSWORD)).code).toBe(0);
    expect((await login(u.email, FUND)).code).toBe(code('PASSWORD_INCORRECT'));
    // Another new password is taken.
    const ok = await t.post(
      `${U}/change-password`,
      { oldPassword: PASSWORD, password: 'other-pass-1', confirmPassword: 'other-pass-1' },
      { token: u.token },
    );
    expect(ok.code).toBe(0);
  });

  it('change-fund-password refuses the login password', async () => {
    const u = await withFundPassword();
    const r = await t.post(
      `${U}/change-fund-password`,
      { oldFundPassword: FUND, fundPassword: PASSWORD, confirmFundPassword: PASSWORD },
      { token: u.token },
    );
    expect(r.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
    // The fund password is unchanged.
    const again = await t.post(
      `${U}/change-fund-password`,
      { oldFundPassword: FUND, fundPassword: 'fund5678', confirmFundPassword: 'fund5678' },
      { token: u.token },
    );
    expect(again.code).toBe(0);
  });

  it('forgot-fund-password (by code) refuses the login password', async () => {
    const u = await withFundPassword();
    nextMinute();
    await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_fund_password' }, { token: u.token });
    const r = await t.post(
      `${U}/forgot-fund-password`,
      { channel: 'email', code: t.lastCode(u.email), fundPassword: PASSWORD, confirmFundPassword: PASSWORD },
      { token: u.token },
    );
    expect(r.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
  });

  it('forgot-password (signed out, by code) refuses the fund password', async () => {
    const u = await withFundPassword();
    nextMinute();
    await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' });
    const r = await t.post(`${U}/forgot-password`, {
      type: 'email',
      email: u.email,
      code: t.lastCode(u.email),
      password: FUND,
      confirmPassword: FUND,
    });
    expect(r.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
    expect((await login(u.email, PASSWORD)).code).toBe(0);
  });

  it('reset-password (signed in, by code) refuses the fund password', async () => {
    const u = await withFundPassword();
    nextMinute();
    await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' }, { token: u.token });
    const r = await t.post(
      `${U}/reset-password`,
      { channel: 'email', code: t.lastCode(u.email), password: FUND, confirmPassword: FUND },
      { token: u.token },
    );
    expect(r.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
    expect((await login(u.email, PASSWORD)).code).toBe(0);
  });

  it('a change of one password is a guess at the other: counted by the fund-password throttle', async () => {
    const u = await withFundPassword();
    let token = u.token;
    let password = PASSWORD;
    // Each change compares its candidate with the fund password and is counted, whatever it finds.
    for (let i = 0; i < MAX_FAILURES; i++) {
      const next = `probe-pass-${i}`;
      const r = await t.post<LoginResult>(
        `${U}/change-password`,
        { oldPassword: password, password: next, confirmPassword: next },
        { token },
      );
      expect(r.code, `change ${i}`).toBe(0);
      token = r.data.token;
      password = next;
    }
    const locked = await t.post(
      `${U}/change-password`,
      { oldPassword: password, password: FUND, confirmPassword: FUND },
      { token },
    );
    expect(locked.code).toBe(code('FUND_PASSWORD_LOCKED'));
    // The window passes: the check runs again.
    t.clock.advance(16 * 60_000);
    const same = await t.post(
      `${U}/change-password`,
      { oldPassword: password, password: FUND, confirmPassword: FUND },
      { token },
    );
    expect(same.code).toBe(code('FUND_PASSWORD_SAME_AS_LOGIN'));
  });

  it('concurrent first settings that match the login password learn nothing once one has set it', async () => {
    const u = await registerByEmail(t);
    const answers = await Promise.all([
      t.post(`${U}/set-fund-password`, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }),
      ...Array.from({ length: 3 }, () =>
        t.post(`${U}/set-fund-password`, { fundPassword: PASSWORD, confirmFundPassword: PASSWORD }, { token: u.token }),
      ),
    ]);
    expect(answers[0]!.code).toBe(0);
    for (const a of answers.slice(1))
      expect([code('FUND_PASSWORD_SAME_AS_LOGIN'), code('FUND_PASSWORD_ALREADY_SET')]).toContain(a.code);
    // After the setting, a matching try hears only that it is set.
    const late = await t.post(
      `${U}/set-fund-password`,
      { fundPassword: PASSWORD, confirmFundPassword: PASSWORD },
      { token: u.token },
    );
    expect(late.code).toBe(code('FUND_PASSWORD_ALREADY_SET'));
  });
});
