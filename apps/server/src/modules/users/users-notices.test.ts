import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotice } from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, PASSWORD, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';

const U = '/asset/api/user';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_DAILY_PER_IP: '10000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' },
  });
});
afterAll(() => t.close());

const kinds = async (userId: number) =>
  (
    rowsOf(
      await t.ctx.db.execute(sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} ORDER BY id`),
    ) as unknown as { kind: string; params: Record<string, unknown> }[]
  ).map((n) => [n.kind, n.params]);

describe('password and fund password notifications', () => {
  it('tells of a login password change and of the fund password set, changed and reset, once each', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    const changed = await t.post<{ token: string }>(
      `${U}/change-password`,
      { oldPassword: PASSWORD, password: 'another1', confirmPassword: 'another1' },
      { token: u.token },
    );
    expect(changed.code, changed.msg).toBe(0);
    const o = { token: changed.data.token };
    expect(await kinds(userId)).toEqual([['password.changed', {}]]);

    expect(
      (await t.post(`${U}/set-fund-password`, { fundPassword: 'fund1234', confirmFundPassword: 'fund1234' }, o)).code,
    ).toBe(0);
    // A second setting is refused and tells nothing.
    expect(
      (await t.post(`${U}/set-fund-password`, { fundPassword: 'fund4321', confirmFundPassword: 'fund4321' }, o)).code,
    ).not.toBe(0);
    expect(
      (
        await t.post(
          `${U}/change-fund-password`,
          { oldFundPassword: 'fund1234', fundPassword: 'fund5678', confirmFundPassword: 'fund5678' },
          o,
        )
      ).code,
    ).toBe(0);
    // A wrong current one changes nothing and tells nothing.
    expect(
      (
        await t.post(
          `${U}/change-fund-password`,
          { oldFundPassword: 'nope1234', fundPassword: 'fund9999', confirmFundPassword: 'fund9999' },
          o,
        )
      ).code,
    ).not.toBe(0);
    t.clock.advance(61_000);
    expect((await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_fund_password' }, o)).code).toBe(0);
    const reset = await t.post(
      `${U}/forgot-fund-password`,
      { channel: 'email', code: t.lastCode(u.email), fundPassword: 'fund7777', confirmFundPassword: 'fund7777' },
      o,
    );
    expect(reset.code, reset.msg).toBe(0);
    expect(await kinds(userId)).toEqual([
      ['password.changed', {}],
      ['fund_password.set', {}],
      ['fund_password.changed', {}],
      ['fund_password.reset', {}],
    ]);

    expect(renderNotice('password.changed', {}, 'en').title).toBe('Login password changed');
    expect(renderNotice('password.changed', {}, 'de').title).toBe('Anmeldepasswort geändert');
    expect(renderNotice('fund_password.set', {}, 'en').body).toBe(
      'You have set a fund password. You will need it to withdraw.',
    );
    expect(renderNotice('fund_password.set', {}, 'zh-HK').body).toBe('您已設定資金密碼，提現時需要輸入。');
    expect(renderNotice('fund_password.changed', {}, 'fr').title).toBe('Mot de passe des fonds modifié');
    expect(renderNotice('fund_password.reset', {}, 'it').title).toBe('Password dei fondi reimpostata');
    expect(renderNotice('fund_password.reset', {}, 'en').link).toBe('/pages/profile/security-center/index');
  });
});

describe('the signed-in reset of the login password', () => {
  it('tells of it once as a password change (this device stays signed in, the others are signed out)', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    t.clock.advance(61_000);
    expect(
      (await t.post(`${U}/sendOtp`, { email: u.email, purpose: 'forgot_password' }, { token: u.token })).code,
    ).toBe(0);
    const reset = await t.post(
      `${U}/reset-password`,
      { channel: 'email', code: t.lastCode(u.email), password: 'another2', confirmPassword: 'another2' },
      { token: u.token },
    );
    expect(reset.code, reset.msg).toBe(0);
    expect(await kinds(userId)).toEqual([['password.changed', {}]]);
  });
});
