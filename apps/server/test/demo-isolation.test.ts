/**
 * Demo money never touches a real figure (issue 34, decision 0146): each shared counter, limit or
 * statistic the real account has is read before and after demo activity that would move it if it
 * were real, and must not change. One test per counter; docs/ledger.md "Demo accounts" lists them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  DAY_MS,
  ERRORS,
  assetOf,
  instrumentOf,
  parseAmount,
  type AdminDashboard,
  type AdminFinancingProduct,
  type AdminLoanList,
  type AdminLoanProduct,
  type AdminWithdrawalList,
  type ExchangeInfo,
  type FinancingEstimate,
  type FinancingProduct,
  type FinancingSubscription,
  type Loan,
  type LoanProduct,
  type WithdrawAddress,
  type WithdrawFeeInfo,
  type WithdrawQuote,
  type Withdrawal,
} from '@app/contract';
import { rowsOf } from '../src/db/client';
import { creditBackStage } from '../src/modules/deposits';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type TestApp } from './harness';
import { createOperator, operatorLogin, type TestOperator } from './operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const usdt = assetOf('USDT')!;
const minor = (text: string) => parseAmount(text, usdt.scale)!;
const FUND = 'fund-pass-1';
/** A well-known address that belongs to nobody here. */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
type Mode = 'real' | 'demo';

const ENV = {
  OTP_DAILY_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  SCRYPT_COST: '1024',
  SESSION_IDLE_MINUTES: '525600',
  SESSION_MAX_DAYS: '3650',
  WITHDRAW_ADDRESS_HOLD_HOURS: '0',
  WITHDRAW_FEE_FREE_MONTHS: '0',
  // Ethereum withdrawals have a signer (nothing is sent in these tests).
  ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
  WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
};

let t: TestApp;
let ops: TestOperator[];
let compliance: string;
let finance: string;
let admin: string;
const signIn = async () => {
  compliance = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
  admin = await operatorLogin(t, ops[2]!);
};
beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  ops = [await createOperator(t, 'compliance'), await createOperator(t, 'finance'), await createOperator(t, 'admin')];
  await signIn();
});
// Closing checks every ledger invariant (a financing product's `sold` is its real subscriptions' principal).
afterAll(() => t.close());

const as = (token: string, mode: Mode, extra: Record<string, string> = {}) => ({
  token,
  headers: { typeUser: mode, ...extra },
});
const dashboard = async () =>
  (await t.call<AdminDashboard>('GET', ADMIN_API.dashboard, undefined, { token: admin })).data.queues;
const systemBalances = async (mode: Mode) =>
  Object.fromEntries(
    rowsOf(
      await t.ctx.db.execute(sql`SELECT kind, asset, coalesce(sum(balance), 0)::text AS b FROM ledger_accounts
        WHERE user_id IS NULL AND mode = ${mode} GROUP BY kind, asset ORDER BY kind, asset`),
    ).map((r) => [`${String(r.kind)}:${String(r.asset)}`, String(r.b)]),
  );

/* ----- financing ----- */

async function financingProduct(quota: string): Promise<AdminFinancingProduct> {
  const now = t.clock.now().getTime();
  const saved = await t.post<AdminFinancingProduct>(
    ADMIN_API.financing.saveProduct,
    {
      name: `Quota ${crypto.randomBytes(3).toString('hex')}`,
      currency: 'USDT',
      terms: [{ days: 30, annualRate: '0.05' }],
      minAmount: '10',
      maxAmount: quota,
      quota,
      saleStart: now - 1000,
      saleEnd: now + 400 * DAY_MS,
      earlyRedemption: 'forfeit',
      enabled: true,
    },
    { token: finance },
  );
  expect(saved.code, saved.msg).toBe(0);
  return saved.data;
}

/** A user with `funds` USDT moved into the financing account of `mode` (demo money comes from the demo grant). */
async function investor(mode: Mode, funds: string) {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  if (mode === 'real')
    await creditBackStage(t.money, { userId, asset: usdt, amount: minor(funds), note: null, operator: 'test' });
  const moved = await t.post(
    API.account.transferAsset,
    { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: funds },
    as(u.token, mode),
  );
  expect(moved.code, moved.msg).toBe(0);
  return {
    ...u,
    estimate: (productId: string, amount: string) =>
      t.call<FinancingEstimate>(
        'GET',
        `${API.product.estimatedAmount}?productId=${productId}&days=30&amount=${amount}`,
        undefined,
        as(u.token, mode),
      ),
    subscribe: async (productId: string, amount: string) => {
      const est = await t.call<FinancingEstimate>(
        'GET',
        `${API.product.estimatedAmount}?productId=${productId}&days=30&amount=${amount}`,
        undefined,
        as(u.token, mode),
      );
      expect(est.code, est.msg).toBe(0);
      const sub = await t.call<FinancingSubscription>(
        'GET',
        `${API.product.buyFinanceProduct}?token=${encodeURIComponent(est.data.token)}`,
        undefined,
        as(u.token, mode, { 'idempotency-key': crypto.randomUUID() }),
      );
      expect(sub.code, sub.msg).toBe(0);
      return sub.data;
    },
  };
}

/** The product as users see it (in either mode) and as the back office does. */
async function financingFigures(id: string, token: string) {
  const listed = async (mode: Mode) =>
    (await t.call<FinancingProduct[]>('GET', API.product.productList, undefined, as(token, mode))).data.find(
      (p) => p.id === id,
    )!;
  const back = (
    await t.call<AdminFinancingProduct[]>('GET', ADMIN_API.financing.products, undefined, { token: finance })
  ).data.find((p) => p.id === id)!;
  const real = await listed('real');
  const demo = await listed('demo');
  return {
    remaining: [real.remaining, demo.remaining],
    onSale: [real.onSale, demo.onSale],
    sold: back.sold,
    active: [back.activeCount, back.activeAmount],
  };
}

describe('financing', () => {
  it("a demo subscription takes none of the product's quota: remaining, sold and the back office's figures stay real", async () => {
    const p = await financingProduct('1000');
    const demo = await investor('demo', '600');
    const real = await investor('real', '1000');
    const before = await financingFigures(p.id, real.token);
    expect(before).toEqual({
      remaining: ['1000.000000', '1000.000000'],
      onSale: [true, true],
      sold: '0.000000',
      active: [0, '0.000000'],
    });

    const sub = await demo.subscribe(p.id, '600');
    expect(await financingFigures(p.id, real.token)).toEqual(before);
    // Redeemed early and matured: nothing comes back to (or leaves) the real quota either.
    expect((await t.post(API.product.redeem, { id: sub.id }, as(demo.token, 'demo'))).code).toBe(0);
    expect(await financingFigures(p.id, real.token)).toEqual(before);

    // The whole quota is still there for real money.
    await real.subscribe(p.id, '1000');
    expect(await financingFigures(p.id, real.token)).toEqual({
      remaining: ['0.000000', '0.000000'],
      onSale: [false, false],
      sold: '1000.000000',
      active: [1, '1000.000000'],
    });
    // Demo reads the real quota (it practises what real money could buy): sold out is sold out there too.
    expect(await demo.estimate(p.id, '10')).toMatchObject({ code: code('PRODUCT_NOT_ON_SALE') });
  });

  it("a demo subscription's interest comes from the demo house, never the real one", async () => {
    const p = await financingProduct('100000');
    const demo = await investor('demo', '5000');
    const sub = await demo.subscribe(p.id, '5000');
    const realInterest = async () => (await systemBalances('real'))['interest:USDT'] ?? '0';
    const before = await realInterest();
    t.clock.advance(32 * DAY_MS);
    await signIn();
    expect(await t.app.financing.runOnce()).toBeGreaterThan(0);
    // Every posting of its payout is on a demo account.
    const postings = rowsOf(
      await t.ctx.db.execute(sql`SELECT a.mode, p.amount::text AS amount FROM financing_subscriptions s
        JOIN ledger_postings p ON p.transaction_id = s.end_tx_id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE s.public_id = ${sub.id}`),
    );
    expect(postings.length).toBeGreaterThan(0);
    expect(new Set(postings.map((r) => r.mode))).toEqual(new Set(['demo']));
    // The real interest account paid exactly the real subscriptions that matured in this pass.
    const [paid] = rowsOf(
      await t.ctx.db.execute(sql`SELECT coalesce(sum(paid_interest), 0)::text AS paid FROM financing_subscriptions
        WHERE mode = 'real' AND ended_at = ${t.clock.now()}`),
    );
    expect(BigInt(await realInterest())).toBe(BigInt(before) - BigInt(String(paid!.paid)));
  });
});

/* ----- loans ----- */

let shade = 0;
async function photo(token: string): Promise<string> {
  shade = (shade + 37) % 256;
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  const up = await uploadFile(t, token, { kind: 'private' }, { name: 'p.png', type: 'image/png', data });
  expect(up.code, up.msg).toBe(0);
  return up.data!.path;
}

/** A user verified through the real KYC flow, with three document photos uploaded. */
async function verifiedBorrower() {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  const o = { token: u.token };
  expect(
    (
      await t.post(
        API.idCard.insertPrimaryVerification,
        { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: `D0${u.user.uid}` },
        o,
      )
    ).code,
  ).toBe(0);
  const [frontImage, backImage, selfieImage] = [await photo(u.token), await photo(u.token), await photo(u.token)];
  expect((await t.post(API.idCard.insert, { frontImage, backImage, selfieImage }, o)).code).toBe(0);
  const id = Number(
    rowsOf(await t.ctx.db.execute(sql`SELECT id FROM kyc_submissions WHERE user_id = ${userId}`))[0]!.id,
  );
  expect((await t.post(ADMIN_API.kyc.decide, { id, verified: true }, { token: compliance })).code).toBe(0);
  return { ...u, photos: [await photo(u.token), await photo(u.token), await photo(u.token)] };
}

describe('loans', () => {
  it("a demo application counts nowhere: not in the review queue, not against the user's one waiting application", async () => {
    const u = await verifiedBorrower();
    const product = (await t.call<LoanProduct[]>('GET', API.loan.productList, undefined, { token: u.token })).data[0]!;
    const apply = (mode: Mode) =>
      t.post<Loan>(
        API.loan.createLoanProduct,
        { productId: product.id, amount: product.minAmount, photos: u.photos, acceptTerms: true },
        as(u.token, mode),
      );
    const waiting = async () =>
      (await t.call<AdminLoanList>('GET', `${ADMIN_API.loans.list}?uid=${u.user.uid}`, undefined, { token: finance }))
        .data.total;
    const queues = await dashboard();
    const house = await systemBalances('real');

    expect(await apply('demo')).toMatchObject({ status: 400, code: code('LOAN_REAL_ONLY') });
    expect(await waiting()).toBe(0);
    expect(await dashboard()).toEqual(queues);
    expect(await systemBalances('real')).toEqual(house);
    // The one-waiting-application limit is the real account's, untouched: a real application goes in.
    const real = await apply('real');
    expect(real.code, real.msg).toBe(0);
    expect(await waiting()).toBe(1);
  });
});

/* ----- withdrawals ----- */

async function withdrawer(balance: string) {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  expect(
    (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
      .code,
  ).toBe(0);
  await creditBackStage(t.money, { userId, asset: usdt, amount: minor(balance), note: null, operator: 'test' });
  const saved = await t.post<WithdrawAddress>(
    API.currencyAddress.insert,
    { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
    { token: u.token },
  );
  expect(saved.code, saved.msg).toBe(0);
  return {
    ...u,
    fee: async (mode: Mode) => {
      const info = await t.call<WithdrawFeeInfo>(
        'GET',
        `${API.userWithdraw.withdrawFee}?currency=USDT&chainType=ethereum`,
        undefined,
        as(u.token, mode),
      );
      expect(info.code, info.msg).toBe(0);
      return info.data;
    },
    create: (amount: string, mode: Mode) =>
      t.post<WithdrawQuote>(
        API.userWithdraw.create,
        { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount },
        as(u.token, mode),
      ),
    confirm: (quoteId: string, mode: Mode) =>
      t.post<Withdrawal>(API.userWithdraw.confirm, { quoteId, fundPassword: FUND }, as(u.token, mode)),
  };
}

describe('withdrawals', () => {
  it('demo requests use none of the real daily limit and reach no review queue', async () => {
    const u = await withdrawer('1000');
    const quote = await u.create('100', 'real');
    expect(quote.code, quote.msg).toBe(0);
    expect((await u.confirm(quote.data.quoteId, 'real')).code).toBe(0);
    const left = (await u.fee('real')).dailyRemaining;
    expect(minor(left)).toBe(minor((await u.fee('real')).dailyLimit) - minor('100'));
    const queued = async () =>
      (
        await t.call<AdminWithdrawalList>('GET', `${ADMIN_API.withdrawals.list}?uid=${u.user.uid}`, undefined, {
          token: finance,
        })
      ).data.total;
    const queues = await dashboard();
    expect(await queued()).toBe(1);

    expect(await u.create('100', 'demo')).toMatchObject({ code: code('WITHDRAW_REAL_ONLY') });
    // A real quote confirmed from the demo account is refused too: nothing is escrowed or counted.
    const another = await u.create('100', 'real');
    expect(await u.confirm(another.data.quoteId, 'demo')).toMatchObject({ code: code('WITHDRAW_REAL_ONLY') });
    expect((await u.fee('real')).dailyRemaining).toBe(left);
    // The demo account is shown the real limit (withdrawals are the real account's): the same figure.
    expect((await u.fee('demo')).dailyRemaining).toBe(left);
    expect(await queued()).toBe(1);
    expect(await dashboard()).toEqual(queues);
  });

  it("demo trading does not make a real deposit count as traded for the withdrawal's risk check", async () => {
    const inst = instrumentOf('BTCUSDT')!;
    t.app.market.engine.tick({
      symbol: 'BTCUSDT',
      time: t.clock.now().getTime(),
      price: Number(parseAmount('50000.00', inst.priceDecimals)),
      amount: 1,
    });
    const u = await withdrawer('1000');
    // A demo OTC buy: a trade, in the demo ledger.
    const info = await t.call<ExchangeInfo>('GET', API.asset.exchangeInfo, undefined, as(u.token, 'demo'));
    expect(info.code, info.msg).toBe(0);
    const bought = await t.post(
      API.asset.currencyBuy,
      { quoteId: info.data.quoteId, asset: 'BTC', amount: '1000' },
      as(u.token, 'demo'),
    );
    expect(bought.code, bought.msg).toBe(0);
    const quote = await u.create('100', 'real');
    expect((await u.confirm(quote.data.quoteId, 'real')).code).toBe(0);
    const item = (
      await t.call<AdminWithdrawalList>('GET', `${ADMIN_API.withdrawals.list}?uid=${u.user.uid}`, undefined, {
        token: finance,
      })
    ).data.items[0]!;
    expect(item.riskFlags).toContain('deposit_not_traded');
  });
});

/* ----- migration 0031 ----- */

describe('migration 0031', () => {
  it('gives back the quota demo subscriptions took, and names the seeded products as the seed does', async () => {
    // Its own database: the statements run over every row of it.
    const m = await createTestApp({ env: ENV });
    try {
      const op = await createOperator(m, 'finance');
      const token = await operatorLogin(m, op);
      const now = m.clock.now().getTime();
      const save = (name: string) =>
        m.post<AdminFinancingProduct>(
          ADMIN_API.financing.saveProduct,
          {
            name,
            currency: 'USDT',
            terms: [{ days: 30, annualRate: '0.05' }],
            minAmount: '10',
            maxAmount: '1000',
            quota: '1000',
            saleStart: now - 1000,
            saleEnd: now + 400 * DAY_MS,
            earlyRedemption: 'forfeit',
            enabled: true,
          },
          { token },
        );
      // An earlier installation's seeded product: its English name, no other.
      const old = await save('USDT 7 days');
      expect(old.code, old.msg).toBe(0);
      const oldLoan = await m.post<AdminLoanProduct>(
        ADMIN_API.loans.saveProduct,
        {
          name: 'USDT 30 days',
          currency: 'USDT',
          minAmount: '10',
          maxAmount: '100',
          periodDays: 30,
          dailyRate: '0.001',
          lateDailyRate: '0.002',
          rules: { en: 'Rules.' },
          enabled: true,
        },
        { token },
      );
      expect(oldLoan.code, oldLoan.msg).toBe(0);
      // Subscriptions of both modes; then `sold` as the code before 0031 left it (demo included).
      const sub = async (mode: Mode, amount: string) => {
        const u = await registerByEmail(m);
        const userId = await userIdByEmail(m, u.email);
        if (mode === 'real')
          await creditBackStage(m.money, { userId, asset: usdt, amount: minor(amount), note: null, operator: 'test' });
        await m.post(
          API.account.transferAsset,
          { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount },
          as(u.token, mode),
        );
        const est = await m.call<FinancingEstimate>(
          'GET',
          `${API.product.estimatedAmount}?productId=${old.data.id}&days=30&amount=${amount}`,
          undefined,
          as(u.token, mode),
        );
        const done = await m.call(
          'GET',
          `${API.product.buyFinanceProduct}?token=${encodeURIComponent(est.data.token)}`,
          undefined,
          as(u.token, mode, { 'idempotency-key': crypto.randomUUID() }),
        );
        expect(done.code, done.msg).toBe(0);
      };
      await sub('real', '200');
      await sub('demo', '300');
      await sub('demo', '50');
      await m.ctx.db.execute(
        sql`UPDATE financing_products SET sold = sold + 350 * 1000000 WHERE public_id = ${old.data.id}`,
      );
      await m.ctx.db.execute(sql`UPDATE financing_subscriptions SET product_names = '{}'::jsonb`);

      const file = new URL('../migrations/0031_demo_quota_and_seed_names.sql', import.meta.url);
      for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
        await m.ctx.db.execute(sql.raw(statement));

      const products = (
        await m.call<AdminFinancingProduct[]>('GET', ADMIN_API.financing.products, undefined, { token })
      ).data;
      const migrated = products.find((p) => p.id === old.data.id)!;
      expect(migrated.sold).toBe('200.000000');
      const seeded = products.find((p) => p.name === 'USDT 7 days' && p.id !== old.data.id)!;
      expect(Object.keys(seeded.names)).toHaveLength(7);
      expect(migrated.names).toEqual(seeded.names);
      const loans = (await m.call<AdminLoanProduct[]>('GET', ADMIN_API.loans.products, undefined, { token })).data;
      const seededLoan = loans.find((p) => p.name === 'USDT 30 days' && p.id !== oldLoan.data.id)!;
      expect(Object.keys(seededLoan.names)).toHaveLength(7);
      expect(loans.find((p) => p.id === oldLoan.data.id)!.names).toEqual(seededLoan.names);
      // The subscriptions made under that name read it in their users' languages now.
      const names = rowsOf(
        await m.ctx.db.execute(sql`SELECT DISTINCT product_names->>'ja' AS ja FROM financing_subscriptions s
          JOIN financing_products p ON p.id = s.product_id WHERE p.public_id = ${old.data.id}`),
      );
      expect(names).toEqual([{ ja: 'USDT 7日間' }]);
    } finally {
      await m.close();
    }
  });
});
