import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRORS, OTP_RESEND_WAIT_S, type LoginResult } from '@app/contract';
import { hashPassword, sha256Hex } from '../../lib/secrets';
import { createTestApp, PASSWORD, registerByEmail, uniqueEmail, type TestApp } from '../../../test/harness';

const U = '/asset/api/user';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  // High limits here; the limits themselves are tested with low ones below.
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000', LOGIN_MAX_FAILURES_PER_IP: '10000' },
  });
});
afterAll(() => t.close());

const nextMinute = () => t.clock.advance((OTP_RESEND_WAIT_S + 1) * 1000);

describe('register by e-mail', () => {
  it('registers with a code from the outbox and logs in', async () => {
    const email = uniqueEmail();
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(0);
    const res = await t.post<LoginResult>(`${U}/register`, {
      type: 'email',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode(email),
    });
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(res.data.user).toMatchObject({ email, typeUser: 'real', hasFundPassword: false });
    expect(res.data.user.uid).toMatch(/^\d{8}$/);
    expect(res.data.user.invitationCode).toMatch(/^[A-Z2-9]{6}$/);
    const info = await t.post(`${U}/info`, undefined, { token: res.data.token });
    expect(info.data).toEqual(res.data.user);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const r = await t.post(`${U}/register`, {
      type: 'email',
      email: uniqueEmail(),
      password: '12345',
      confirmPassword: '12345',
      code: '1234',
    });
    expect(r).toMatchObject({
      status: 400,
      code: code('PASSWORD_TOO_SHORT'),
      msg: 'Password can not be less than 6 characters',
    });
  });

  it('refuses two passwords that differ', async () => {
    const r = await t.post(`${U}/register`, {
      type: 'email',
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: 'other123',
      code: '1234',
    });
    expect(r).toMatchObject({ code: code('PASSWORDS_MISMATCH'), msg: 'Passwords inconsistent' });
  });

  it('refuses a malformed e-mail', async () => {
    for (const email of ['no-at-sign', 'a@b', 'a b@c.de']) {
      expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(code('EMAIL_INVALID'));
    }
  });

  it('answers "This field is required" for a missing or empty field', async () => {
    const missing = await t.post(`${U}/register`, {
      type: 'email',
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(missing).toMatchObject({ code: code('FIELD_REQUIRED'), msg: 'This field is required' });
    const empty = await t.post(`${U}/sendOtp`, { email: '', purpose: 'register' });
    expect(empty.code).toBe(code('FIELD_REQUIRED'));
    const noEmail = await t.post(`${U}/register`, {
      type: 'email',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: '1234',
    });
    expect(noEmail.code).toBe(code('FIELD_REQUIRED'));
  });

  it('refuses a wrong code, and a code never sent', async () => {
    const email = uniqueEmail();
    const body = { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await t.post(`${U}/register`, { ...body, code: '1234' })).code).toBe(code('CODE_INVALID'));
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const wrong = String((Number(t.lastCode(email)) + 1) % 10000).padStart(4, '0');
    expect((await t.post(`${U}/register`, { ...body, code: wrong })).code).toBe(code('CODE_INVALID'));
    expect((await t.post(`${U}/register`, { ...body, code: 'abcd' })).code).toBe(code('CODE_INVALID'));
  });

  it('refuses an expired code (older than 10 minutes)', async () => {
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    t.clock.advance(10 * 60_000 + 1);
    const r = await t.post(`${U}/register`, {
      type: 'email',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode(email),
    });
    expect(r.code).toBe(code('CODE_EXPIRED'));
  });

  it('uses a code once', async () => {
    const { email } = await registerByEmail(t);
    // The same code for a reset of the same account: it was consumed by register.
    const r = await t.post(`${U}/forgot-password`, {
      type: 'email',
      email,
      code: t.lastCode(email),
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(r.code).toBe(code('CODE_INVALID'));
  });

  it('kills a code after 5 wrong tries: the 6th, even right, is refused', async () => {
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const right = t.lastCode(email);
    const wrong = String((Number(right) + 1) % 10000).padStart(4, '0');
    const body = { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD };
    for (let i = 0; i < 5; i++)
      expect((await t.post(`${U}/register`, { ...body, code: wrong })).code).toBe(code('CODE_INVALID'));
    expect((await t.post(`${U}/register`, { ...body, code: right })).code).toBe(code('CODE_ATTEMPTS_EXCEEDED'));
    // A new code works again.
    nextMinute();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    expect((await t.post(`${U}/register`, { ...body, code: t.lastCode(email) })).code).toBe(0);
  });

  it('refuses a resend within 60 seconds, allows it after', async () => {
    const email = uniqueEmail();
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(0);
    t.clock.advance(59_000);
    const again = await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    expect(again).toMatchObject({ code: code('RESEND_TOO_SOON'), msg: 'Please resend after 60 seconds' });
    t.clock.advance(2_000);
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(0);
  });

  it('only the newest code works after a resend', async () => {
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const first = t.lastCode(email);
    // Codes are random, so 1 resend in 10,000 draws the old code again (and then the old code is the
    // newest). Resend until the two differ, so the old code's refusal is always asserted.
    let second = first;
    for (let resends = 0; second === first && resends < 3; resends++) {
      nextMinute();
      expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(0);
      second = t.lastCode(email);
    }
    expect(second).not.toBe(first);
    const body = { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD };
    expect((await t.post(`${U}/register`, { ...body, code: first })).code).toBe(code('CODE_INVALID'));
    expect((await t.post(`${U}/register`, { ...body, code: second })).code).toBe(0);
  });

  it('says "This account already exists" for a taken e-mail, in the code request and in register', async () => {
    const { email } = await registerByEmail(t);
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).msg).toBe('This account already exists');
    const r = await t.post(`${U}/register`, {
      type: 'email',
      email: email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: '1234',
    });
    expect(r.code).toBe(code('ACCOUNT_EXISTS'));
  });

  it('accepts a valid invitation code and refuses an unknown one', async () => {
    const inviter = await registerByEmail(t);
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const body = { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code: t.lastCode(email) };
    expect((await t.post(`${U}/register`, { ...body, invitationCode: 'ZZZZZZ' })).code).toBe(
      code('INVITATION_CODE_INVALID'),
    );
    expect(
      (await t.post(`${U}/register`, { ...body, invitationCode: inviter.user.invitationCode.toLowerCase() })).code,
    ).toBe(0);
  });

  it('lets exactly one of 10 simultaneous registrations with one code win', async () => {
    const email = uniqueEmail();
    await t.post(`${U}/sendOtp`, { email, purpose: 'register' });
    const body = { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code: t.lastCode(email) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post(`${U}/register`, body)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0))
      expect([code('CODE_INVALID'), code('ACCOUNT_EXISTS')]).toContain(a.code);
  });
});

describe('register by phone', () => {
  const phone = '2015550123'; // a valid US number

  it('registers with an SMS code and logs in with the phone', async () => {
    expect((await t.post(`${U}/SendSmsOtp`, { countryCode: '+1', phone, purpose: 'register' })).code).toBe(0);
    const res = await t.post<LoginResult>(`${U}/register`, {
      type: 'phone',
      countryCode: '1',
      phone,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode('+12015550123'),
    });
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({ phone, countryCode: '1', email: null });
    const login = await t.post<LoginResult>(`${U}/login`, {
      type: 'phone',
      countryCode: '+1',
      phone: '(201) 555-0123',
      password: PASSWORD,
    });
    expect(login.code).toBe(0);
  });

  it('refuses a malformed phone number', async () => {
    for (const bad of ['123', '99999999999999']) {
      const r = await t.post(`${U}/SendSmsOtp`, { countryCode: '1', phone: bad, purpose: 'register' });
      expect(r).toMatchObject({ code: code('PHONE_INVALID'), msg: 'Incorrect phone number format' });
    }
    expect((await t.post(`${U}/SendSmsOtp`, { countryCode: '1', phone: 'abc', purpose: 'register' })).code).toBe(
      code('PHONE_INVALID'),
    );
  });

  it('refuses a calling code no country has', async () => {
    expect(
      (await t.post(`${U}/SendSmsOtp`, { countryCode: '999', phone: '2015550123', purpose: 'register' })).code,
    ).toBe(code('COUNTRY_CODE_INVALID'));
  });
});

describe('login, sessions and logout', () => {
  it('logs in, and refuses a wrong password and an unknown account', async () => {
    const u = await registerByEmail(t);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD })).code).toBe(0);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: 'wrong-one' })).code).toBe(
      code('PASSWORD_INCORRECT'),
    );
    const unknown = await t.post(`${U}/login`, { type: 'email', email: uniqueEmail(), password: PASSWORD });
    expect(unknown).toMatchObject({ code: code('ACCOUNT_NOT_FOUND'), msg: 'This account does not exist' });
  });

  it('answers 301 without a token, with an unknown token, and after logout', async () => {
    expect((await t.post(`${U}/info`)).code).toBe(301);
    expect((await t.post(`${U}/info`, undefined, { token: 'x'.repeat(43) })).code).toBe(301);
    const u = await registerByEmail(t);
    expect((await t.post(`${U}/logout`, undefined, { token: u.token })).code).toBe(0);
    const after = await t.post(`${U}/info`, undefined, { token: u.token });
    expect(after).toMatchObject({ status: 401, code: 301, msg: 'Login session expired' });
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const u = await registerByEmail(t);
    const idleMs = t.ctx.config.sessionIdleMinutes * 60_000;
    t.clock.advance(idleMs - 120_000);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(0); // activity extends it
    t.clock.advance(idleMs - 120_000);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(0);
    t.clock.advance(idleMs + 1);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(301);

    const v = await registerByEmail(t);
    const step = idleMs / 2;
    const days = t.ctx.config.sessionMaxDays;
    for (let elapsed = 0; elapsed < days * 86_400_000 - step; elapsed += step) {
      t.clock.advance(step);
      expect((await t.post(`${U}/info`, undefined, { token: v.token })).code).toBe(0);
    }
    t.clock.advance(step);
    expect((await t.post(`${U}/info`, undefined, { token: v.token })).code).toBe(301);
  });

  it('uses a session it read for SESSION_CACHE_MS: a change made elsewhere counts within that time, one made here at once', async () => {
    const cacheMs = t.ctx.config.sessionCacheMs;
    expect(cacheMs).toBeGreaterThan(0);
    const u = await registerByEmail(t);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(0);
    // Another process revokes the session (its own cache is not ours): written straight to the database.
    await t.ctx.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${sha256Hex(u.token)}`);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(0);
    t.clock.advance(cacheMs);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(301);

    // Here, a change of the user is seen by the very next request.
    const v = await registerByEmail(t);
    expect((await t.post(`${U}/info`, undefined, { token: v.token })).code).toBe(0);
    expect((await t.post(`${U}/update`, { nickname: 'Renamed' }, { token: v.token })).code).toBe(0);
    expect((await t.post<{ nickname: string }>(`${U}/info`, undefined, { token: v.token })).data.nickname).toBe(
      'Renamed',
    );
  });

  it("checks a password change against the password as stored, not the session's copy of the user", async () => {
    const u = await registerByEmail(t);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(0);
    // The password is changed by another process: this one still holds the old row in its session copy.
    const other = await hashPassword('other-pass-1', t.ctx.config.scryptCost);
    await t.ctx.db.execute(sql`UPDATE users SET password_hash = ${other} WHERE email = ${u.email}`);
    const refused = await t.post(
      `${U}/change-password`,
      { oldPassword: PASSWORD, password: 'brand-new-1', confirmPassword: 'brand-new-1' },
      { token: u.token },
    );
    expect(refused.code).toBe(code('OLD_PASSWORD_INCORRECT'));
  });

  it('locks an account after 5 failed logins and tells how long', async () => {
    const u = await registerByEmail(t);
    for (let i = 0; i < 5; i++)
      expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: 'wrong-one' })).code).toBe(
        code('PASSWORD_INCORRECT'),
      );
    const locked = await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD });
    expect(locked).toMatchObject({
      status: 429,
      code: code('LOGIN_LOCKED'),
      msg: 'Too many failed attempts, please try again in 15 minutes',
    });
    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD })).code).toBe(0);
  });

  it('answers every message in the language of the lang header', async () => {
    const body = () => ({ type: 'email', email: uniqueEmail(), password: PASSWORD });
    const msgs = new Set<string>();
    for (const lang of ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'fr', 'it']) {
      const r = await t.post(`${U}/login`, body(), { lang });
      expect(r.code).toBe(code('ACCOUNT_NOT_FOUND'));
      msgs.add(r.msg);
    }
    expect(msgs.size).toBe(8);
    expect((await t.post(`${U}/login`, body(), { lang: 'ja' })).msg).toBe(
      (await t.post(`${U}/login`, body(), { lang: 'jp' })).msg,
    );
    expect((await t.post(`${U}/login`, body(), { lang: 'hk' })).msg).toBe(
      (await t.post(`${U}/login`, body(), { lang: 'zh-HK' })).msg,
    );
  });
});

describe('forgot password', () => {
  it('resets the password with a code and ends every session', async () => {
    const u = await registerByEmail(t);
    nextMinute();
    expect((await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' })).code).toBe(0);
    const r = await t.post(`${U}/forgot-password`, {
      type: 'email',
      email: u.email,
      code: t.lastCode(u.email),
      password: 'brandnew1',
      confirmPassword: 'brandnew1',
    });
    expect(r.code).toBe(0);
    expect((await t.post(`${U}/info`, undefined, { token: u.token })).code).toBe(301);
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: PASSWORD })).code).toBe(
      code('PASSWORD_INCORRECT'),
    );
    expect((await t.post(`${U}/login`, { type: 'email', email: u.email, password: 'brandnew1' })).code).toBe(0);
  });

  it('says "This account does not exist" for an unknown account', async () => {
    const r = await t.post(`${U}/sendOtp`, { email: uniqueEmail(), purpose: 'forgot_password' });
    expect(r.code).toBe(code('ACCOUNT_NOT_FOUND'));
  });
});

describe('limits on codes and on addresses', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      env: {
        OTP_DAILY_PER_DESTINATION: '2',
        OTP_DAILY_PER_IP: '3',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        LOGIN_MAX_FAILURES_PER_IP: '4',
      },
    });
  });
  afterAll(() => s.close());

  it('caps codes per destination and per address per day', async () => {
    const email = uniqueEmail();
    const send = (e: string, ip: string) => s.post(`${U}/sendOtp`, { email: e, purpose: 'register' }, { ip });
    expect((await send(email, '10.0.0.1')).code).toBe(0);
    s.clock.advance(61_000);
    expect((await send(email, '10.0.0.1')).code).toBe(0);
    s.clock.advance(61_000);
    expect((await send(email, '10.0.0.2')).code).toBe(code('OTP_DAILY_LIMIT'));
    expect((await send(uniqueEmail(), '10.0.0.1')).code).toBe(0);
    expect((await send(uniqueEmail(), '10.0.0.1')).code).toBe(code('OTP_DAILY_LIMIT'));
    s.clock.advance(24 * 3_600_000);
    expect((await send(email, '10.0.0.1')).code).toBe(0);
  });

  it('locks an address after too many failed logins, whatever the accounts', async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (await s.post(`${U}/login`, { type: 'email', email: uniqueEmail(), password: 'whatever' }, { ip: '10.9.9.9' }))
          .code,
      ).toBe(code('ACCOUNT_NOT_FOUND'));
    }
    const r = await s.post(
      `${U}/login`,
      { type: 'email', email: uniqueEmail(), password: 'whatever' },
      { ip: '10.9.9.9' },
    );
    expect(r.code).toBe(code('LOGIN_LOCKED'));
    expect(
      (await s.post(`${U}/login`, { type: 'email', email: uniqueEmail(), password: 'whatever' }, { ip: '10.9.9.8' }))
        .code,
    ).toBe(code('ACCOUNT_NOT_FOUND'));
  });
});

describe('request rate limit', () => {
  it('answers TOO_MANY_REQUESTS past the per-minute limit on sign-in endpoints', async () => {
    const r = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          await r.post(`${U}/login`, { type: 'email', email: uniqueEmail(), password: 'x' }, { ip: '10.1.1.1' }),
        );
      expect(answers.slice(0, 3).every((a) => a.code === code('ACCOUNT_NOT_FOUND'))).toBe(true);
      expect(answers[3]).toMatchObject({ status: 429, code: code('TOO_MANY_REQUESTS') });
    } finally {
      await r.close();
    }
  });
});
