import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  DAY_MS,
  ERRORS,
  assetOf,
  financingAccrual,
  formatAmount,
  parseAmount,
  parseRate,
  type AdminFinancingProduct,
  type AdminSubscription,
  type FinancingEstimate,
  type FinancingProduct,
  type FinancingSubscription,
  type FinancingSubscriptionPage,
  type RedeemResult,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type ApiAnswer, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';
import { creditBackStage } from '../deposits';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const usdt = assetOf('USDT')!;
const minor = (text: string) => parseAmount(text, usdt.scale)!;
const fmt = (v: bigint) => formatAmount(v, usdt.scale);
const key = () => crypto.randomUUID();
type Mode = 'real' | 'demo';

let t: TestApp;
let ops: TestOperator[];
let finance: string;
let admin: string;
let support: string;
const signIn = async () => {
  finance = await operatorLogin(t, ops[0]!);
  admin = await operatorLogin(t, ops[1]!);
  support = await operatorLogin(t, ops[2]!);
};

beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SCRYPT_COST: '1024',
      SESSION_IDLE_MINUTES: '525600',
      SESSION_MAX_DAYS: '3650',
    },
  });
  ops = [await createOperator(t, 'finance'), await createOperator(t, 'admin'), await createOperator(t, 'support')];
});
// Operators' sessions end after idle minutes, and tests move the clock by days: each test signs them in again.
beforeEach(signIn);
// Closing checks every ledger invariant on this file's database.
afterAll(() => t.close());

/** A product body for the back office, starting now, for a year. */
function productBody(over: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return {
    name: `Test ${crypto.randomBytes(3).toString('hex')}`,
    currency: 'USDT',
    terms: [{ days: 30, annualRate: '0.05' }],
    minAmount: '10',
    maxAmount: '10000',
    quota: '1000000',
    saleStart: now - 1000,
    saleEnd: now + 400 * DAY_MS,
    earlyRedemption: 'forfeit',
    enabled: true,
    ...over,
  };
}
const save = (body: Record<string, unknown>, token = finance) =>
  t.post<AdminFinancingProduct>(ADMIN_API.financing.saveProduct, body, { token });
async function newProduct(over: Record<string, unknown> = {}): Promise<AdminFinancingProduct> {
  const res = await save(productBody(over));
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** A user with `funds` USDT in the financing account of `mode`. */
async function investor(funds = '10000', mode: Mode = 'real') {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  const opts = { token: u.token, headers: { typeUser: mode } };
  if (mode === 'real' && funds !== '0')
    await creditBackStage(t.money, { userId, asset: usdt, amount: minor(funds), note: null, operator: 'test' });
  if (funds !== '0') {
    const moved = await t.post(
      API.account.transferAsset,
      { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: funds },
      opts,
    );
    expect(moved.code, moved.msg).toBe(0);
  }
  const withHeaders = (h: Record<string, string>) => ({ ...opts, headers: { ...opts.headers, ...h } });
  const self = {
    ...u,
    userId,
    mode,
    opts,
    estimate: (productId: string, days: number, amount: string) =>
      t.call<FinancingEstimate>(
        'GET',
        `${API.product.estimatedAmount}?productId=${productId}&days=${days}&amount=${amount}`,
        undefined,
        opts,
      ),
    buy: (token: string, idem: string | null = key()) =>
      t.call<FinancingSubscription>(
        'GET',
        `${API.product.buyFinanceProduct}?token=${encodeURIComponent(token)}`,
        undefined,
        idem === null ? opts : withHeaders({ 'idempotency-key': idem }),
      ),
    /** Estimate then buy; the estimate's figures and the subscription. */
    subscribe: async (productId: string, days: number, amount: string) => {
      const est = await self.estimate(productId, days, amount);
      expect(est.code, est.msg).toBe(0);
      const sub = await self.buy(est.data.token);
      expect(sub.code, sub.msg).toBe(0);
      return { est: est.data, sub: sub.data };
    },
    list: async (query = '') =>
      (await t.call<FinancingSubscriptionPage>('GET', `${API.product.userProductList}${query}`, undefined, opts)).data,
    redeem: (id: string, preview?: boolean, idem?: string) =>
      t.post<RedeemResult>(
        API.product.redeem,
        preview === undefined ? { id } : { id, preview },
        idem ? withHeaders({ 'idempotency-key': idem }) : opts,
      ),
    balances: async () => {
      const rows = rowsOf(
        await t.ctx.db.execute(sql`SELECT kind, balance::text AS b FROM ledger_accounts
        WHERE user_id = ${userId} AND mode = ${mode} AND asset = 'USDT' AND kind IN ('financing', 'financing_frozen')`),
      );
      const b = Object.fromEntries(rows.map((r) => [String(r.kind), BigInt(String(r.b))]));
      return { financing: b.financing ?? 0n, frozen: b.financing_frozen ?? 0n };
    },
  };
  return self;
}

const productRow = async (publicId: string) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT sold::text AS sold, quota::text AS quota FROM financing_products WHERE public_id = ${publicId}`,
    ),
  )[0]!;
const ledgerKinds = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`SELECT DISTINCT t.kind FROM ledger_transactions t
  JOIN ledger_postings e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = ${userId} ORDER BY t.kind`),
  ).map((r) => String(r.kind));

describe('the catalogue', () => {
  it('starts with the seeded USDT products, their durations and rates', async () => {
    const list = await t.call<FinancingProduct[]>('GET', API.product.productList);
    expect(list.code).toBe(0);
    const names = list.data.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['USDT 7 days', 'USDT 30/90 days', 'USDT 14 days, redeem any time']));
    const p30 = list.data.find((p) => p.name === 'USDT 30/90 days')!;
    expect(p30).toMatchObject({
      currency: 'USDT',
      terms: [
        { days: 30, annualRate: '0.04' },
        { days: 90, annualRate: '0.05' },
      ],
      earlyRedemption: 'forfeit',
      onSale: true,
    });
    expect(p30.remaining).toBe(p30.quota);
    const times = await t.call<{ days: number; minRate: string; maxRate: string; products: number }[]>(
      'GET',
      API.manageRate.listTime,
    );
    expect(times.data.map((x) => x.days)).toEqual(expect.arrayContaining([7, 14, 30, 90]));
    const rate = await t.call('GET', `${API.manageRate.getProfitRate}?productId=${p30.id}&days=90`);
    expect(rate.data).toEqual({ productId: p30.id, days: 90, annualRate: '0.05' });
    expect((await t.call('GET', `${API.manageRate.getProfitRate}?productId=${p30.id}&days=31`)).code).toBe(
      code('TERM_NOT_OFFERED'),
    );
    expect((await t.call('GET', `${API.manageRate.getProfitRate}?productId=${crypto.randomUUID()}&days=30`)).code).toBe(
      code('PRODUCT_NOT_FOUND'),
    );
    // Seeding happens once: a second list (or a restart) does not add them again.
    const again = await t.call<FinancingProduct[]>('GET', API.product.productList);
    expect(again.data.filter((p) => p.name === 'USDT 7 days')).toHaveLength(1);
  });

  it("names each product in the request's language, English where it has no name there", async () => {
    const named = async (lang: string) =>
      new Map(
        (await t.call<FinancingProduct[]>('GET', API.product.productList, undefined, { lang })).data.map((p) => [
          p.id,
          p.name,
        ]),
      );
    const seeded = (await t.call<FinancingProduct[]>('GET', API.product.productList)).data.find(
      (p) => p.name === 'USDT 14 days, redeem any time',
    )!;
    expect((await named('ja')).get(seeded.id)).toBe('USDT 14日間・いつでも解約可');
    expect((await named('zh-HK')).get(seeded.id)).toBe('USDT 14天，隨時贖回');
    expect((await named('de')).get(seeded.id)).toBe('USDT 14 Tage, jederzeit einlösbar');

    // An operator's product: English required, the others optional (blank ones are left out).
    const p = await newProduct({ name: 'Stable 30', names: { ja: ' 安定30 ', fr: '  ' } });
    expect(p).toMatchObject({ name: 'Stable 30', names: { ja: '安定30' } });
    expect((await named('ja')).get(p.id)).toBe('安定30');
    expect((await named('fr')).get(p.id)).toBe('Stable 30');
    expect((await named('en')).get(p.id)).toBe('Stable 30');
    expect((await save(productBody({ names: { en: 'Twice' } }))).code).toBe(code('INVALID_PARAMETER'));
    expect((await save(productBody({ names: { xx: 'Unknown' } }))).code).toBe(code('INVALID_PARAMETER'));
    expect((await save(productBody({ names: { de: 'x'.repeat(61) } }))).code).toBe(code('INVALID_PARAMETER'));

    // A subscription keeps the names it was made with, read in the request's language.
    const u = await investor('100');
    const { sub } = await u.subscribe(p.id, 30, '100');
    expect(sub.productName).toBe('Stable 30');
    const renamed = await save({ ...productBody({ name: 'Stable 30 B', names: { ja: '安定30 B' } }), id: p.id });
    expect(renamed.code, renamed.msg).toBe(0);
    const listed = async (lang: string) =>
      (
        await t.call<FinancingSubscriptionPage>('GET', API.product.userProductList, undefined, {
          ...u.opts,
          lang,
        })
      ).data.items[0]!.productName;
    expect(await listed('ja')).toBe('安定30');
    expect(await listed('ko')).toBe('Stable 30');
    expect((await named('ja')).get(p.id)).toBe('安定30 B');
  });

  it('checks the estimate: product, duration, amount, quota; not the balance', async () => {
    const u = await investor('0');
    const p = await newProduct({ minAmount: '100', maxAmount: '500', quota: '1000' });
    expect((await u.estimate(p.id, 31, '100')).code).toBe(code('TERM_NOT_OFFERED'));
    expect((await u.estimate(p.id, 30, '99.999999')).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await u.estimate(p.id, 30, '500.000001')).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await u.estimate(p.id, 30, '1.0000001')).code).toBe(code('AMOUNT_INVALID'));
    expect((await u.estimate(p.id, 30, '-5')).code).toBe(code('AMOUNT_INVALID'));
    expect((await u.estimate(crypto.randomUUID(), 30, '100')).code).toBe(code('PRODUCT_NOT_FOUND'));
    // No balance needed to see the figures; buying them needs it.
    const est = await u.estimate(p.id, 30, '100');
    expect(est.code).toBe(0);
    expect(est.data.interest).toBe(fmt(financingAccrual(minor('100'), parseRate('0.05')!, 30)));
    expect((await u.buy(est.data.token)).code).toBe(code('BALANCE_NOT_ENOUGH'));
    // The failed buy spent nothing: the token still works once there is money.
    await creditBackStage(t.money, {
      userId: u.userId,
      asset: usdt,
      amount: minor('100'),
      note: null,
      operator: 'test',
    });
    await t.post(
      API.account.transferAsset,
      { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: '100' },
      u.opts,
    );
    expect((await u.buy(est.data.token)).code).toBe(0);

    const later = await newProduct({ saleStart: t.clock.now().getTime() + DAY_MS });
    expect((await u.estimate(later.id, 30, '100')).code).toBe(code('PRODUCT_NOT_ON_SALE'));
    const off = await newProduct({ enabled: false });
    expect((await u.estimate(off.id, 30, '100')).code).toBe(code('PRODUCT_NOT_FOUND'));
    expect((await t.call<FinancingProduct[]>('GET', API.product.productList)).data.some((x) => x.id === off.id)).toBe(
      false,
    );
  });
});

describe('subscribing', () => {
  it('moves the amount to the frozen balance and records what the estimate showed', async () => {
    const u = await investor('5000');
    const p = await newProduct({
      terms: [
        { days: 30, annualRate: '0.04' },
        { days: 90, annualRate: '0.05' },
      ],
    });
    const est = await u.estimate(p.id, 90, '1234.56');
    expect(est.code).toBe(0);
    const now = t.clock.now().getTime();
    expect(est.data.tokenExpiresAt).toBeLessThanOrEqual(
      Math.min(now + 300_000, (Math.floor(now / DAY_MS) + 1) * DAY_MS),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `${API.product.buyFinanceProduct}?token=${est.data.token}`,
      headers: { token: u.token, 'idempotency-key': key() },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const sub = (res.json() as ApiAnswer<FinancingSubscription>).data;
    expect(sub).toMatchObject({
      productId: p.id,
      productName: p.name,
      currency: 'USDT',
      amount: '1234.560000',
      days: 90,
      annualRate: '0.05',
      estimatedInterest: est.data.interest,
      accruedInterest: '0.000000',
      paidInterest: null,
      accrualStart: est.data.accrualStart,
      expiresAt: est.data.maturesAt,
      endedAt: null,
      state: 'during',
      earlyRedemption: 'forfeit',
    });
    expect(await u.balances()).toEqual({ financing: minor('5000') - minor('1234.56'), frozen: minor('1234.56') });
    expect(await ledgerKinds(u.userId)).toContain('financing_subscribe');
    expect((await productRow(p.id)).sold).toBe(String(minor('1234.56')));
    const list = await u.list();
    expect(list.items[0]).toEqual(sub);
    expect(list.holding).toEqual([{ currency: 'USDT', amount: '1234.560000', estimatedInterest: est.data.interest }]);
  });

  it('needs an Idempotency-Key; a replay answers the first result and moves once', async () => {
    const u = await investor('1000');
    const p = await newProduct();
    const est = (await u.estimate(p.id, 30, '100')).data;
    expect((await u.buy(est.token, null)).code).toBe(code('IDEMPOTENCY_KEY_REQUIRED'));
    const k = key();
    const first = await u.buy(est.token, k);
    expect(first.code).toBe(0);
    const again = await u.buy(est.token, k);
    expect(again).toEqual(first);
    expect(await u.balances()).toEqual({ financing: minor('900'), frozen: minor('100') });
    // Another key: the token is spent.
    expect((await u.buy(est.token)).code).toBe(code('FINANCING_TOKEN_USED'));
    // The same key with another token is a reused key, not a replay.
    const est2 = (await u.estimate(p.id, 30, '100')).data;
    expect((await u.buy(est2.token, k)).code).toBe(code('IDEMPOTENCY_KEY_REUSED'));
    expect((await u.list()).total).toBe(1);
  });

  it('refuses a token of another user, another mode, expired or made up', async () => {
    const u = await investor('1000');
    const other = await investor('1000');
    const p = await newProduct();
    const est = (await u.estimate(p.id, 30, '100')).data;
    expect((await other.buy(est.token)).code).toBe(code('FINANCING_TOKEN_INVALID'));
    const demoOpts = { token: u.token, headers: { typeUser: 'demo', 'idempotency-key': key() } };
    expect((await t.call('GET', `${API.product.buyFinanceProduct}?token=${est.token}`, undefined, demoOpts)).code).toBe(
      code('FINANCING_TOKEN_INVALID'),
    );
    expect((await u.buy('x'.repeat(43))).code).toBe(code('FINANCING_TOKEN_INVALID'));
    expect((await u.buy('short')).code).toBe(code('FINANCING_TOKEN_INVALID'));
    const stale = (await u.estimate(p.id, 30, '100')).data;
    t.clock.advance(stale.tokenExpiresAt - t.clock.now().getTime());
    expect((await u.buy(stale.token)).code).toBe(code('FINANCING_TOKEN_INVALID'));
    // The first is still the user's to spend, if still valid; it expired with the clock too.
    expect((await u.buy(est.token)).code).toBe(code('FINANCING_TOKEN_INVALID'));
    expect(await u.balances()).toEqual({ financing: minor('1000'), frozen: 0n });
  });

  it('20 concurrent buys with one token subscribe once', async () => {
    const u = await investor('1000');
    const p = await newProduct();
    const est = (await u.estimate(p.id, 30, '100')).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => u.buy(est.token)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === code('FINANCING_TOKEN_USED'))).toBe(true);
    expect(await u.balances()).toEqual({ financing: minor('900'), frozen: minor('100') });
  });

  it('a quota taken by 20 concurrent subscribers sells exactly the quota', async () => {
    const p = await newProduct({ minAmount: '100', maxAmount: '100', quota: '1000' });
    const users = await Promise.all(Array.from({ length: 20 }, () => investor('100')));
    const tokens = await Promise.all(users.map(async (u) => (await u.estimate(p.id, 30, '100')).data.token));
    const answers = await Promise.all(users.map((u, i) => u.buy(tokens[i]!)));
    const won = answers.filter((a) => a.code === 0);
    expect(won).toHaveLength(10);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === code('QUOTA_EXHAUSTED'))).toBe(true);
    const row = await productRow(p.id);
    expect(row.sold).toBe(row.quota);
    const [sum] = rowsOf(
      await t.ctx.db.execute(sql`SELECT sum(s.amount)::text AS s FROM financing_subscriptions s
      JOIN financing_products p ON p.id = s.product_id WHERE p.public_id = ${p.id}`),
    );
    expect(sum!.s).toBe(row.quota);
    // Losers kept their money; the product is no longer on sale.
    for (const [i, u] of users.entries())
      expect((await u.balances()).frozen).toBe(answers[i]!.code === 0 ? minor('100') : 0n);
    const listed = (await t.call<FinancingProduct[]>('GET', API.product.productList)).data.find((x) => x.id === p.id)!;
    expect(listed).toMatchObject({ remaining: '0.000000', onSale: false });
    expect((await users[0]!.estimate(p.id, 30, '100')).code).toBe(code('PRODUCT_NOT_ON_SALE'));
  });
});

describe('maturity', () => {
  it('pays principal and the estimated interest once, with the fake clock', async () => {
    const u = await investor('2000');
    const p = await newProduct({ terms: [{ days: 30, annualRate: '0.04' }] });
    const { est, sub } = await u.subscribe(p.id, 30, '1000');
    await t.app.financing.runOnce();
    expect((await u.list()).items[0]!.state).toBe('during');
    // One millisecond before maturity: not yet.
    t.clock.advance(est.maturesAt - t.clock.now().getTime() - 1);
    await t.app.financing.runOnce();
    const during = (await u.list()).items[0]!;
    expect(during.state).toBe('during');
    expect(during.accruedInterest).toBe(fmt(financingAccrual(minor('1000'), parseRate('0.04')!, 29)));
    t.clock.advance(1);
    expect(await t.app.financing.runOnce()).toBeGreaterThanOrEqual(1);
    const ended = (await u.list()).items.find((s) => s.id === sub.id)!;
    expect(ended).toMatchObject({ state: 'expired', paidInterest: est.interest, endedAt: est.maturesAt });
    expect(await u.balances()).toEqual({ financing: minor('2000') + minor(est.interest), frozen: 0n });
    expect(await ledgerKinds(u.userId)).toContain('financing_mature');
    expect(await t.app.financing.runOnce()).toBe(0);
    expect(await u.balances()).toEqual({ financing: minor('2000') + minor(est.interest), frozen: 0n });
  });

  it('after downtime pays every due subscription once, as of its maturity', async () => {
    const u = await investor('5000');
    const p = await newProduct({
      terms: [
        { days: 7, annualRate: '0.02' },
        { days: 30, annualRate: '0.04' },
        { days: 90, annualRate: '0.06' },
      ],
    });
    const subs = [
      await u.subscribe(p.id, 7, '1000'),
      await u.subscribe(p.id, 30, '1000.5'),
      await u.subscribe(p.id, 90, '333.333333'),
    ];
    // The engine was down for 200 days; then two runners start, one in small batches.
    t.clock.advance(200 * DAY_MS);
    const [a, b] = await Promise.all([t.app.financing.runOnce(1), t.app.financing.runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(3);
    expect(await t.app.financing.runOnce()).toBe(0);
    const items = (await u.list()).items;
    let interest = 0n;
    for (const { est, sub } of subs) {
      const got = items.find((s) => s.id === sub.id)!;
      expect(got).toMatchObject({ state: 'expired', paidInterest: est.interest });
      interest += minor(est.interest);
    }
    expect(await u.balances()).toEqual({ financing: minor('5000') + interest, frozen: 0n });
    const [mature] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM financing_subscriptions WHERE user_id = ${u.userId} AND end_tx_id IS NOT NULL`,
      ),
    );
    expect(mature!.n).toBe(3);
  });
});

describe('early redemption', () => {
  it('forfeit: the principal back, no interest, the quota not given back', async () => {
    const u = await investor('1000');
    const p = await newProduct({ earlyRedemption: 'forfeit' });
    const { est, sub } = await u.subscribe(p.id, 30, '500');
    t.clock.advance(3 * DAY_MS);
    const preview = await u.redeem(sub.id, true);
    expect(preview.data).toMatchObject({
      principal: '500.000000',
      interest: '0.000000',
      forfeited: est.interest,
      done: false,
    });
    expect(await u.balances()).toEqual({ financing: minor('500'), frozen: minor('500') });
    const k = key();
    const done = await u.redeem(sub.id, false, k);
    expect(done.data).toMatchObject({
      principal: '500.000000',
      interest: '0.000000',
      forfeited: est.interest,
      done: true,
    });
    expect(done.data.subscription).toMatchObject({ state: 'canceled', paidInterest: '0.000000' });
    expect(await u.redeem(sub.id, false, k)).toEqual(done);
    expect((await u.redeem(sub.id)).code).toBe(code('SUBSCRIPTION_ENDED'));
    expect(await u.balances()).toEqual({ financing: minor('1000'), frozen: 0n });
    expect(await ledgerKinds(u.userId)).toContain('financing_redeem');
    // Both of its ledger transactions name the subscription.
    const named = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT kind FROM ledger_transactions WHERE reference = ${`financing:${sub.id}`} ORDER BY id`,
      ),
    );
    expect(named.map((r) => r.kind)).toEqual(['financing_subscribe', 'financing_redeem']);
    expect((await productRow(p.id)).sold).toBe(String(minor('500')));
    // Nothing left for the job.
    t.clock.advance(40 * DAY_MS);
    await t.app.financing.runOnce();
    expect(await u.balances()).toEqual({ financing: minor('1000'), frozen: 0n });
  });

  it('keep: the interest of the whole days earned, as the preview said', async () => {
    const u = await investor('1000');
    const p = await newProduct({ earlyRedemption: 'keep', terms: [{ days: 30, annualRate: '0.07' }] });
    const { est, sub } = await u.subscribe(p.id, 30, '999.99');
    // Accrual starts at the next 00:00 UTC; 5 whole days and a bit later:
    t.clock.advance(est.accrualStart - t.clock.now().getTime() + 5 * DAY_MS + 3_600_000);
    const earned = financingAccrual(minor('999.99'), parseRate('0.07')!, 5);
    const preview = await u.redeem(sub.id, true);
    expect(preview.data).toMatchObject({
      interest: fmt(earned),
      forfeited: fmt(minor(est.interest) - earned),
      done: false,
    });
    const done = await u.redeem(sub.id);
    expect(done.data).toMatchObject({ principal: '999.990000', interest: fmt(earned), done: true });
    expect(await u.balances()).toEqual({ financing: minor('1000') + earned, frozen: 0n });
  });

  it("none: refused before maturity; another user's subscription is not found", async () => {
    const u = await investor('1000');
    const p = await newProduct({ earlyRedemption: 'none' });
    const { sub } = await u.subscribe(p.id, 30, '100');
    expect((await u.redeem(sub.id, true)).code).toBe(code('REDEMPTION_NOT_ALLOWED'));
    expect((await u.redeem(sub.id)).code).toBe(code('REDEMPTION_NOT_ALLOWED'));
    const other = await investor('0');
    expect((await other.redeem(sub.id)).code).toBe(code('SUBSCRIPTION_NOT_FOUND'));
    expect((await u.redeem(crypto.randomUUID())).code).toBe(code('SUBSCRIPTION_NOT_FOUND'));
    expect(await u.balances()).toEqual({ financing: minor('900'), frozen: minor('100') });
  });
});

describe('the demo account', () => {
  it('subscribes and matures on the demo ledger only', async () => {
    const u = await investor('1000', 'demo');
    const p = await newProduct();
    const { est, sub } = await u.subscribe(p.id, 30, '1000');
    expect(await u.balances()).toEqual({ financing: 0n, frozen: minor('1000') });
    // The demo subscription is not in the real list, and a demo token is not the real account's.
    expect(
      (await t.call<FinancingSubscriptionPage>('GET', API.product.userProductList, undefined, { token: u.token })).data
        .total,
    ).toBe(0);
    const est2 = (await u.estimate(p.id, 30, '10')).data;
    expect(
      (
        await t.call('GET', `${API.product.buyFinanceProduct}?token=${est2.token}`, undefined, {
          token: u.token,
          headers: { 'idempotency-key': key() },
        })
      ).code,
    ).toBe(code('FINANCING_TOKEN_INVALID'));
    t.clock.advance(est.maturesAt - t.clock.now().getTime());
    await t.app.financing.runOnce();
    expect((await u.list()).items.find((s) => s.id === sub.id)!.state).toBe('expired');
    expect(await u.balances()).toEqual({ financing: minor('1000') + minor(est.interest), frozen: 0n });
  });
});

describe('the back office', () => {
  it('a product change never touches existing subscriptions', async () => {
    const u = await investor('1000');
    const p = await newProduct({ terms: [{ days: 30, annualRate: '0.05' }], earlyRedemption: 'keep' });
    const { est, sub } = await u.subscribe(p.id, 30, '600');
    const changed = await save({
      ...productBody({
        terms: [{ days: 60, annualRate: '0.10' }],
        earlyRedemption: 'none',
        minAmount: '700',
        maxAmount: '800',
        quota: '5000',
      }),
      id: p.id,
      name: p.name,
    });
    expect(changed.code, changed.msg).toBe(0);
    expect(changed.data).toMatchObject({
      terms: [{ days: 60, annualRate: '0.1' }],
      sold: '600.000000',
      activeCount: 1,
      activeAmount: '600.000000',
    });
    const kept = (await u.list()).items.find((s) => s.id === sub.id)!;
    expect(kept).toEqual({ ...sub, accruedInterest: kept.accruedInterest });
    expect(kept).toMatchObject({
      days: 30,
      annualRate: '0.05',
      earlyRedemption: 'keep',
      estimatedInterest: est.interest,
    });
    // New estimates use the new terms.
    expect((await u.estimate(p.id, 30, '700')).code).toBe(code('TERM_NOT_OFFERED'));
    const fresh = (await u.estimate(p.id, 60, '700')).data;
    expect(fresh.interest).toBe(fmt(financingAccrual(minor('700'), parseRate('0.1')!, 60)));
    // It still redeems by its own rule (keep), and matures at its own figures.
    expect((await u.redeem(sub.id, true)).code).toBe(0);
    t.clock.advance(est.maturesAt - t.clock.now().getTime());
    await t.app.financing.runOnce();
    expect((await u.list()).items.find((s) => s.id === sub.id)).toMatchObject({
      state: 'expired',
      paidInterest: est.interest,
    });
  });

  it('saves products audited, for admin and finance only, and checks them', async () => {
    expect((await save(productBody(), support)).code).toBe(code('OPERATOR_ROLE_FORBIDDEN'));
    expect((await t.call('GET', ADMIN_API.financing.products, undefined, { token: support })).code).toBe(
      code('OPERATOR_ROLE_FORBIDDEN'),
    );
    const created = await save(productBody({ name: 'Audited' }), admin);
    expect(created.code).toBe(0);
    const updated = await save(
      { ...productBody({ name: 'Audited 2', quota: '2000000' }), id: created.data.id },
      finance,
    );
    expect(updated.data).toMatchObject({ id: created.data.id, name: 'Audited 2', quota: '2000000.000000' });
    const audit = rowsOf(
      await t.ctx.db.execute(sql`SELECT action, operator_email, before, after FROM audit_log
      WHERE target_type = 'financing_product' AND target_id = (SELECT id::text FROM financing_products WHERE public_id = ${created.data.id}) ORDER BY id`),
    );
    expect(audit.map((a) => [a.action, a.operator_email])).toEqual([
      ['financing.product.create', ops[1]!.email],
      ['financing.product.update', ops[0]!.email],
    ]);
    expect(audit[1]!.before).toMatchObject({ name: 'Audited' });
    expect(audit[1]!.after).toMatchObject({ name: 'Audited 2' });

    expect((await save(productBody({ minAmount: '100', maxAmount: '10' }))).code).toBe(code('PRODUCT_SETTING_INVALID'));
    expect((await save(productBody({ maxAmount: '100', quota: '10' }))).code).toBe(code('PRODUCT_SETTING_INVALID'));
    expect((await save(productBody({ saleEnd: 1000, saleStart: 2000 }))).code).toBe(code('PRODUCT_SETTING_INVALID'));
    expect(
      (
        await save(
          productBody({
            terms: [
              { days: 30, annualRate: '0.1' },
              { days: 30, annualRate: '0.2' },
            ],
          }),
        )
      ).code,
    ).toBe(code('PRODUCT_SETTING_INVALID'));
    expect((await save(productBody({ terms: [{ days: 30, annualRate: '11' }] }))).code).toBe(code('RATE_INVALID'));
    expect((await save(productBody({ terms: [{ days: 30, annualRate: '0.123456789' }] }))).code).toBe(
      code('RATE_INVALID'),
    );
    expect((await save(productBody({ currency: 'NOPE' }))).code).toBe(code('ASSET_UNKNOWN'));
    expect((await save(productBody({ minAmount: '1.0000001' }))).code).toBe(code('AMOUNT_INVALID'));
    expect((await save({ ...productBody(), id: crypto.randomUUID() })).code).toBe(code('PRODUCT_NOT_FOUND'));
    // The quota never below what is sold.
    const u = await investor('1000');
    await u.subscribe(created.data.id, 30, '500');
    expect((await save({ ...productBody({ quota: '499', maxAmount: '100' }), id: created.data.id })).code).toBe(
      code('PRODUCT_SETTING_INVALID'),
    );
  });

  it('lists products with their sales and subscriptions with their users', async () => {
    const u = await investor('1000');
    const p = await newProduct();
    const { sub } = await u.subscribe(p.id, 30, '250');
    const products = await t.call<AdminFinancingProduct[]>('GET', ADMIN_API.financing.products, undefined, {
      token: finance,
    });
    expect(products.data.find((x) => x.id === p.id)).toMatchObject({
      sold: '250.000000',
      activeCount: 1,
      activeAmount: '250.000000',
      enabled: true,
    });
    const [{ uid }] = rowsOf(await t.ctx.db.execute(sql`SELECT uid FROM users WHERE id = ${u.userId}`)) as [
      { uid: string },
    ];
    const subs = await t.call<{ items: AdminSubscription[]; total: number }>(
      'GET',
      `${ADMIN_API.financing.subscriptions}?uid=${uid}`,
      undefined,
      { token: admin },
    );
    expect(subs.data.total).toBe(1);
    expect(subs.data.items[0]).toMatchObject({ id: sub.id, uid, mode: 'real', state: 'during', amount: '250.000000' });
    const none = await t.call<{ items: AdminSubscription[]; total: number }>(
      'GET',
      `${ADMIN_API.financing.subscriptions}?uid=nobody`,
      undefined,
      { token: admin },
    );
    expect(none.data).toMatchObject({ items: [], total: 0 });
  });
});
