import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, DAY_MS, renderNotice, type Loan, type LoanProduct } from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';

let t: TestApp;
let ops: TestOperator[];
let compliance: string;
let finance: string;
let product: LoanProduct;
const signIn = async () => {
  compliance = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
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
  ops = [await createOperator(t, 'compliance'), await createOperator(t, 'finance')];
  await signIn();
  product = (
    await t.call<LoanProduct[]>('GET', API.loan.productList, undefined, { token: (await registerByEmail(t)).token })
  ).data.find((p) => p.periodDays === 14)!;
});
afterAll(() => t.close());

const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} ORDER BY id`),
  ) as unknown as { kind: string; params: Record<string, unknown> }[];

async function photo(token: string, shade: number): Promise<string> {
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 150 } } })
    .png()
    .toBuffer();
  return (await uploadFile(t, token, { kind: 'private' }, { name: 'p.png', type: 'image/png', data })).data!.path;
}

/** A user verified through the real KYC flow, with a loan application of `amount` USDT. */
async function applicant(amount: string) {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  const o = { token: u.token };
  expect(
    (
      await t.post(
        API.idCard.insertPrimaryVerification,
        { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: `N0${u.user.uid}` },
        o,
      )
    ).code,
  ).toBe(0);
  const [frontImage, backImage, selfieImage] = [
    await photo(u.token, 1),
    await photo(u.token, 2),
    await photo(u.token, 3),
  ];
  expect((await t.post(API.idCard.insert, { frontImage, backImage, selfieImage }, o)).code).toBe(0);
  const kycId = Number(
    rowsOf(await t.ctx.db.execute(sql`SELECT id FROM kyc_submissions WHERE user_id = ${userId}`))[0]!.id,
  );
  expect((await t.post(ADMIN_API.kyc.decide, { id: kycId, verified: true }, { token: compliance })).code).toBe(0);
  const photos = [await photo(u.token, 4), await photo(u.token, 5), await photo(u.token, 6)];
  const applied = await t.post<Loan>(
    API.loan.createLoanProduct,
    { productId: product.id, amount, photos, acceptTerms: true },
    o,
  );
  expect(applied.code, applied.msg).toBe(0);
  const id = Number(
    rowsOf(await t.ctx.db.execute(sql`SELECT id FROM loans WHERE public_id = ${applied.data.id}`))[0]!.id,
  );
  return { userId, loan: applied.data, id };
}

describe('KYC and loan notifications', () => {
  it('tells of the KYC decision and the loan approval, then reminds once before the due date and once when overdue', async () => {
    const u = await applicant('1000');
    const kyc = await notices(u.userId);
    expect(kyc.map((n) => [n.kind, n.params])).toEqual([['kyc.verified', {}]]);
    expect(renderNotice('kyc.verified', {}, 'en').title).toBe('Identity verified');
    expect(renderNotice('kyc.verified', {}, 'ko').title).toBe('본인 인증 완료');

    expect((await t.post(ADMIN_API.loans.decide, { id: u.id, approve: true }, { token: finance })).code).toBe(0);
    const approved = (await notices(u.userId)).slice(1);
    expect(approved).toEqual([
      { kind: 'loan.approved', params: { id: u.loan.id, amount: '1000.000000', currency: 'USDT' } },
    ]);
    expect(renderNotice('loan.approved', approved[0]!.params, 'en').body).toBe(
      'Your loan of 1000.000000 USDT has been approved and paid into your balance.',
    );
    expect(renderNotice('loan.approved', approved[0]!.params, 'fr').body).toBe(
      'Votre prêt de 1000.000000 USDT a été approuvé et versé sur votre solde.',
    );
    const dueAt = Number(
      rowsOf(
        await t.ctx.db.execute(
          sql`SELECT (extract(epoch FROM due_at) * 1000)::bigint AS d FROM loans WHERE id = ${u.id}`,
        ),
      )[0]!.d,
    );

    const reminders = async () =>
      (await notices(u.userId)).filter((n) => n.kind.startsWith('loan.') && n.kind !== 'loan.approved');
    // More than a day before the due moment: nothing.
    t.clock.advance(dueAt - DAY_MS - 1 - t.clock.now().getTime());
    await t.app.loans.remindDue();
    expect(await reminders()).toEqual([]);
    // Within a day: "due soon", once however often the pass runs.
    t.clock.advance(1);
    await t.app.loans.remindDue();
    await t.app.loans.remindDue();
    const soon = await reminders();
    expect(soon).toEqual([
      {
        kind: 'loan.due_soon',
        params: { id: u.loan.id, amount: '1000.000000', toPay: expect.any(String), currency: 'USDT', dueAt },
      },
    ]);
    const due = new Date(dueAt).toISOString().slice(0, 16).replace('T', ' ');
    expect(renderNotice('loan.due_soon', soon[0]!.params, 'en').body).toBe(
      `Your loan of 1000.000000 USDT is due on ${due} UTC. To repay now: ${String(soon[0]!.params['toPay'])} USDT.`,
    );
    expect(renderNotice('loan.due_soon', soon[0]!.params, 'de').title).toBe('Kredit bald fällig');
    // Past due: "overdue", once.
    t.clock.advance(dueAt + 1 - t.clock.now().getTime());
    await t.app.loans.remindDue();
    await t.app.loans.remindDue();
    expect((await reminders()).map((n) => n.kind)).toEqual(['loan.due_soon', 'loan.overdue']);
    const overdue = (await reminders())[1]!;
    expect(renderNotice('loan.overdue', overdue.params, 'zh').title).toBe('贷款已逾期');
  });

  it('after downtime past the due date, writes only the overdue reminder', async () => {
    await signIn();
    const u = await applicant('500');
    expect((await t.post(ADMIN_API.loans.decide, { id: u.id, approve: true }, { token: finance })).code).toBe(0);
    t.clock.advance(20 * DAY_MS);
    expect(await t.app.loans.remindDue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.loans.remindDue()).toBe(0);
    const kinds = (await notices(u.userId)).map((n) => n.kind);
    expect(kinds).toEqual(['kyc.verified', 'loan.approved', 'loan.overdue']);
  });

  it('tells of a rejected loan with its reason', async () => {
    await signIn();
    const u = await applicant('300');
    expect(
      (
        await t.post(
          ADMIN_API.loans.decide,
          { id: u.id, approve: false, reason: 'affordability', note: 'Income too low' },
          { token: finance },
        )
      ).code,
    ).toBe(0);
    const rows = (await notices(u.userId)).filter((n) => n.kind === 'loan.rejected');
    expect(rows.map((n) => n.params)).toEqual([{ id: u.loan.id, reason: 'affordability', note: 'Income too low' }]);
    expect(renderNotice('loan.rejected', rows[0]!.params, 'en').body).toBe(
      'Your loan application was not approved: the loan is not affordable for you. Note: Income too low.',
    );
    expect(renderNotice('loan.rejected', rows[0]!.params, 'it').body).toBe(
      'La tua richiesta di prestito non è stata approvata: il prestito non è sostenibile per te. Nota: Income too low.',
    );
  });
});
