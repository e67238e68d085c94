import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  assetOf,
  dayStart,
  parseAmount,
  utcDay,
  type AdminLoan,
  type AdminLoanList,
  type AdminLoanProduct,
  type Loan,
  type LoanPage,
  type LoanPaymentResult,
  type LoanProduct,
  type LoanPayAllQuote,
  type LoanQuote,
  type LoanRule,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';
import { creditBackStage } from '../deposits';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const usdt = assetOf('USDT')!;
const minor = (text: string) => parseAmount(text, usdt.scale)!;
const DAY_MS = 86_400_000;

let t: TestApp;
let ops: TestOperator[];
let compliance: string;
let finance: string;
let finance2: string;
let support: string;
const signIn = async () => {
  // One after another: each sign-in moves the clock a TOTP step.
  compliance = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
  finance2 = await operatorLogin(t, ops[2]!);
  support = await operatorLogin(t, ops[3]!);
};
/** Moves the clock; operators' sessions start again. */
const advance = async (ms: number) => {
  t.clock.advance(ms);
  await signIn();
};

let short: LoanProduct;
let long: LoanProduct;
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
  ops = [
    await createOperator(t, 'compliance'),
    await createOperator(t, 'finance'),
    await createOperator(t, 'finance'),
    await createOperator(t, 'support'),
  ];
  await signIn();
  const products = (
    await t.call<LoanProduct[]>('GET', API.loan.productList, undefined, { token: (await registerByEmail(t)).token })
  ).data;
  short = products.find((p) => p.periodDays === 14)!;
  long = products.find((p) => p.periodDays === 30)!;
});
afterAll(() => t.close());

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

/** A registered user; `verified` through the real KYC flow; `balance` USDT credited (real). */
async function borrower(opts: { verified?: boolean; balance?: string } = {}) {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  const o = { token: u.token };
  if (opts.verified !== false) {
    expect(
      (
        await t.post(
          API.idCard.insertPrimaryVerification,
          { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: `L0${u.user.uid}` },
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
  }
  if (opts.balance)
    await creditBackStage(t.money, { userId, asset: usdt, amount: minor(opts.balance), note: null, operator: 'test' });
  const photos = [await photo(u.token), await photo(u.token), await photo(u.token)];
  return {
    ...u,
    userId,
    photos,
    apply: (amount: string, extra: Record<string, unknown> = {}, product = short) =>
      t.post<Loan>(
        API.loan.createLoanProduct,
        { productId: product.id, amount, photos, acceptTerms: true, ...extra },
        o,
      ),
    list: async (state?: string) =>
      (await t.call<LoanPage>('GET', `${API.loan.userProductList}${state ? `?state=${state}` : ''}`, undefined, o)).data
        .items,
    estimate: (id: string, amount?: string) =>
      t.post<LoanQuote>(API.loan.estimatePaidLoan, amount ? { id, amount } : { id }, o),
    estimateAll: () => t.call<LoanPayAllQuote>('GET', API.loan.estimatePaidLoans, undefined, o),
    payOne: (quoteId: string, key?: string) =>
      t.post<LoanPaymentResult>(
        API.loan.payOneApplication,
        { quoteId },
        key ? { ...o, headers: { 'idempotency-key': key } } : o,
      ),
    payAll: (body?: unknown, key?: string) =>
      t.post<LoanPaymentResult>(
        API.loan.payAllApplications,
        body,
        key ? { ...o, headers: { 'idempotency-key': key } } : o,
      ),
    wallet: async () =>
      String(
        rowsOf(
          await t.ctx.db.execute(sql`SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts
      WHERE user_id = ${userId} AND mode = 'real' AND kind = 'currency' AND asset = 'USDT'`),
        )[0]!.b,
      ),
  };
}
type Borrower = Awaited<ReturnType<typeof borrower>>;

const systemBalance = async (kind: string) =>
  String(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE user_id IS NULL AND mode = 'real' AND kind = ${kind} AND asset = 'USDT'`,
      ),
    )[0]!.b,
  );
const internalId = async (publicId: string) =>
  Number(rowsOf(await t.ctx.db.execute(sql`SELECT id FROM loans WHERE public_id = ${publicId}`))[0]!.id);
const decide = (id: number, body: Record<string, unknown>, token = finance) =>
  t.post<AdminLoan>(ADMIN_API.loans.decide, { id, ...body }, { token });

/** Applies and has one finance operator approve (a loan under the four-eyes threshold). */
async function approved(u: Borrower, amount: string, product = short): Promise<Loan> {
  const applied = await u.apply(amount, {}, product);
  expect(applied.code, applied.msg).toBe(0);
  const done = await decide(await internalId(applied.data.id), { approve: true });
  expect(done.code, done.msg).toBe(0);
  expect(done.data.state).toBe('approved');
  return (await u.list()).find((l) => l.id === applied.data.id)!;
}

describe('products and rules', () => {
  it('offers the seeded USDT products with their rules in every language, English as the marked fallback', async () => {
    expect(short).toMatchObject({
      currency: 'USDT',
      minAmount: '100.000000',
      maxAmount: '5000.000000',
      dailyRate: '0.0005',
      lateDailyRate: '0.001',
      enabled: true,
    });
    expect(long).toMatchObject({ periodDays: 30, dailyRate: '0.0004' });
    const de = await t.call<LoanRule>('GET', `${API.rule.getRule}?productId=${short.id}`, undefined, { lang: 'de' });
    expect(de.data).toMatchObject({ productId: short.id, lang: 'de', fallback: false });
    expect(de.data.text).toContain('0.1 %');
    const first = await t.call<LoanRule>('GET', API.rule.getRule, undefined, { lang: 'zh' });
    expect(first.data).toMatchObject({ productId: short.id, lang: 'zh', fallback: false });
    for (const lang of ['en', 'zh', 'zh-HK', 'ja', 'ko', 'de', 'fr', 'it']) {
      expect(
        (await t.call<LoanRule>('GET', `${API.rule.getRule}?productId=${long.id}`, undefined, { lang })).data.fallback,
      ).toBe(false);
    }

    const save = (body: Record<string, unknown>, token = finance) =>
      t.post<AdminLoanProduct>(
        ADMIN_API.loans.saveProduct,
        {
          name: 'Only English',
          currency: 'USDT',
          minAmount: '10',
          maxAmount: '100',
          periodDays: 7,
          dailyRate: '0.001',
          lateDailyRate: '0.002',
          rules: { en: 'Plain rules.' },
          enabled: false,
          ...body,
        },
        { token },
      );
    expect(await save({ rules: { de: 'Nur deutsch' } })).toMatchObject({
      status: 400,
      code: code('LOAN_RULES_REQUIRED'),
    });
    expect(await save({ minAmount: '200' })).toMatchObject({ status: 400, code: code('PRODUCT_SETTING_INVALID') });
    expect(await save({ dailyRate: '11' })).toMatchObject({ status: 400, code: code('RATE_INVALID') });
    expect(await save({}, support)).toMatchObject({ status: 403, code: code('OPERATOR_ROLE_FORBIDDEN') });
    // Rules are paragraphs: line breaks pass there (the schema says multiline), nowhere else; no other control character.
    expect(await save({ name: 'Two\nlines' })).toMatchObject({ status: 400, code: code('INVALID_PARAMETER') });
    expect(await save({ rules: { en: 'Rules.\tTabbed.' } })).toMatchObject({
      status: 400,
      code: code('INVALID_PARAMETER'),
    });
    const paragraphs = await save({
      rules: { en: 'First paragraph.\r\n\nSecond paragraph.', de: 'Erster.\nZweiter.' },
    });
    expect(paragraphs.code, paragraphs.msg).toBe(0);
    expect(paragraphs.data.rules).toEqual({ en: 'First paragraph.\r\n\nSecond paragraph.', de: 'Erster.\nZweiter.' });
    const created = await save({});
    expect(created.code, created.msg).toBe(0);
    // Disabled: not offered, its rules not served.
    expect(
      (
        await t.call<LoanProduct[]>('GET', API.loan.productList, undefined, { token: (await registerByEmail(t)).token })
      ).data.map((p) => p.id),
    ).not.toContain(created.data.id);
    expect((await t.call('GET', `${API.rule.getRule}?productId=${created.data.id}`)).code).toBe(
      code('LOAN_PRODUCT_NOT_FOUND'),
    );
    expect((await save({ id: created.data.id, enabled: true })).code).toBe(0);
    expect(
      (await t.call<LoanRule>('GET', `${API.rule.getRule}?productId=${created.data.id}`, undefined, { lang: 'ja' }))
        .data,
    ).toEqual({ productId: created.data.id, lang: 'en', fallback: true, text: 'Plain rules.' });
    expect((await save({ id: created.data.id, enabled: false })).code).toBe(0);
    const audit = rowsOf(
      await t.ctx.db.execute(sql`SELECT action FROM audit_log WHERE target_type = 'loan_product' ORDER BY id`),
    ).map((r) => r.action);
    expect(audit).toEqual(['loan_product.create', 'loan_product.create', 'loan_product.update', 'loan_product.update']);
  });
});

describe('product names', () => {
  it("are in the request's language, English where a product has no name there; a loan keeps its product's", async () => {
    const named = async (lang: string, token?: string) =>
      new Map(
        (
          await t.call<LoanProduct[]>('GET', API.loan.productList, undefined, { lang, ...(token ? { token } : {}) })
        ).data.map((p) => [p.id, p.name]),
      );
    expect((await named('ja')).get(short.id)).toBe('USDT 14日間');
    expect((await named('ko')).get(long.id)).toBe('USDT 30일');
    expect((await named('en')).get(short.id)).toBe('USDT 14 days');

    const body = {
      name: 'Bridge',
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '1000',
      periodDays: 7,
      dailyRate: '0.0005',
      lateDailyRate: '0.001',
      rules: { en: 'Rules.' },
      enabled: true,
    };
    const saved = await t.post<AdminLoanProduct>(
      ADMIN_API.loans.saveProduct,
      { ...body, names: { de: ' Überbrückung ', it: '' } },
      { token: finance },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ name: 'Bridge', names: { de: 'Überbrückung' } });
    expect((await named('de')).get(saved.data.id)).toBe('Überbrückung');
    expect((await named('it')).get(saved.data.id)).toBe('Bridge');
    expect(
      (await t.post(ADMIN_API.loans.saveProduct, { ...body, names: { en: 'Twice' } }, { token: finance })).code,
    ).toBe(code('INVALID_PARAMETER'));

    const u = await borrower();
    const applied = await t.post<Loan>(
      API.loan.createLoanProduct,
      { productId: saved.data.id, amount: '100', photos: u.photos, acceptTerms: true },
      { token: u.token, lang: 'de' },
    );
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data.productName).toBe('Überbrückung');
    // Renamed later: the loan keeps the names it was applied for under.
    expect(
      (
        await t.post(
          ADMIN_API.loans.saveProduct,
          { ...body, id: saved.data.id, name: 'Bridge 2', names: { de: 'Brücke' }, enabled: false },
          { token: finance },
        )
      ).code,
    ).toBe(0);
    const mine = async (lang: string) =>
      (await t.call<LoanPage>('GET', API.loan.userProductList, undefined, { token: u.token, lang })).data.items[0]!
        .productName;
    expect(await mine('de')).toBe('Überbrückung');
    expect(await mine('fr')).toBe('Bridge');
    // The back office reads the English name and the others apart.
    const admin = (
      await t.call<AdminLoanProduct[]>('GET', ADMIN_API.loans.products, undefined, { token: finance, lang: 'de' })
    ).data.find((p) => p.id === saved.data.id)!;
    expect(admin).toMatchObject({ name: 'Bridge 2', names: { de: 'Brücke' } });
  });
});

describe('apply', () => {
  it("needs a real account, KYC verified, the terms, three of the user's own distinct photos and an amount in range; one waits at a time", async () => {
    const unverified = await borrower({ verified: false });
    expect(await unverified.apply('1000')).toMatchObject({ status: 403, code: code('KYC_REQUIRED') });
    const u = await borrower();
    const other = await borrower({ verified: false });
    expect(
      await t.post(
        API.loan.createLoanProduct,
        { productId: short.id, amount: '1000', photos: u.photos, acceptTerms: true },
        { token: u.token, headers: { typeUser: 'demo' } },
      ),
    ).toMatchObject({ code: code('LOAN_REAL_ONLY') });
    expect(await u.apply('1000', { acceptTerms: false })).toMatchObject({ code: code('LOAN_TERMS_NOT_ACCEPTED') });
    expect(await u.apply('1000', { photos: u.photos.slice(0, 2) })).toMatchObject({ code: code('PHOTOS_TOO_FEW') });
    expect(await u.apply('1000', { photos: [u.photos[0], u.photos[1], other.photos[0]] })).toMatchObject({
      code: code('LOAN_PHOTO_INVALID'),
    });
    expect(await u.apply('1000', { photos: [u.photos[0], u.photos[1], u.photos[1]] })).toMatchObject({
      code: code('LOAN_PHOTO_INVALID'),
    });
    expect(await u.apply('1000', { photos: [u.photos[0], u.photos[1], '/uploads/avatar/x.png'] })).toMatchObject({
      code: code('LOAN_PHOTO_INVALID'),
    });
    expect(await u.apply('99.999999')).toMatchObject({ code: code('AMOUNT_OUT_OF_RANGE') });
    expect(await u.apply('5000.000001')).toMatchObject({ code: code('AMOUNT_OUT_OF_RANGE') });
    expect(await u.apply('100.0000001')).toMatchObject({ code: code('AMOUNT_INVALID') });
    expect(await u.apply('100', { productId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      code: code('LOAN_PRODUCT_NOT_FOUND'),
    });

    const applied = await u.apply('1000');
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.data).toMatchObject({
      productId: short.id,
      amount: '1000.000000',
      periodDays: 14,
      interest: '7.000000',
      amountDue: '1007.000000',
      state: 'pending',
      dueAt: null,
      approvedAt: null,
      toPay: '0.000000',
      amountPaid: '0.000000',
      overdue: false,
    });
    expect(applied.data.number).toMatch(/^L\d{8}-\d{6}$/);
    expect(await u.apply('500')).toMatchObject({ status: 409, code: code('LOAN_PENDING_EXISTS') });
    expect((await u.list('pending')).map((l) => l.id)).toEqual([applied.data.id]);
    expect(await u.wallet()).toBe('0');

    // The back office's queue and dashboard count it; the application's photos are for operators, audited.
    const queue = (await t.call<AdminLoanList>('GET', ADMIN_API.loans.list, undefined, { token: finance })).data;
    const mine = queue.items.find((l) => l.id === applied.data.id)!;
    expect(mine).toMatchObject({
      uid: u.user.uid,
      kycLevel: 'verified',
      review: 'manual',
      valueUsdt: '1000.000000',
      photoCount: 3,
      approvalsNeeded: 1,
      approvedBy: [],
    });
    const img = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.loans.photo}?id=${mine.internalId}&index=2`,
      headers: { token: finance },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(
      (await t.call('GET', `${ADMIN_API.loans.photo}?id=${mine.internalId}&index=3`, undefined, { token: finance }))
        .code,
    ).toBe(code('LOAN_NOT_FOUND'));
    expect(
      (await t.call('GET', `${ADMIN_API.loans.photo}?id=${mine.internalId}&index=0`, undefined, { token: support }))
        .status,
    ).toBe(403);
    expect(
      (await t.call<AdminLoan>('GET', `${ADMIN_API.loans.detail}?id=${mine.internalId}`, undefined, { token: finance }))
        .data.id,
    ).toBe(applied.data.id);
    const reads = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action FROM audit_log WHERE target_type = 'loan' AND target_id = ${String(mine.internalId)} ORDER BY id`,
      ),
    ).map((r) => r.action);
    expect(reads).toEqual(['loan.photo.read', 'loan.read']);
    const dash = (
      await t.call<{ queues: { queue: string; pending: number }[] }>('GET', ADMIN_API.dashboard, undefined, {
        token: finance,
      })
    ).data.queues;
    expect(dash.find((q) => q.queue === 'loans')!.pending).toBeGreaterThanOrEqual(1);
    expect((await decide(mine.internalId, { approve: false, reason: 'other' })).code).toBe(0);
  });
});

describe('review', () => {
  it('approves with one operator under the threshold: paid out once from the loan book, due at the end of the period', async () => {
    const u = await borrower();
    const book = BigInt(await systemBalance('loan_book'));
    const applied = await u.apply('1000');
    const id = await internalId(applied.data.id);
    const answers = await Promise.all([decide(id, { approve: true }), decide(id, { approve: true }, finance2)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, code('LOAN_ALREADY_DECIDED')].sort());
    expect(await u.wallet()).toBe(String(minor('1000')));
    expect(BigInt(await systemBalance('loan_book'))).toBe(book - minor('1000'));
    const loan = (await u.list())[0]!;
    const start = utcDay(t.clock.now().getTime());
    expect(loan).toMatchObject({
      state: 'approved',
      approvedAt: t.clock.now().getTime(),
      dueAt: dayStart(start + 14) - 1,
      toPay: '1000.500000',
      overdue: false,
    });
    expect(await decide(id, { approve: false, reason: 'other' })).toMatchObject({
      status: 409,
      code: code('LOAN_ALREADY_DECIDED'),
    });
    const disbursed = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'loan_disburse' AND reference = ${`loan:${applied.data.id}`}`,
      ),
    );
    expect(disbursed[0]!.n).toBe(1);
  });

  it('needs two different operators above LOAN_FOUR_EYES_USDT; the first approval pays nothing', async () => {
    const u = await borrower();
    const applied = await u.apply('15000', {}, long);
    const id = await internalId(applied.data.id);
    const first = await decide(id, { approve: true });
    expect(first.data).toMatchObject({
      state: 'pending',
      review: 'four_eyes',
      approvalsNeeded: 2,
      valueUsdt: '15000.000000',
    });
    expect(first.data.approvedBy).toHaveLength(1);
    expect(await u.wallet()).toBe('0');
    expect(await decide(id, { approve: true })).toMatchObject({ status: 403, code: code('APPROVAL_SAME_OPERATOR') });
    const second = await decide(id, { approve: true }, finance2);
    expect(second.data).toMatchObject({ state: 'approved' });
    expect(second.data.approvedBy).toHaveLength(2);
    expect(await u.wallet()).toBe(String(minor('15000')));
    // Exactly the threshold: one operator.
    const v = await borrower();
    expect((await v.apply('10000', {}, long)).data.state).toBe('pending');
    expect(
      (await t.call<AdminLoanList>('GET', `${ADMIN_API.loans.list}?uid=${v.user.uid}`, undefined, { token: finance }))
        .data.items[0],
    ).toMatchObject({ review: 'manual', approvalsNeeded: 1 });
  });

  it('rejects only with a reason; the user sees the reason and the date, nothing moves', async () => {
    const u = await borrower();
    const applied = await u.apply('300');
    const id = await internalId(applied.data.id);
    expect(await decide(id, { approve: false })).toMatchObject({ status: 400, code: code('LOAN_REASON_REQUIRED') });
    expect((await decide(id, { approve: false, reason: 'documents_unclear', note: 'Blurred photo' })).data.state).toBe(
      'rejected',
    );
    expect((await u.list())[0]).toMatchObject({
      state: 'rejected',
      rejectedAt: t.clock.now().getTime(),
      rejectReason: 'documents_unclear',
      rejectNote: 'Blurred photo',
      toPay: '0.000000',
    });
    expect(await u.wallet()).toBe('0');
    // A new application may follow.
    expect((await u.apply('300')).code).toBe(0);
  });

  it('a product change never alters an existing loan', async () => {
    const u = await borrower();
    const loan = await approved(u, '1000');
    const products = (await t.call<AdminLoanProduct[]>('GET', ADMIN_API.loans.products, undefined, { token: finance }))
      .data;
    const p = products.find((x) => x.id === short.id)!;
    const changed = await t.post(
      ADMIN_API.loans.saveProduct,
      { ...p, dailyRate: '0.002', updatedAt: undefined, enabled: true },
      { token: finance },
    );
    expect(changed.code, changed.msg).toBe(0);
    expect((await u.list())[0]).toMatchObject({ id: loan.id, dailyRate: '0.0005', interest: '7.000000' });
    const back = await t.post(ADMIN_API.loans.saveProduct, { ...p, updatedAt: undefined }, { token: finance });
    expect(back.code, back.msg).toBe(0);
  });
});

describe('repayment', () => {
  it('pays one loan in full from a binding quote: principal to the loan book, interest to the interest account; settled', async () => {
    const u = await borrower({ balance: '50' });
    const loan = await approved(u, '1000');
    await advance(3 * DAY_MS);
    const [book, interest] = [BigInt(await systemBalance('loan_book')), BigInt(await systemBalance('interest'))];
    const quote = await u.estimate(loan.id);
    // Four days charged (the payout day and three more): 1000 × 0.0005 × 4 = 2.
    expect(quote.data).toMatchObject({ currency: 'USDT', total: '1002.000000', balance: '1050.000000', enough: true });
    expect(quote.data.items[0]).toMatchObject({
      loanId: loan.id,
      principal: '1000.000000',
      interest: '2.000000',
      regularDays: 4,
      lateDays: 0,
      total: '1002.000000',
      pay: '1002.000000',
      remaining: '0.000000',
    });
    expect(quote.data.expiresAt).toBeLessThanOrEqual(
      Math.min(t.clock.now().getTime() + 600_000, dayStart(utcDay(t.clock.now().getTime()) + 1)),
    );
    const paid = await u.payOne(quote.data.quoteId, 'pay-one-1');
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({ paid: '1002.000000', currency: 'USDT' });
    expect(paid.data.loans[0]).toMatchObject({
      state: 'settled',
      amountPaid: '1002.000000',
      toPay: '0.000000',
      principalOutstanding: '0.000000',
      paidAt: t.clock.now().getTime(),
    });
    expect(await u.wallet()).toBe(String(minor('48')));
    expect(BigInt(await systemBalance('loan_book'))).toBe(book + minor('1000'));
    expect(BigInt(await systemBalance('interest'))).toBe(interest + minor('2'));
    // The same key answers the first result; the quote is spent.
    expect((await u.payOne(quote.data.quoteId, 'pay-one-1')).data).toEqual(paid.data);
    expect(await u.payOne(quote.data.quoteId, 'pay-one-2')).toMatchObject({
      status: 409,
      code: code('LOAN_QUOTE_USED'),
    });
    expect(await u.payOne(quote.data.quoteId)).toMatchObject({ code: code('LOAN_QUOTE_USED') });
    expect(await u.estimate(loan.id)).toMatchObject({ code: code('LOAN_NOT_PAYABLE') });
    expect((await u.list('paid')).map((l) => l.id)).toEqual([loan.id]);
    expect(await u.list('open')).toEqual([]);
  });

  it('a part payment pays the interest first and leaves the loan partially settled', async () => {
    const u = await borrower();
    const loan = await approved(u, '1000');
    await advance(DAY_MS);
    // Two days: 1 USDT of interest; 101 pays it and 100 of the principal.
    const quote = await u.estimate(loan.id, '101');
    expect(quote.data.items[0]).toMatchObject({
      interest: '1.000000',
      total: '1001.000000',
      pay: '101.000000',
      remaining: '900.000000',
    });
    expect(await u.estimate(loan.id, '1001.000001')).toMatchObject({ code: code('LOAN_AMOUNT_TOO_LARGE') });
    const paid = await u.payOne(quote.data.quoteId);
    expect(paid.data.loans[0]).toMatchObject({
      state: 'partially_settled',
      principalOutstanding: '900.000000',
      amountPaid: '101.000000',
      toPay: '900.000000',
      paidAt: null,
    });
    const rows = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT interest_paid::text AS i, principal_paid::text AS p FROM loan_payments WHERE loan_id = ${await internalId(loan.id)}`,
      ),
    );
    expect(rows).toEqual([{ i: String(minor('1')), p: String(minor('100')) }]);
    // The next day charges the 900 left: 0.45.
    await advance(DAY_MS);
    expect((await u.list('open'))[0]).toMatchObject({ toPay: '900.450000' });
    // A payment smaller than the interest is carried.
    const small = await u.estimate(loan.id, '0.2');
    expect((await u.payOne(small.data.quoteId)).data.loans[0]).toMatchObject({
      toPay: '900.250000',
      principalOutstanding: '900.000000',
    });
  });

  it("pays all open loans at today's figures, with or without a quote; nothing left then", async () => {
    const u = await borrower({ balance: '100' });
    const a = await approved(u, '1000');
    const b = await approved(u, '2000', long);
    await advance(DAY_MS);
    const quote = await u.estimateAll();
    // a: 1000 × 0.0005 × 2 = 1; b: 2000 × 0.0004 × 2 = 1.6.
    expect(quote.data).toMatchObject({ total: '3002.600000', balance: '3100.000000', enough: true });
    expect(quote.data.items.map((i) => i.loanId)).toEqual([a.id, b.id]);
    const paid = await u.payAll({ quoteId: quote.data.quoteId });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data.loans.map((l) => l.state)).toEqual(['settled', 'settled']);
    expect(await u.wallet()).toBe(String(minor('97.4')));
    expect(await u.payAll()).toMatchObject({ status: 409, code: code('LOAN_NOTHING_TO_PAY') });
    // Nothing to pay is an empty quote, not an error: no items, nothing stored to pay with.
    const empty = await u.estimateAll();
    expect(empty).toMatchObject({ status: 200, code: 0 });
    expect(empty.data).toEqual({
      quoteId: null,
      expiresAt: null,
      currency: 'USDT',
      items: [],
      total: '0.000000',
      balance: '97.400000',
      enough: true,
    });

    const c = await approved(u, '100');
    const noQuote = await u.payAll();
    expect(noQuote.code, noQuote.msg).toBe(0);
    expect(noQuote.data).toMatchObject({ paid: '100.050000' });
    expect(noQuote.data.loans.map((l) => [l.id, l.state])).toEqual([[c.id, 'settled']]);
  });

  it('is refused when the currency balance is short, and nothing moves', async () => {
    const u = await borrower();
    const loan = await approved(u, '1000');
    await advance(DAY_MS);
    const quote = await u.estimate(loan.id);
    expect(quote.data).toMatchObject({ total: '1001.000000', balance: '1000.000000', enough: false });
    const msg = await u.payOne(quote.data.quoteId);
    expect(msg).toMatchObject({ status: 400, code: code('BALANCE_NOT_ENOUGH'), msg: 'Your amount is not enough' });
    expect(await u.payAll()).toMatchObject({ code: code('BALANCE_NOT_ENOUGH') });
    expect(await u.wallet()).toBe(String(minor('1000')));
    expect((await u.list())[0]).toMatchObject({ state: 'approved', amountPaid: '0.000000' });
    // The quote was not spent: with the money, it pays.
    await creditBackStage(t.money, { userId: u.userId, asset: usdt, amount: minor('1'), note: null, operator: 'test' });
    expect((await u.payOne(quote.data.quoteId)).data.loans[0]!.state).toBe('settled');
  });

  it("refuses another user's, an expired, a next-day and a stale quote", async () => {
    const u = await borrower({ balance: '100' });
    const loan = await approved(u, '1000');
    const other = await borrower();
    const q1 = await u.estimate(loan.id);
    expect(await other.payOne(q1.data.quoteId)).toMatchObject({ code: code('LOAN_QUOTE_INVALID') });
    expect(await u.payOne('no-such-quote')).toMatchObject({ code: code('LOAN_QUOTE_INVALID') });
    expect(await u.payAll({ quoteId: q1.data.quoteId })).toMatchObject({ code: code('LOAN_QUOTE_INVALID') });
    t.clock.advance(601_000);
    expect(await u.payOne(q1.data.quoteId)).toMatchObject({ code: code('LOAN_QUOTE_INVALID') });
    // Stale: the loan was paid in part after the quote was made.
    const all = await u.estimateAll();
    const part = await u.estimate(loan.id, '10');
    expect((await u.payOne(part.data.quoteId)).code).toBe(0);
    expect(await u.payAll({ quoteId: all.data.quoteId })).toMatchObject({
      status: 409,
      code: code('LOAN_QUOTE_STALE'),
    });
    // A quote ends with its UTC day.
    const late = await u.estimate(loan.id);
    expect(late.data.expiresAt).toBeLessThanOrEqual(dayStart(utcDay(t.clock.now().getTime()) + 1));
    t.clock.advance(dayStart(utcDay(t.clock.now().getTime()) + 1) - t.clock.now().getTime());
    await signIn();
    expect(await u.payOne(late.data.quoteId)).toMatchObject({ code: code('LOAN_QUOTE_INVALID') });
    expect(
      await t.post(
        API.loan.payOneApplication,
        { quoteId: late.data.quoteId },
        { token: u.token, headers: { typeUser: 'demo' } },
      ),
    ).toMatchObject({ code: code('LOAN_REAL_ONLY') });
    // Nor does the demo ledger get a quote of the real loans (issue 34).
    const demo = { token: u.token, headers: { typeUser: 'demo' } };
    expect(await t.post(API.loan.estimatePaidLoan, { id: loan.id }, demo)).toMatchObject({
      code: code('LOAN_REAL_ONLY'),
    });
    expect(await t.call('GET', API.loan.estimatePaidLoans, undefined, demo)).toMatchObject({
      code: code('LOAN_REAL_ONLY'),
    });
    // A day past their expiry, quotes nobody paid are removed; a paid one stays (its payment names it).
    t.clock.advance(DAY_MS + 601_000);
    await t.app.loans.purgeQuotes();
    const ids = [q1.data.quoteId, part.data.quoteId, late.data.quoteId];
    expect(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM loan_quotes WHERE id IN (${ids[0]}, ${ids[1]}, ${ids[2]})`)).map(
        (r) => r.id,
      ),
    ).toEqual([part.data.quoteId]);
    await signIn();
  });

  it('of 50 concurrent pay-alls exactly one pays (with and without a quote)', async () => {
    const u = await borrower({ balance: '100' });
    await approved(u, '1000');
    await advance(DAY_MS);
    const before = await u.wallet();
    const answers = await Promise.all(Array.from({ length: 50 }, () => u.payAll()));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 0).map((a) => a.code))).toEqual(
      new Set([code('LOAN_NOTHING_TO_PAY')]),
    );
    expect(BigInt(await u.wallet())).toBe(BigInt(before) - minor('1001'));

    await approved(u, '500');
    const quote = await u.estimateAll();
    const withQuote = await Promise.all(Array.from({ length: 50 }, () => u.payAll({ quoteId: quote.data.quoteId })));
    expect(withQuote.filter((a) => a.code === 0)).toHaveLength(1);
    expect(new Set(withQuote.filter((a) => a.code !== 0).map((a) => a.code))).toEqual(
      new Set([code('LOAN_QUOTE_USED')]),
    );
    const n = rowsOf(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM loan_payments WHERE user_id = ${u.userId}`),
    );
    expect(n[0]!.n).toBe(2);
  });

  it('an overdue loan accrues the stated late rate and shows as overdue; nothing is taken from the user', async () => {
    const u = await borrower({ balance: '5000' });
    const loan = await approved(u, '1000');
    await advance(16 * DAY_MS);
    // 14 regular days at 0.05 % (7) and 3 late days at 0.1 % (3).
    const shown = (await u.list('open'))[0]!;
    expect(shown).toMatchObject({
      id: loan.id,
      overdue: true,
      overdueDays: 3,
      toPay: '1010.000000',
      state: 'approved',
    });
    expect(await u.wallet()).toBe(String(minor('6000')));
    const quote = await u.estimate(loan.id);
    expect(quote.data.items[0]).toMatchObject({ regularDays: 14, lateDays: 3, overdue: true, interest: '10.000000' });
    expect((await u.payOne(quote.data.quoteId)).data.loans[0]).toMatchObject({
      state: 'settled',
      overdue: false,
      amountPaid: '1010.000000',
    });
  });
});

describe('the ledger verifier', () => {
  it('checks that loans agree with their ledger transactions and payments', async () => {
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
    const [row] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT id, amount_paid::text AS paid FROM loans WHERE state = 'settled' ORDER BY id LIMIT 1`,
      ),
    );
    await t.ctx.db.execute(sql`UPDATE loans SET amount_paid = amount_paid + 1 WHERE id = ${row!.id}`);
    expect((await t.app.ledger.verify(t.ctx.db)).map((v) => v.rule)).toEqual([
      "a loan's paid amounts and outstanding principal are its payments', each a loan_repay transaction",
    ]);
    await t.ctx.db.execute(sql`UPDATE loans SET amount_paid = ${row!.paid}::numeric WHERE id = ${row!.id}`);
    const [pending] = rowsOf(
      await t.ctx.db.execute(sql`SELECT id FROM loans WHERE state = 'approved' ORDER BY id LIMIT 1`),
    );
    await t.ctx.db.execute(sql`UPDATE loans SET disburse_tx_id = NULL WHERE id = ${pending!.id}`);
    expect((await t.app.ledger.verify(t.ctx.db)).map((v) => v.rule)).toEqual([
      'a loan paid out names its loan_disburse transaction (real); one waiting or rejected names none',
    ]);
    await t.ctx.db.execute(
      sql`UPDATE loans l SET disburse_tx_id = (SELECT id FROM ledger_transactions WHERE reference = 'loan:' || l.public_id) WHERE id = ${pending!.id}`,
    );
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
  });
});

describe('the routes', () => {
  it('need a session; the admin routes need finance or admin', async () => {
    expect((await t.call<LoanProduct[]>('GET', API.loan.productList)).data.map((p) => p.id)).toContain(short.id);
    expect((await t.call('GET', API.loan.userProductList)).status).toBe(401);
    expect((await t.post(API.loan.payAllApplications)).status).toBe(401);
    expect((await t.call('GET', ADMIN_API.loans.list, undefined, { token: support })).status).toBe(403);
    expect((await t.call('GET', ADMIN_API.loans.products, undefined, { token: compliance })).status).toBe(403);
  });
});
