import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type LoginResult, type UserInfo } from '@app/contract';
import { createTestApp, PASSWORD, registerByEmail, uniqueEmail, type TestApp } from '../../../test/harness';

const U = '/asset/api/user';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000' } });
});
afterAll(() => t.close());

const nextMinute = () => t.clock.advance(61_000);

describe('profile', () => {
  it('updates nickname, language and theme, and keeps them', async () => {
    const u = await registerByEmail(t);
    const r = await t.post<UserInfo>(
      `${U}/update`,
      { nickname: '  Trader Jo ', language: 'jp', theme: 'dark' },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ nickname: 'Trader Jo', language: 'jp', theme: 'dark' });
    expect((await t.post<UserInfo>(`${U}/info`, undefined, { token: u.token })).data.nickname).toBe('Trader Jo');
  });

  it('tells when the account was created, in epoch milliseconds like every time of the API', async () => {
    const at = t.clock.now().getTime();
    const u = await registerByEmail(t);
    expect(u.user.createdAt).toBe(at);
    expect((await t.post<UserInfo>(`${U}/info`, undefined, { token: u.token })).data.createdAt).toBe(at);
  });

  it('refuses an empty nickname, an unknown language and unknown fields', async () => {
    const u = await registerByEmail(t);
    expect((await t.post(`${U}/update`, { nickname: '   ' }, { token: u.token })).code).toBe(code('FIELD_REQUIRED'));
    expect((await t.post(`${U}/update`, { nickname: '' }, { token: u.token })).code).toBe(code('FIELD_REQUIRED'));
    expect((await t.post(`${U}/update`, { language: 'xx' }, { token: u.token })).code).toBe(code('INVALID_PARAMETER'));
    const extra = await t.post(`${U}/update`, { uid: '1' }, { token: u.token });
    expect(extra).toMatchObject({ code: code('INVALID_PARAMETER'), msg: 'Invalid parameter: uid' });
  });

  it('refuses an avatar path the user did not upload', async () => {
    const u = await registerByEmail(t);
    const r = await t.post(
      `${U}/update`,
      { avatar: '/uploads/avatars/0123456789abcdef0123456789abcdef.png' },
      { token: u.token },
    );
    expect(r.code).toBe(code('INVALID_PARAMETER'));
  });

  it('binds an e-mail to a phone account with a code sent to it', async () => {
    await t.post(`${U}/SendSmsOtp`, { countryCode: '44', phone: '7400123456', purpose: 'register' });
    const reg = await t.post<LoginResult>(`${U}/register`, {
      type: 'phone',
      countryCode: '44',
      phone: '7400123456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode('+447400123456'),
    });
    expect(reg.code).toBe(0);
    const token = reg.data.token;
    const email = uniqueEmail();
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'bind_email' })).code).toBe(301); // needs a session
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'bind_email' }, { token })).code).toBe(0);
    expect(
      (await t.post(`${U}/bind-email`, { email, code: '0000' === t.lastCode(email) ? '0001' : '0000' }, { token }))
        .code,
    ).toBe(code('CODE_INVALID'));
    const bound = await t.post<UserInfo>(`${U}/bind-email`, { email, code: t.lastCode(email) }, { token });
    expect(bound.code).toBe(0);
    expect(bound.data).toMatchObject({ email, phone: '7400123456', countryCode: '44' });
    // Now both identities sign in.
    expect((await t.post(`${U}/login`, { type: 'email', email, password: PASSWORD })).code).toBe(0);
  });

  it('refuses to bind an e-mail another account has', async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    expect((await t.post(`${U}/sendOtp`, { email: a.email, purpose: 'bind_email' }, { token: b.token })).code).toBe(
      code('ACCOUNT_EXISTS'),
    );
  });
});

describe('change password', () => {
  it('checks the current password, ends every other session and returns a new token', async () => {
    const u = await registerByEmail(t);
    const other = await t.post<LoginResult>(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD });
    const body = { oldPassword: PASSWORD, password: 'another1', confirmPassword: 'another1' };
    expect((await t.post(`${U}/change-password`, { ...body, oldPassword: 'nope-nope' }, { token: u.token })).code).toBe(
      code('OLD_PASSWORD_INCORRECT'),
    );
    expect(
      (await t.post(`${U}/change-password`, { ...body, confirmPassword: 'another2' }, { token: u.token })).code,
    ).toBe(code('PASSWORDS_MISMATCH'));
    expect(
      (
        await t.post(
          `${U}/change-password`,
          { ...body, password: 'short', confirmPassword: 'short' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('PASSWORD_TOO_SHORT'));
    expect(
      (
        await t.post(
          `${U}/change-password`,
          { ...body, password: PASSWORD, confirmPassword: PASSWORD },
          { token: u.token },
        )
      ).code,
    ).toBe(code('PASSWORD_UNCHANGED'));
    const r = await t.post<LoginResult>(`${U}/change-password`, body, { token: u.token });
    expect(r.code).toBe(0);
    expect((await t.post(`${U}/info`, undefined, { token: other.data.token })).code).toBe(301);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(301);
    expect((await t.post(`${U}/info`, undefined, { token: r.data.token })).code).toBe(0);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: 'another1' })).code).toBe(0);
  });
});

describe('reset password (signed in, with a code)', () => {
  it("takes a forgot_password code sent to the account's own e-mail, ends every other session and returns a new token", async () => {
    const u = await registerByEmail(t);
    const other = await t.post<LoginResult>(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD });
    const reset = (body: object) => t.post<LoginResult>(`${U}/reset-password`, body, { token: u.token });
    const body = { channel: 'email', password: 'reset-pass-1', confirmPassword: 'reset-pass-1' };
    expect((await t.post(`${U}/reset-password`, { ...body, code: '1234' })).code).toBe(301);
    nextMinute();
    expect(
      (await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' }, { token: u.token })).code,
    ).toBe(0);
    const sent = t.lastCode(u.email);
    // Inputs are checked before the code is used up.
    expect((await reset({ ...body, code: sent, confirmPassword: 'reset-pass-2' })).code).toBe(
      code('PASSWORDS_MISMATCH'),
    );
    expect((await reset({ ...body, code: sent, password: 'short', confirmPassword: 'short' })).code).toBe(
      code('PASSWORD_TOO_SHORT'),
    );
    expect((await reset({ ...body, channel: 'phone', code: sent })).code).toBe(code('NO_CONTACT_FOR_CODE'));
    expect((await reset({ ...body, code: sent === '0000' ? '0001' : '0000' })).code).toBe(code('CODE_INVALID'));
    const r = await reset({ ...body, code: sent });
    expect(r.code).toBe(0);
    expect(r.data.user.email).toBe(u.email);
    expect((await t.post(`${U}/info`, undefined, { token: other.data.token })).code).toBe(301);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(301);
    expect((await t.post(`${U}/info`, undefined, { token: r.data.token })).code).toBe(0);
    // The code is spent, the new password signs in and the old one no longer does.
    expect((await t.post(`${U}/reset-password`, { ...body, code: sent }, { token: r.data.token })).code).toBe(
      code('CODE_INVALID'),
    );
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: 'reset-pass-1' })).code).toBe(0);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD })).code).toBe(
      code('PASSWORD_INCORRECT'),
    );
  });

  it('refuses a code sent to another address, or for another purpose', async () => {
    const u = await registerByEmail(t);
    const stranger = await registerByEmail(t);
    nextMinute();
    // A forgot_password code can be sent to any account's address, but only the caller's own one counts.
    expect((await t.post(`${U}/sendOtp`, { email: stranger.email, purpose: 'forgot_password' })).code).toBe(0);
    const body = { channel: 'email', password: 'reset-pass-3', confirmPassword: 'reset-pass-3' };
    expect(
      (await t.post(`${U}/reset-password`, { ...body, code: t.lastCode(stranger.email) }, { token: u.token })).code,
    ).toBe(code('CODE_INVALID'));
    expect(
      (await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_fund_password' }, { token: u.token })).code,
    ).toBe(0);
    expect((await t.post(`${U}/reset-password`, { ...body, code: t.lastCode(u.email) }, { token: u.token })).code).toBe(
      code('CODE_INVALID'),
    );
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD })).code).toBe(0);
  });
});

describe('fund password', () => {
  it('sets it once, then changes it only with the current one', async () => {
    const u = await registerByEmail(t);
    const set = (body: object) => t.post<UserInfo>(`${U}/set-fund-password`, body, { token: u.token });
    const change = (body: object) => t.post<UserInfo>(`${U}/change-fund-password`, body, { token: u.token });
    expect(
      (await change({ oldFundPassword: 'x', fundPassword: 'fund1234', confirmFundPassword: 'fund1234' })).code,
    ).toBe(code('FUND_PASSWORD_NOT_SET'));
    expect((await set({ fundPassword: 'fund1', confirmFundPassword: 'fund1' })).code).toBe(code('PASSWORD_TOO_SHORT'));
    expect((await set({ fundPassword: 'fund1234', confirmFundPassword: 'fund4321' })).code).toBe(
      code('PASSWORDS_MISMATCH'),
    );
    const ok = await set({ fundPassword: 'fund1234', confirmFundPassword: 'fund1234' });
    expect(ok.code).toBe(0);
    expect(ok.data.hasFundPassword).toBe(true);
    expect((await set({ fundPassword: 'fund9999', confirmFundPassword: 'fund9999' })).code).toBe(
      code('FUND_PASSWORD_ALREADY_SET'),
    );
    expect(
      (await change({ oldFundPassword: 'wrong123', fundPassword: 'fund5678', confirmFundPassword: 'fund5678' })).code,
    ).toBe(code('FUND_PASSWORD_INCORRECT'));
    expect(
      (await change({ oldFundPassword: 'fund1234', fundPassword: 'fund5678', confirmFundPassword: 'fund5678' })).code,
    ).toBe(0);
  });

  it('lets one of 10 simultaneous first settings win', async () => {
    const u = await registerByEmail(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.post(
          `${U}/set-fund-password`,
          { fundPassword: `fund000${i}`, confirmFundPassword: `fund000${i}` },
          { token: u.token },
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === code('FUND_PASSWORD_ALREADY_SET'))).toHaveLength(9);
  });

  it("resets it with a code sent to the account's own e-mail only", async () => {
    const u = await registerByEmail(t);
    await t.post(
      `${U}/set-fund-password`,
      { fundPassword: 'fund1234', confirmFundPassword: 'fund1234' },
      { token: u.token },
    );
    nextMinute();
    expect(
      (await t.post(`${U}/sendOtp`, { email: uniqueEmail(), purpose: 'forgot_fund_password' }, { token: u.token }))
        .code,
    ).toBe(code('INVALID_PARAMETER'));
    expect(
      (
        await t.post(
          `${U}/SendSmsOtp`,
          { countryCode: '1', phone: '2015550199', purpose: 'forgot_fund_password' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('NO_CONTACT_FOR_CODE'));
    expect(
      (await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_fund_password' }, { token: u.token })).code,
    ).toBe(0);
    const r = await t.post<UserInfo>(
      `${U}/forgot-fund-password`,
      {
        channel: 'email',
        code: t.lastCode(u.email),
        fundPassword: 'fund7777',
        confirmFundPassword: 'fund7777',
      },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    const change = await t.post(
      `${U}/change-fund-password`,
      { oldFundPassword: 'fund7777', fundPassword: 'fund8888', confirmFundPassword: 'fund8888' },
      { token: u.token },
    );
    expect(change.code).toBe(0);
    expect(
      (
        await t.post(
          `${U}/forgot-fund-password`,
          { channel: 'phone', code: '1234', fundPassword: 'fund7777', confirmFundPassword: 'fund7777' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('NO_CONTACT_FOR_CODE'));
  });
});

describe('country codes', () => {
  it('lists countries with calling codes and names in the request language', async () => {
    const en = await t.post<{ iso: string; name: string; dialCode: string }[]>(
      '/asset/api/countryCode/countryCodeList',
    );
    expect(en.data.length).toBeGreaterThan(200);
    expect(en.data.find((c) => c.iso === 'DE')).toEqual({ iso: 'DE', name: 'Germany', dialCode: '49' });
    const de = await t.post<{ iso: string; name: string }[]>('/asset/api/countryCode/countryCodeList', undefined, {
      lang: 'de',
    });
    expect(de.data.find((c) => c.iso === 'DE')?.name).toBe('Deutschland');
  });
});

describe('manager (docs/product.md §3, §6: the Manager label)', () => {
  it('is the UID of the user whose invitation code the account registered with, in every user answer', async () => {
    const inviter = await registerByEmail(t);
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const reg = await t.post<LoginResult>(`${U}/register`, {
      type: 'email',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode(email),
      invitationCode: inviter.user.invitationCode,
    });
    expect(reg.code).toBe(0);
    expect(reg.data.user.manager).toBe(inviter.user.uid);
    const token = reg.data.token;
    expect((await t.post<UserInfo>(`${U}/info`, undefined, { token })).data.manager).toBe(inviter.user.uid);
    expect((await t.post<UserInfo>(`${U}/update`, { nickname: 'Invited' }, { token })).data.manager).toBe(
      inviter.user.uid,
    );
    expect(
      (await t.post<LoginResult>(`${U}/login`, { type: 'email', email, password: PASSWORD })).data.user.manager,
    ).toBe(inviter.user.uid);
  });

  it('is null for an account registered without an invitation code', async () => {
    const u = await registerByEmail(t);
    expect(u.user.manager).toBeNull();
    expect((await t.post<UserInfo>(`${U}/info`, undefined, { token: u.token })).data.manager).toBeNull();
  });
});
