import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  ERRORS,
  assetOf,
  parseAmount,
  type LoginResult,
  type WithdrawAddress,
  type WithdrawQuote,
  type Withdrawal,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, PASSWORD, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { creditBackStage } from '../deposits';

// Early confirm of a new withdrawal address by code, and the "this wasn't me" freeze link
// (docs/withdrawals.md "Early confirm and freeze").

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const FUND = 'fund-pass-1';
const HOUR_MS = 3_600_000;
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_BASE_URL: 'https://app.example.com/',
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** The newest message to this e-mail or phone in the outbox. */
function lastMessage(destination: string): string {
  const dir = path.join(t.dataDir, 'outbox');
  const safe = destination.replace(/[^A-Za-z0-9@.+_-]/g, '_');
  const last = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.txt`))
    .sort()
    .at(-1);
  if (!last) throw new Error(`no message to ${destination}`);
  return fs.readFileSync(path.join(dir, last), 'utf8');
}

/** The freeze link's token in the newest message to this destination. */
function freezeToken(destination: string): string {
  const m = /https:\/\/app\.example\.com\/pages\/withdraw\/freeze\?token=([A-Za-z0-9_-]+)/.exec(
    lastMessage(destination),
  );
  if (!m?.[1]) throw new Error('no freeze link');
  return m[1];
}

async function saver() {
  const u = await registerByEmail(t);
  expect(
    (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
      .code,
  ).toBe(0);
  const insert = async (address = ETH_ADDRESS, currency = 'ETH', chainType = 'ethereum') => {
    const r = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency, chainType, address, fundPassword: FUND },
      { token: u.token },
    );
    expect(r.code).toBe(0);
    return r.data;
  };
  return { ...u, userId: await userIdByEmail(t, u.email), insert };
}

const row = async (sqlText: ReturnType<typeof sql>) => rowsOf(await t.ctx.db.execute(sqlText))[0]!;
/** Moves past the resend wait of codes. */
const nextMinute = () => t.clock.advance(61_000);

describe('confirming a new address early with a code', () => {
  it("sends the code only to the user's own contact, and makes the address usable now", async () => {
    const u = await saver();
    const saved = await u.insert();
    expect(saved.state).toBe('holding');
    nextMinute();

    // The code needs a session and goes only to the caller's own e-mail; they have no phone.
    expect((await t.post(API.user.sendOtp, { email: u.email, purpose: 'withdraw_address' })).code).toBe(301);
    expect(
      (
        await t.post(
          API.user.sendOtp,
          { email: 'someone.else@example.com', purpose: 'withdraw_address' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('INVALID_PARAMETER'));
    expect(
      (
        await t.post(
          API.user.sendSmsOtp,
          { countryCode: '44', phone: '7400999888', purpose: 'withdraw_address' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('NO_CONTACT_FOR_CODE'));
    expect(
      (await t.post(API.user.sendOtp, { email: u.email, purpose: 'withdraw_address' }, { token: u.token })).code,
    ).toBe(0);
    const right = t.lastCode(u.email);
    const wrong = right === '0000' ? '0001' : '0000';

    const confirm = (body: Record<string, unknown>, token: string | null = u.token) =>
      t.post<WithdrawAddress>(
        API.currencyAddress.confirm,
        { id: saved.id, channel: 'email', code: right, ...body },
        token ? { token } : {},
      );
    expect((await confirm({}, null)).code).toBe(301);
    expect((await confirm({ code: wrong })).code).toBe(code('CODE_INVALID'));
    expect((await confirm({ channel: 'phone' })).code).toBe(code('NO_CONTACT_FOR_CODE'));
    expect((await confirm({ id: 'not-an-id' })).code).toBe(code('ADDRESS_NOT_FOUND'));
    const other = await saver();
    expect((await confirm({}, other.token)).code).toBe(code('ADDRESS_NOT_FOUND'));

    t.clock.advance(5_000);
    const now = t.clock.now().getTime();
    const done = await confirm({});
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ id: saved.id, state: 'usable', usableFrom: now, createdAt: saved.createdAt });
    const stored = await row(
      sql`SELECT confirmed_at, usable_from FROM withdraw_addresses WHERE public_id = ${saved.id}`,
    );
    expect(new Date(stored.confirmed_at as string).getTime()).toBe(now);
    const notices = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT kind, params FROM user_notifications WHERE user_id = ${u.userId} AND kind LIKE 'withdraw\_address.%' ORDER BY id`,
      ),
    );
    expect(notices.map((n) => n.kind)).toEqual(['withdraw_address.added', 'withdraw_address.confirmed']);
    expect(notices[1]!.params).toEqual({ currency: 'ETH', chain: 'ethereum', address: ETH_ADDRESS });
    // The code is spent.
    expect((await confirm({})).code).toBe(code('CODE_INVALID'));
  });

  it('answers an address already usable as it is, and a deleted one as not found', async () => {
    const u = await saver();
    const first = await u.insert();
    const second = await u.insert(TRON_ADDRESS, 'USDT', 'tron');
    t.clock.advance(24 * HOUR_MS);
    const { token } = (await t.post<LoginResult>(API.user.login, { type: 'email', email: u.email, password: PASSWORD }))
      .data;
    expect((await t.post(API.user.sendOtp, { email: u.email, purpose: 'withdraw_address' }, { token })).code).toBe(0);
    const usable = await t.post<WithdrawAddress>(
      API.currencyAddress.confirm,
      { id: first.id, channel: 'email', code: t.lastCode(u.email) },
      { token },
    );
    expect(usable.data).toMatchObject({ state: 'usable', usableFrom: first.usableFrom });
    expect(
      (await row(sql`SELECT confirmed_at FROM withdraw_addresses WHERE public_id = ${first.id}`)).confirmed_at,
    ).toBeNull();

    expect((await t.post(API.currencyAddress.delete, { id: second.id, fundPassword: FUND }, { token })).code).toBe(0);
    nextMinute();
    expect((await t.post(API.user.sendOtp, { email: u.email, purpose: 'withdraw_address' }, { token })).code).toBe(0);
    expect(
      (
        await t.post(
          API.currencyAddress.confirm,
          { id: second.id, channel: 'email', code: t.lastCode(u.email) },
          { token },
        )
      ).code,
    ).toBe(code('ADDRESS_NOT_FOUND'));
  });
});

describe('the "this wasn\'t me" link', () => {
  it('is e-mailed with every new address; it freezes withdrawals once and ends every session', async () => {
    const u = await saver();
    await u.insert();
    const mail = lastMessage(u.email);
    expect(mail).toContain('Subject: A withdrawal address was added to your account');
    expect(mail).toContain(ETH_ADDRESS);
    const token = freezeToken(u.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only its hash is stored.
    expect((await row(sql`SELECT count(*)::int AS n FROM withdraw_freeze_tokens WHERE token_hash = ${token}`)).n).toBe(
      0,
    );

    const freeze = (tok: string) => t.post(API.userWithdraw.freeze, { token: tok });
    expect((await freeze('x'.repeat(43))).code).toBe(code('WITHDRAW_FREEZE_LINK_INVALID'));
    expect((await freeze('short')).code).toBe(code('WITHDRAW_FREEZE_LINK_INVALID'));
    const at = t.clock.now().getTime();
    expect(await freeze(token)).toMatchObject({ code: 0, data: null });
    const user = await row(sql`SELECT withdrawals_frozen_at FROM users WHERE id = ${u.userId}`);
    expect(new Date(user.withdrawals_frozen_at as string).getTime()).toBe(at);
    expect((await t.post(API.user.info, undefined, { token: u.token })).code).toBe(301);
    expect((await freeze(token)).code).toBe(code('WITHDRAW_FREEZE_LINK_INVALID'));
  });

  it('lives 7 days', async () => {
    const u = await saver();
    await u.insert();
    const token = freezeToken(u.email);
    t.clock.advance(7 * 24 * HOUR_MS + 1);
    expect((await t.post(API.userWithdraw.freeze, { token })).code).toBe(code('WITHDRAW_FREEZE_LINK_INVALID'));
    expect(
      (await row(sql`SELECT withdrawals_frozen_at FROM users WHERE id = ${u.userId}`)).withdrawals_frozen_at,
    ).toBeNull();
  });

  it('goes by SMS to a user with only a phone', async () => {
    const phone = `7400${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    expect((await t.post(API.user.sendSmsOtp, { countryCode: '44', phone, purpose: 'register' })).code).toBe(0);
    const reg = await t.post<LoginResult>(API.user.register, {
      type: 'phone',
      countryCode: '44',
      phone,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      code: t.lastCode(`+44${phone}`),
    });
    expect(reg.code).toBe(0);
    const token = reg.data.token;
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token })).code,
    ).toBe(0);
    expect(
      (
        await t.post(
          API.currencyAddress.insert,
          { currency: 'USDT', chainType: 'tron', address: TRON_ADDRESS, fundPassword: FUND },
          { token },
        )
      ).code,
    ).toBe(0);
    expect(lastMessage(`+44${phone}`)).toContain(TRON_ADDRESS);
    expect((await t.post(API.userWithdraw.freeze, { token: freezeToken(`+44${phone}`) })).code).toBe(0);
  });
});

describe('freezing with withdrawals waiting for review', () => {
  let w: TestApp;
  beforeAll(async () => {
    // Ethereum withdrawals with a signer (nothing is sent here) and no hold on new addresses.
    w = await createTestApp({
      env: {
        OTP_DAILY_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        WITHDRAW_ADDRESS_HOLD_HOURS: '0',
        WITHDRAW_FEE_FREE_MONTHS: '0',
        ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
        WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
      },
    });
  });
  afterAll(async () => {
    await w.close();
  });

  it('cancels them and returns their escrow', async () => {
    const usdt = assetOf('USDT')!;
    const u = await registerByEmail(w);
    const userId = await userIdByEmail(w, u.email);
    const opts = { token: u.token };
    expect((await w.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, opts)).code).toBe(
      0,
    );
    await creditBackStage(w.money, {
      userId,
      asset: usdt,
      amount: parseAmount('500', usdt.scale)!,
      note: null,
      operator: 'test',
    });
    const saved = await w.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
      opts,
    );
    expect(saved.code).toBe(0);
    const dir = path.join(w.dataDir, 'outbox');
    const mail = fs.readFileSync(
      path.join(
        dir,
        fs
          .readdirSync(dir)
          .filter((f) => f.includes(u.email.replace(/[^A-Za-z0-9@.+_-]/g, '_')))
          .sort()
          .at(-1)!,
      ),
      'utf8',
    );
    const token = /withdraw\/freeze\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;

    const quote = await w.post<WithdrawQuote>(
      API.userWithdraw.create,
      { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount: '100' },
      opts,
    );
    expect(quote.code, quote.msg).toBe(0);
    const pending = await w.post<Withdrawal>(
      API.userWithdraw.confirm,
      { quoteId: quote.data.quoteId, fundPassword: FUND },
      opts,
    );
    expect(pending.data.state, pending.msg).toBe('processing');

    expect((await w.post(API.userWithdraw.freeze, { token })).code).toBe(0);
    const after = rowsOf(
      await w.ctx.db.execute(sql`SELECT state, note FROM withdrawals WHERE public_id = ${pending.data.id}`),
    )[0]!;
    expect(after).toEqual({ state: 'cancelled', note: 'Withdrawals frozen by the account holder' });
    const balances = rowsOf(
      await w.ctx.db.execute(sql`SELECT kind, balance::text AS b FROM ledger_accounts
      WHERE user_id = ${userId} AND mode = 'real' AND asset = 'USDT' ORDER BY kind`),
    );
    expect(Object.fromEntries(balances.map((r) => [String(r.kind), String(r.b)]))).toMatchObject({
      currency: '500000000',
      currency_frozen: '0',
    });
  });
});
