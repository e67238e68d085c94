import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  assetOf,
  parseAmount,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type WithdrawAddress,
  type WithdrawFeeInfo,
  type WithdrawQuote,
  type WithdrawSettingRow,
  type Withdrawal,
  type WithdrawalPage,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';
import { creditBackStage } from '../deposits';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const FUND = 'fund-pass-1';
const DAY_MS = 86_400_000;
const usdt = assetOf('USDT')!;
/** Well-known addresses that belong to nobody here. */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH_ADDRESS_2 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** An app whose Ethereum withdrawals have a signer (a node URL and a hot key; nothing is sent in these tests). */
async function appWith(env: Record<string, string> = {}, clockAt?: string) {
  return createTestApp({
    ...(clockAt ? { clockAt } : {}),
    env: {
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SCRYPT_COST: '1024',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WITHDRAW_FEE_FREE_MONTHS: '0',
      FUND_PASSWORD_MAX_FAILURES: '1000',
      SESSION_IDLE_MINUTES: '525600',
      SESSION_MAX_DAYS: '3650',
      ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
      ...env,
    },
  });
}

let t: TestApp;
let operators: TestOperator[];
let finance: string;
let finance2: string;
let admin: string;
const signIn = async () => {
  // One after another: each sign-in moves the clock a TOTP step.
  finance = await operatorLogin(t, operators[0]!);
  finance2 = await operatorLogin(t, operators[1]!);
  admin = await operatorLogin(t, operators[2]!);
};
/** Moves the clock; operators' sessions (at most 7 days) start again. */
const advance = async (ms: number) => {
  t.clock.advance(ms);
  await signIn();
};
beforeAll(async () => {
  t = await appWith();
  operators = [
    await createOperator(t, 'finance'),
    await createOperator(t, 'finance'),
    await createOperator(t, 'admin'),
  ];
  await signIn();
});
afterAll(() => t.close());

/** A user with a fund password, `balance` USDT credited (real) and a saved Ethereum USDT address. */
async function withdrawer(app: TestApp = t, balance = '1000') {
  const u = await registerByEmail(app);
  const userId = await userIdByEmail(app, u.email);
  expect(
    (await app.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
      .code,
  ).toBe(0);
  if (balance !== '0')
    await creditBackStage(app.money, {
      userId,
      asset: usdt,
      amount: parseAmount(balance, usdt.scale)!,
      note: null,
      operator: 'test',
    });
  const saved = await app.post<WithdrawAddress>(
    API.currencyAddress.insert,
    { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
    { token: u.token },
  );
  expect(saved.code).toBe(0);
  const opts = { token: u.token };
  return {
    ...u,
    userId,
    addressId: saved.data.id,
    fee: async (currency = 'USDT', chainType = 'ethereum') =>
      await app.call<WithdrawFeeInfo>(
        'GET',
        `${API.userWithdraw.withdrawFee}?currency=${currency}&chainType=${chainType}`,
        undefined,
        opts,
      ),
    create: (amount: string, extra: Record<string, unknown> = {}) =>
      app.post<WithdrawQuote>(
        API.userWithdraw.create,
        { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount, ...extra },
        opts,
      ),
    confirm: (quoteId: string, fundPassword = FUND, key?: string) =>
      app.post<Withdrawal>(
        API.userWithdraw.confirm,
        { quoteId, fundPassword },
        key ? { ...opts, headers: { 'idempotency-key': key } } : opts,
      ),
    cancel: (id: string) => app.post<Withdrawal>(API.userWithdraw.cancel, { id }, opts),
    list: async () => (await app.call<WithdrawalPage>('GET', API.userWithdraw.list, undefined, opts)).data.items,
    balances: async () => {
      const rows = rowsOf(
        await app.ctx.db.execute(sql`SELECT kind, balance::text AS b FROM ledger_accounts
        WHERE user_id = ${userId} AND mode = 'real' AND asset = 'USDT' ORDER BY kind`),
      );
      return Object.fromEntries(rows.map((r) => [String(r.kind), String(r.b)]));
    },
  };
}
type Withdrawer = Awaited<ReturnType<typeof withdrawer>>;

/** Creates and confirms a withdrawal; its answer. */
async function withdraw(u: Withdrawer, amount: string): Promise<Withdrawal> {
  const quote = await u.create(amount);
  expect(quote.code, quote.msg).toBe(0);
  const done = await u.confirm(quote.data.quoteId);
  expect(done.code, done.msg).toBe(0);
  return done.data;
}

const decide = (id: number, body: Record<string, unknown>, token = finance) =>
  t.post<AdminWithdrawal>(ADMIN_API.withdrawals.decide, { id, ...body }, { token });
const internalId = async (publicId: string) =>
  Number(rowsOf(await t.ctx.db.execute(sql`SELECT id FROM withdrawals WHERE public_id = ${publicId}`))[0]!.id);
/** What the signer does before `complete`: the withdrawal sent. */
const markSent = (id: number, hash: string) =>
  t.ctx.db.execute(sql`UPDATE withdrawals SET state = 'broadcast', tx_hash = ${hash} WHERE id = ${id}`);
const systemBalance = async (kind: string) =>
  String(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE user_id IS NULL AND mode = 'real' AND kind = ${kind} AND asset = 'USDT'`,
      ),
    )[0]!.b,
  );

describe('withdraw-fee', () => {
  it('gives the fee, limits, balance and state for the user now', async () => {
    const u = await withdrawer();
    const info = (await u.fee()).data;
    expect(info).toMatchObject({
      currency: 'USDT',
      chainType: 'ethereum',
      protocol: 'ERC20',
      available: true,
      unavailable: null,
      fee: '5.000000',
      standardFee: '5.000000',
      feeWaived: false,
      minAmount: '20.000000',
      maxAmount: '100000.000000',
      dailyLimit: '200000.000000',
      dailyRemaining: '200000.000000',
      balance: '1000.000000',
      fundPasswordSet: true,
      lockedUntil: null,
      lockReason: null,
      frozen: false,
    });
    // TRON has no signer: not available (and saying so, not failing later).
    expect((await u.fee('USDT', 'tron')).data).toMatchObject({
      available: false,
      unavailable: { reason: 'chain_unsupported', since: null },
    });
  });

  // The waiver lasts WITHDRAW_FEE_FREE_MONTHS calendar months from registration, the day clamped to the
  // month's end (docs/withdrawals.md "Create and confirm"): registered on the 29th of November, it ends on the 28th
  // of February, or the 29th in a leap year (the rule's other cases: service.test.ts).
  it.each([
    ['2026-11-29T09:30:00.000Z', '2027-02-28T09:30:00.000Z'],
    ['2027-11-30T09:30:00.000Z', '2028-02-29T09:30:00.000Z'],
  ])(
    'a user registered at %s pays no fee until %s, and the standard fee from then',
    async (registeredAt, waivedUntil) => {
      const fresh = await appWith({ WITHDRAW_FEE_FREE_MONTHS: '3' }, registeredAt);
      try {
        const n = await withdrawer(fresh);
        const until = Date.parse(waivedUntil);
        expect((await n.fee()).data).toMatchObject({
          fee: '0.000000',
          standardFee: '5.000000',
          feeWaived: true,
          feeWaivedUntil: until,
        });
        expect((await n.create('100')).data).toMatchObject({ fee: '0.000000', feeWaived: true, receive: '100.000000' });
        fresh.clock.advance(until - 1 - fresh.clock.now().getTime());
        expect((await n.fee()).data).toMatchObject({ fee: '0.000000', feeWaived: true });
        fresh.clock.advance(1);
        expect((await n.fee()).data).toMatchObject({ fee: '5.000000', feeWaived: false, feeWaivedUntil: null });
      } finally {
        await fresh.close();
      }
    },
  );
});

describe('create and confirm', () => {
  it('quotes, escrows on confirm, waits for review, and is paid out exactly once when the chain confirms it', async () => {
    const u = await withdrawer();
    const quote = await u.create('100');
    expect(quote.data).toMatchObject({
      amount: '100.000000',
      fee: '5.000000',
      receive: '95.000000',
      address: ETH_ADDRESS,
      validSeconds: 120,
    });
    expect(await u.balances()).toEqual({ currency: '1000000000' }); // nothing moved
    const w = (await u.confirm(quote.data.quoteId)).data;
    expect(w).toMatchObject({
      state: 'processing',
      amount: '100.000000',
      fee: '5.000000',
      receive: '95.000000',
      cancellable: true,
      txHash: null,
    });
    expect(w.number).toMatch(/^W\d{8}-\d{6}$/);
    expect(await u.balances()).toEqual({ currency: '900000000', currency_frozen: '100000000' });

    // The first withdrawal, to a new address, of a deposit not traded: an operator's review.
    const queue = (
      await t.call<AdminWithdrawalList>('GET', `${ADMIN_API.withdrawals.list}?uid=${u.user.uid}`, undefined, {
        token: finance,
      })
    ).data;
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({
      review: 'manual',
      approvalsNeeded: 1,
      valueUsdt: '100.000000',
      uid: u.user.uid,
    });
    expect(queue.items[0]!.riskFlags.sort()).toEqual(['deposit_not_traded', 'first_withdrawal', 'new_address']);
    const id = queue.items[0]!.internalId;
    expect((await decide(id, { approve: true })).data).toMatchObject({
      state: 'approved',
      approvedBy: [expect.any(String)],
    });
    expect((await decide(id, { approve: true }, finance2)).code).toBe(code('WITHDRAWAL_ALREADY_DECIDED'));
    expect((await u.cancel(w.id)).code).toBe(code('WITHDRAWAL_NOT_CANCELLABLE'));

    const feesBefore = BigInt(await systemBalance('fees'));
    const outBefore = BigInt(await systemBalance('external_withdrawals'));
    const hash = `0x${'ab'.repeat(32)}`;
    await markSent(id, hash);
    await t.app.withdrawals.complete(id, hash, 12);
    await t.app.withdrawals.complete(id, hash, 13); // once
    expect(await u.balances()).toEqual({ currency: '900000000', currency_frozen: '0' });
    expect(BigInt(await systemBalance('fees')) - feesBefore).toBe(5_000_000n);
    expect(BigInt(await systemBalance('external_withdrawals')) - outBefore).toBe(95_000_000n);
    expect((await u.list())[0]).toMatchObject({
      state: 'completed',
      txHash: hash,
      confirmations: 12,
      fee: '5.000000',
      receive: '95.000000',
      completedAt: expect.any(Number),
    });
    const audit = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action FROM audit_log WHERE target_type = 'withdrawal' AND target_id = ${String(id)}`,
      ),
    );
    expect(audit.map((r) => r.action)).toEqual(['withdrawal.approve']);

    // A week on, with a withdrawal sent to this address, a small one passes the rules alone (audited as theirs).
    await advance(8 * DAY_MS);
    const auto = await withdraw(u, '50');
    expect(auto.state).toBe('approved');
    const rules = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT operator_email FROM audit_log WHERE target_type = 'withdrawal' AND target_id = ${String(await internalId(auto.id))}`,
      ),
    );
    expect(rules).toEqual([{ operator_email: 'system:withdrawal-rules' }]);
  });

  it('sends a large withdrawal to two different operators', async () => {
    const u = await withdrawer(t, '20000');
    const w = await withdraw(u, '15000');
    const id = await internalId(w.id);
    const first = await decide(id, { approve: true });
    expect(first.data).toMatchObject({ state: 'processing', review: 'four_eyes', approvalsNeeded: 2 });
    expect(first.data.riskFlags).toContain('large_amount');
    expect((await decide(id, { approve: true })).code).toBe(code('APPROVAL_SAME_OPERATOR'));
    expect((await decide(id, { approve: true }, admin)).data).toMatchObject({
      state: 'approved',
      approvedBy: [expect.any(String), expect.any(String)],
    });
  });

  it('a rejection needs a reason, returns the escrow and shows the reason and note to the user', async () => {
    const u = await withdrawer();
    const w = await withdraw(u, '300');
    const id = await internalId(w.id);
    expect((await decide(id, { approve: false })).code).toBe(code('WITHDRAW_REASON_REQUIRED'));
    expect((await decide(id, { approve: false, reason: 'address_risk', note: 'Please call us' })).data).toMatchObject({
      state: 'rejected',
    });
    expect(await u.balances()).toEqual({ currency: '1000000000', currency_frozen: '0' });
    expect((await u.list())[0]).toMatchObject({
      state: 'rejected',
      reason: 'address_risk',
      note: 'Please call us',
      cancellable: false,
    });
    const told = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT kind, params FROM user_notifications WHERE user_id = ${u.userId} AND kind LIKE 'withdrawal.%'`,
      ),
    );
    expect(told).toEqual([
      {
        kind: 'withdrawal.rejected',
        params: { id: w.id, currency: 'USDT', amount: '300.000000', reason: 'address_risk', note: 'Please call us' },
      },
    ]);
  });

  it('the user cancels one still processing; a failed one comes back too', async () => {
    const u = await withdrawer();
    const w = await withdraw(u, '100');
    expect((await u.cancel(w.id)).data).toMatchObject({ state: 'cancelled', cancellable: false });
    expect((await u.cancel(w.id)).code).toBe(code('WITHDRAWAL_NOT_CANCELLABLE'));
    expect((await u.cancel(crypto.randomUUID())).code).toBe(code('WITHDRAWAL_NOT_FOUND'));
    const other = await withdrawer();
    expect((await other.cancel(w.id)).code).toBe(code('WITHDRAWAL_NOT_FOUND'));

    const w2 = await withdraw(u, '200');
    const id = await internalId(w2.id);
    await decide(id, { approve: true });
    await t.app.withdrawals.fail(id, 'reverted on chain');
    await t.app.withdrawals.fail(id, 'reverted on chain'); // once
    expect((await u.list())[0]).toMatchObject({ state: 'failed', note: 'reverted on chain' });
    expect(await u.balances()).toEqual({ currency: '1000000000', currency_frozen: '0' });

    const w3 = await withdraw(u, '20');
    const w4 = await withdraw(u, '30');
    expect(await t.app.withdrawals.cancelAllProcessing(u.userId, 'frozen by the user')).toBe(2);
    expect((await u.list()).filter((x) => [w3.id, w4.id].includes(x.id)).map((x) => x.state)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await u.balances()).toEqual({ currency: '1000000000', currency_frozen: '0' });
  });
});

describe('bad input answers its code and moves nothing', () => {
  it('refuses each with its catalogued code', async () => {
    const u = await withdrawer();
    const other = await withdrawer();
    const before = await u.balances();
    const expectCode = async (p: Promise<{ code: number; msg: string }>, key: keyof typeof ERRORS) => {
      const r = await p;
      expect(r.code, `${key}: ${r.msg}`).toBe(code(key));
    };
    await expectCode(u.create('100', { addressId: crypto.randomUUID() }), 'ADDRESS_NOT_FOUND');
    await expectCode(u.create('100', { addressId: other.addressId }), 'ADDRESS_NOT_FOUND');
    // A saved address of another coin or chain is not one of this coin's.
    const eth = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS_2, fundPassword: FUND },
      { token: u.token },
    );
    await expectCode(u.create('100', { addressId: eth.data.id }), 'ADDRESS_NOT_FOUND');
    await expectCode(u.create('100', { chainType: 'tron' }), 'WITHDRAW_NOT_AVAILABLE');
    const tron = await t.post(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: TRON_ADDRESS, fundPassword: FUND },
      { token: u.token },
    );
    expect(tron.code).toBe(code('ADDRESS_INVALID')); // a wrong-chain address is never saved
    await expectCode(u.create('19.99'), 'WITHDRAW_BELOW_MIN');
    await expectCode(u.create('100000.01'), 'WITHDRAW_ABOVE_MAX');
    await expectCode(
      u.create('0.01000000001', { currency: 'ETH', addressId: eth.data.id }),
      'WITHDRAW_AMOUNT_PRECISION',
    );
    await expectCode(u.create('1000.01'), 'BALANCE_NOT_ENOUGH');
    await expectCode(u.create('-5'), 'AMOUNT_INVALID');
    await expectCode(u.create('abc'), 'AMOUNT_INVALID');
    await expectCode(
      t.post(
        API.userWithdraw.create,
        { currency: 'USDT', chainType: 'ethereum', addressId: u.addressId, amount: '100' },
        { token: u.token, headers: { typeUser: 'demo' } },
      ),
      'WITHDRAW_REAL_ONLY',
    );

    const quote = (await u.create('100')).data;
    await expectCode(u.confirm(quote.quoteId, 'wrong-one'), 'FUND_PASSWORD_INCORRECT');
    await expectCode(other.confirm(quote.quoteId), 'WITHDRAW_QUOTE_INVALID');
    await expectCode(u.confirm('no-such-quote'), 'WITHDRAW_QUOTE_INVALID');
    t.clock.advance(121_000);
    await expectCode(u.confirm(quote.quoteId), 'WITHDRAW_QUOTE_EXPIRED');
    expect(await u.balances()).toEqual(before);

    // Confirmed twice: the second without the key is refused, with the key it answers the first result.
    const q2 = (await u.create('100')).data;
    const first = await u.confirm(q2.quoteId, FUND, 'key-1');
    expect(first.code).toBe(0);
    expect(await u.confirm(q2.quoteId, FUND, 'key-1')).toMatchObject({ code: 0, data: first.data });
    await expectCode(u.confirm(q2.quoteId), 'WITHDRAW_QUOTE_USED');
    expect((await u.list()).length).toBe(1);
    await u.cancel(first.data.id);

    // The daily limit counts what is on its way, not what came back.
    await t.post(
      ADMIN_API.withdrawals.updateSetting,
      {
        currency: 'USDT',
        chainType: 'ethereum',
        fee: '5',
        minAmount: '20',
        maxAmount: '500',
        dailyLimit: '700',
        enabled: true,
      },
      { token: admin },
    );
    await withdraw(u, '500');
    const limited = await u.create('250');
    expect(limited.code).toBe(code('WITHDRAW_DAILY_LIMIT'));
    expect(limited.msg).toContain('200');
    await advance(DAY_MS);
    // A day past its expiry, a quote nobody confirmed is removed; a confirmed one stays (its withdrawal names it).
    await t.app.withdrawals.purgeQuotes();
    expect(
      rowsOf(
        await t.ctx.db.execute(sql`SELECT id FROM withdraw_quotes WHERE id IN (${quote.quoteId}, ${q2.quoteId})`),
      ).map((r) => r.id),
    ).toEqual([q2.quoteId]);
    expect((await u.create('250')).code).toBe(0);
    await t.post(
      ADMIN_API.withdrawals.updateSetting,
      {
        currency: 'USDT',
        chainType: 'ethereum',
        fee: '5',
        minAmount: '20',
        maxAmount: '100000',
        dailyLimit: '200000',
        enabled: true,
      },
      { token: admin },
    );
  });

  it('pauses withdrawals after a security change, and stops them when frozen', async () => {
    const u = await withdrawer();
    const quote = (await u.create('100')).data;
    await t.ctx.db.execute(
      sql`UPDATE users SET security_changed_at = ${t.clock.now().toISOString()}, security_change = 'fund_password' WHERE id = ${u.userId}`,
    );
    const paused = await u.create('100');
    expect(paused.code).toBe(code('WITHDRAW_SECURITY_LOCK'));
    expect((await u.confirm(quote.quoteId)).code).toBe(code('WITHDRAW_SECURITY_LOCK'));
    const until = t.clock.now().getTime() + DAY_MS;
    expect((await u.fee()).data).toMatchObject({ lockedUntil: until, lockReason: 'fund_password' });
    await advance(DAY_MS);
    expect((await u.create('100')).code).toBe(0);
    await t.ctx.db.execute(sql`UPDATE users SET withdrawals_frozen_at = now() WHERE id = ${u.userId}`);
    expect((await u.create('100')).code).toBe(code('WITHDRAW_FROZEN'));
    expect((await u.fee()).data.frozen).toBe(true);
    expect(await u.balances()).toEqual({ currency: '1000000000' });
  });

  it('refuses a withdrawal to an address still on hold, saying until when', async () => {
    const held = await appWith({ WITHDRAW_ADDRESS_HOLD_HOURS: '24' });
    try {
      const u = await withdrawer(held);
      const r = await u.create('100');
      expect(r.code).toBe(code('WITHDRAW_ADDRESS_HOLDING'));
      expect(r.msg).toContain(new Date(held.clock.now().getTime() + DAY_MS).toISOString());
    } finally {
      await held.close();
    }
  });

  it('counts wrong fund passwords at confirm and locks like the login', async () => {
    const locking = await appWith({ FUND_PASSWORD_MAX_FAILURES: '3' });
    try {
      const u = await withdrawer(locking);
      const quote = (await u.create('100')).data;
      for (let i = 0; i < 3; i++)
        expect((await u.confirm(quote.quoteId, 'wrong')).code).toBe(code('FUND_PASSWORD_INCORRECT'));
      expect((await u.confirm(quote.quoteId)).code).toBe(code('FUND_PASSWORD_LOCKED'));
      expect(await u.balances()).toEqual({ currency: '1000000000' });
    } finally {
      await locking.close();
    }
  });
});

describe('races', () => {
  it('of 50 confirms at once, each spending the whole balance, exactly one escrows', async () => {
    const u = await withdrawer(t, '1000');
    const quotes = await Promise.all(Array.from({ length: 50 }, () => u.create('1000')));
    const answers = await Promise.all(quotes.map((q) => u.confirm(q.data.quoteId)));
    const won = answers.filter((a) => a.code === 0);
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 0).map((a) => a.code))).toEqual(
      new Set([code('BALANCE_NOT_ENOUGH')]),
    );
    expect(await u.balances()).toEqual({ currency: '0', currency_frozen: '1000000000' });
  });

  it('one quote confirmed 20 times at once with one key: one withdrawal, every answer the same', async () => {
    const u = await withdrawer();
    const quote = (await u.create('100')).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => u.confirm(quote.quoteId, FUND, 'same-key')));
    expect(answers.every((a) => a.code === 0 && a.data.id === answers[0]!.data.id)).toBe(true);
    expect(await u.list()).toHaveLength(1);
    expect(await u.balances()).toEqual({ currency: '900000000', currency_frozen: '100000000' });
  });

  it('two operators approving a four-eyes withdrawal at once both count; two rejecting at once return it once', async () => {
    const u = await withdrawer(t, '40000');
    const w = await withdraw(u, '15000');
    const id = await internalId(w.id);
    const both = await Promise.all([decide(id, { approve: true }), decide(id, { approve: true }, finance2)]);
    expect(both.map((b) => b.code)).toEqual([0, 0]);
    expect((await u.list())[0]!.state).toBe('approved');
    const w2 = await withdraw(u, '15000');
    const id2 = await internalId(w2.id);
    const rejects = await Promise.all([
      decide(id2, { approve: false, reason: 'other' }),
      decide(id2, { approve: false, reason: 'other' }, finance2),
    ]);
    expect(rejects.map((r) => r.code).sort()).toEqual([0, code('WITHDRAWAL_ALREADY_DECIDED')].sort());
    expect(await u.balances()).toEqual({ currency: '25000000000', currency_frozen: '15000000000' });
  });
});

describe('fee settings', () => {
  it('an admin changes a fee (audited); finance may only read; an incoherent setting is refused', async () => {
    const list = (
      await t.call<WithdrawSettingRow[]>('GET', ADMIN_API.withdrawals.settings, undefined, { token: finance })
    ).data;
    expect(list.find((r) => r.currency === 'USDT' && r.chainType === 'ethereum')).toMatchObject({
      fee: '5.000000',
      signer: true,
      enabled: true,
    });
    expect(list.find((r) => r.currency === 'USDT' && r.chainType === 'tron')).toMatchObject({ signer: false });
    const body = {
      currency: 'USDT',
      chainType: 'ethereum',
      fee: '3',
      minAmount: '20',
      maxAmount: '100000',
      dailyLimit: '200000',
      enabled: true,
    };
    expect((await t.post(ADMIN_API.withdrawals.updateSetting, body, { token: finance })).code).toBe(
      code('OPERATOR_ROLE_FORBIDDEN'),
    );
    expect((await t.post(ADMIN_API.withdrawals.updateSetting, { ...body, fee: '20' }, { token: admin })).code).toBe(
      code('WITHDRAW_SETTING_INVALID'),
    );
    const saved = await t.post<WithdrawSettingRow>(ADMIN_API.withdrawals.updateSetting, body, { token: admin });
    expect(saved.data).toMatchObject({ fee: '3.000000', updatedBy: expect.stringContaining('@') });
    const u = await withdrawer();
    expect((await u.create('100')).data).toMatchObject({ fee: '3.000000', receive: '97.000000' });
    const audit = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT before->>'fee' AS b, after->>'fee' AS a FROM audit_log WHERE action = 'withdraw_setting.update' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit).toEqual([{ b: '5.000000', a: '3.000000' }]);
    await t.post(ADMIN_API.withdrawals.updateSetting, { ...body, fee: '5' }, { token: admin });
  });
});
