import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotice, type LoginResult } from '@app/contract';
import { rowsOf } from '../../db/client';
import {
  createTestApp,
  PASSWORD,
  registerByEmail,
  uniqueEmail,
  userIdByEmail,
  type TestApp,
} from '../../../test/harness';
import { describeDevice } from './device';

const U = '/asset/api/user';
const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_DAILY_PER_IP: '10000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' },
  });
});
afterAll(() => t.close());

const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} ORDER BY id`),
  ) as unknown as { kind: string; params: Record<string, unknown> }[];
const login = (email: string, ua: string, origin = 'PC', password = PASSWORD) =>
  t.post<LoginResult>(
    `${U}/login`,
    { type: 'email', email, password },
    { headers: { 'user-agent': ua, loginOrigin: origin }, ip: '203.0.113.7' },
  );

describe('sign-in and password notifications', () => {
  it('tells of a sign-in from a new device once per device, not from the device the user registered or signed in on before', async () => {
    const email = uniqueEmail();
    expect((await t.post(`${U}/sendOtp`, { email, purpose: 'register' })).code).toBe(0);
    const reg = await t.post(
      `${U}/register`,
      { type: 'email', email, password: PASSWORD, confirmPassword: PASSWORD, code: t.lastCode(email) },
      { headers: { 'user-agent': CHROME_WIN, loginOrigin: 'PC' } },
    );
    expect(reg.code, reg.msg).toBe(0);
    const userId = await userIdByEmail(t, email);
    expect((await login(email, CHROME_WIN)).code).toBe(0);
    expect(await notices(userId)).toEqual([]);

    expect((await login(email, SAFARI_IOS, 'H5')).code).toBe(0);
    const rows = await notices(userId);
    expect(rows).toEqual([
      {
        kind: 'login.new_device',
        params: { device: 'Safari · iOS · H5', ip: '203.0.113.7', at: t.clock.now().getTime() },
      },
    ]);
    const at = new Date(t.clock.now().getTime()).toISOString().slice(0, 16).replace('T', ' ');
    expect(renderNotice('login.new_device', rows[0]!.params, 'en')).toEqual({
      title: 'Sign-in from a new device',
      body: `Your account was signed in from a new device: Safari · iOS · H5, IP 203.0.113.7, at ${at} UTC. If this was not you, change your password now.`,
      link: '/pages/profile/security-center/index',
    });
    expect(renderNotice('login.new_device', rows[0]!.params, 'zh').body).toBe(
      `您的账户于 ${at} UTC 在新设备上登录：Safari · iOS · H5，IP 203.0.113.7。如非本人操作，请立即修改密码。`,
    );
    // The same device again, or a wrong password from a new one: nothing more.
    expect((await login(email, SAFARI_IOS, 'H5')).code).toBe(0);
    expect((await login(email, 'curl/8.0', 'PC', 'wrong-pass1')).code).not.toBe(0);
    expect(await notices(userId)).toHaveLength(1);
  });

  it('tells of a password reset', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    t.clock.advance(61_000);
    expect((await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' })).code).toBe(0);
    const r = await t.post(`${U}/forgot-password`, {
      type: 'email',
      email: u.email,
      code: t.lastCode(u.email),
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(r.code, r.msg).toBe(0);
    const rows = await notices(userId);
    expect(rows.map((n) => [n.kind, n.params])).toEqual([['password.reset', {}]]);
    expect(renderNotice('password.reset', {}, 'en').title).toBe('Login password reset');
    expect(renderNotice('password.reset', {}, 'ja').title).toBe('ログインパスワードを再設定しました');
  });

  it('names devices by browser, system and origin', () => {
    expect(describeDevice(CHROME_WIN, 'PC')).toBe('Chrome · Windows · PC');
    expect(describeDevice('okhttp/4.9.3', 'APP')).toBe('okhttp/4.9.3 · APP');
    expect(describeDevice('', 'H5')).toBe('H5');
  });
});
