import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoginResult } from '@app/contract';
import { rowsOf } from '../../db/client';
import {
  createTestApp,
  PASSWORD,
  registerByEmail,
  uniqueEmail,
  userIdByEmail,
  type TestApp,
} from '../../../test/harness';
import { userRepo } from './repository';

// Withdrawals pause for WITHDRAW_SECURITY_LOCK_HOURS after a change of the login password, the
// fund password (changed or reset, not its first setting) or a contact: each path stamps the user.

const FUND = 'fund-pass-1';
const FUND2 = 'fund-pass-2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000' } });
});
afterAll(() => t.close());

/** What withdrawals read of the user (the withdrawal service's guard). */
const guardOf = async (userId: number) => {
  const u = (await userRepo.byId(t.ctx.db, userId))!;
  return {
    securityChangedAt: u.securityChangedAt,
    securityChange: u.securityChange,
    frozenAt: u.withdrawalsFrozenAt,
    createdAt: u.createdAt,
    fundPasswordSet: u.fundPasswordHash !== null,
  };
};

const stampOf = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`SELECT security_changed_at, security_change FROM users WHERE id = ${userId}`),
  )[0] as { security_changed_at: Date | string | null; security_change: string | null };

async function user() {
  const u = await registerByEmail(t);
  return { ...u, userId: await userIdByEmail(t, u.email) };
}

/** Moves the clock on, so every step has its own time and codes can be sent again. */
const later = () => t.clock.advance(61_000);

describe('security changes are stamped', () => {
  it('a new user has no stamp, and the first fund password sets none', async () => {
    const u = await user();
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
    expect(await stampOf(u.userId)).toEqual({ security_changed_at: null, security_change: null });
    expect(await guardOf(u.userId)).toEqual({
      securityChangedAt: null,
      securityChange: null,
      frozenAt: null,
      createdAt: new Date(u.user.createdAt),
      fundPasswordSet: true,
    });
  });

  it('changing the login password stamps `password`', async () => {
    const u = await user();
    later();
    const at = t.clock.now();
    const r = await t.post<LoginResult>(
      API.user.changePassword,
      { oldPassword: PASSWORD, password: 'new-secret-1', confirmPassword: 'new-secret-1' },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    expect(await guardOf(u.userId)).toMatchObject({
      securityChangedAt: at,
      securityChange: 'password',
      fundPasswordSet: false,
    });
  });

  it('resetting the login password with a code stamps `password`', async () => {
    const u = await user();
    later();
    expect((await t.post(API.user.sendOtp, { email: u.email, purpose: 'forgot_password' })).code).toBe(0);
    const at = t.clock.now();
    const r = await t.post(API.user.forgotPassword, {
      type: 'email',
      email: u.email,
      code: t.lastCode(u.email),
      password: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    expect(r.code).toBe(0);
    expect(await guardOf(u.userId)).toMatchObject({ securityChangedAt: at, securityChange: 'password' });
  });

  it('the signed-in reset of the login password with a code stamps `password`', async () => {
    const u = await user();
    later();
    expect(
      (await t.post(API.user.sendOtp, { email: u.email, purpose: 'forgot_password' }, { token: u.token })).code,
    ).toBe(0);
    const at = t.clock.now();
    const r = await t.post(
      API.user.resetPassword,
      { channel: 'email', code: t.lastCode(u.email), password: 'new-secret-3', confirmPassword: 'new-secret-3' },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    expect(await guardOf(u.userId)).toMatchObject({ securityChangedAt: at, securityChange: 'password' });
  });

  it('changing and resetting the fund password stamp `fund_password`', async () => {
    const u = await user();
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
    later();
    const changedAt = t.clock.now();
    expect(
      (
        await t.post(
          API.user.changeFundPassword,
          { oldFundPassword: FUND, fundPassword: FUND2, confirmFundPassword: FUND2 },
          { token: u.token },
        )
      ).code,
    ).toBe(0);
    expect(await guardOf(u.userId)).toMatchObject({ securityChangedAt: changedAt, securityChange: 'fund_password' });

    later();
    expect(
      (await t.post(API.user.sendOtp, { email: u.email, purpose: 'forgot_fund_password' }, { token: u.token })).code,
    ).toBe(0);
    const resetAt = t.clock.now();
    const reset = await t.post(
      API.user.forgotFundPassword,
      { channel: 'email', code: t.lastCode(u.email), fundPassword: FUND, confirmFundPassword: FUND },
      { token: u.token },
    );
    expect(reset.code).toBe(0);
    expect(await guardOf(u.userId)).toMatchObject({ securityChangedAt: resetAt, securityChange: 'fund_password' });
  });

  it('a wrong old fund password changes nothing and stamps nothing', async () => {
    const u = await user();
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
    expect(
      (
        await t.post(
          API.user.changeFundPassword,
          { oldFundPassword: 'wrong-one', fundPassword: FUND2, confirmFundPassword: FUND2 },
          { token: u.token },
        )
      ).code,
    ).not.toBe(0);
    expect((await stampOf(u.userId)).security_change).toBeNull();
  });

  it('binding an e-mail stamps `contact`', async () => {
    const phone = `7400${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    await t.post(API.user.sendSmsOtp, { countryCode: '44', phone, purpose: 'register' });
    const reg = await t.post<LoginResult>(API.user.register, {
      type: 'phone',
      countryCode: '44',
      phone,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode(`+44${phone}`),
    });
    expect(reg.code).toBe(0);
    const userId = Number(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM users WHERE phone = ${`+44${phone}`}`))[0]!.id,
    );
    expect((await stampOf(userId)).security_change).toBeNull();
    const email = uniqueEmail();
    later();
    expect((await t.post(API.user.sendOtp, { email, purpose: 'bind_email' }, { token: reg.data.token })).code).toBe(0);
    const at = t.clock.now();
    expect((await t.post(API.user.bindEmail, { email, code: t.lastCode(email) }, { token: reg.data.token })).code).toBe(
      0,
    );
    expect(await guardOf(userId)).toMatchObject({ securityChangedAt: at, securityChange: 'contact' });
  });
});
