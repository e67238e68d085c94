import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ERRORS, type AccountListResult, type Approval, type ApprovalList } from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import { rowsOf } from '../../db/client';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
/** Three finance operators: one asks, the others decide. */
let asker: string;
let approver: string;
let third: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '10000', SCRYPT_COST: '1024' },
  });
  asker = await operatorLogin(t, await createOperator(t, 'finance'));
  approver = await operatorLogin(t, await createOperator(t, 'finance'));
  third = await operatorLogin(t, await createOperator(t, 'admin'));
});
afterAll(() => t.close());

const requestCredit = (uid: string, amount = '250.5', token = asker) =>
  t.post<Approval>(
    ADMIN_API.approvals.requestCredit,
    { uid, asset: 'usdt', amount, note: 'refund of a double charge' },
    { token },
  );
const decide = (id: number, approve: boolean, token = approver) =>
  t.post<Approval>(ADMIN_API.approvals.decide, { id, approve }, { token });
const realUsdt = async (token: string) => {
  const list = (await t.post<AccountListResult>(API.account.list, undefined, { token })).data;
  return JSON.stringify(list).match(/"currency"[^}]*?"USDT"[^}]*?"available":"([^"]+)"/)?.[1] ?? JSON.stringify(list);
};
const deposits = async (email: string) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT amount::text AS amount, operator FROM deposits WHERE user_id = ${await userIdByEmail(t, email)}`,
    ),
  );
const ledgerTransactions = async () =>
  Number(rowsOf(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`))[0]!.n);

describe("four eyes on an operator's change of money", () => {
  it("moves nothing when asked; the asker cannot approve it; another operator's approval credits the user, once", async () => {
    const u = await registerByEmail(t);
    const asked = await requestCredit(u.user.uid);
    expect(asked.data).toMatchObject({
      action: 'balance.credit',
      targetId: u.user.uid,
      payload: { asset: 'USDT', amount: '250.500000' },
      decision: 'pending',
    });
    expect(await deposits(u.email)).toEqual([]);

    expect(await decide(asked.data.id, true, asker)).toMatchObject({
      status: 403,
      code: code('APPROVAL_SAME_OPERATOR'),
    });
    const before = await ledgerTransactions();
    const approved = await decide(asked.data.id, true);
    expect(approved.data).toMatchObject({ decision: 'approved', decidedBy: expect.stringContaining('@') });
    expect(await ledgerTransactions()).toBe(before + 1);
    expect(await deposits(u.email)).toEqual([{ amount: '250500000', operator: `approval:${asked.data.id}` }]);
    expect(await decide(asked.data.id, true, third)).toMatchObject({
      status: 409,
      code: code('APPROVAL_ALREADY_DECIDED'),
    });
    expect(await ledgerTransactions()).toBe(before + 1);

    const audit = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action, after FROM audit_log WHERE target_type = 'operator_approval' AND target_id = ${String(asked.data.id)} ORDER BY id`,
      ),
    );
    expect(audit.map((r) => r.action)).toEqual(['approval.request', 'approval.approve']);
    expect(audit[1]!.after).toMatchObject({
      decision: 'approved',
      transactionId: expect.any(Number),
      amount: '250.500000',
    });
  });

  it('a rejection moves nothing', async () => {
    const u = await registerByEmail(t);
    const asked = await requestCredit(u.user.uid, '10');
    expect((await decide(asked.data.id, false)).data).toMatchObject({ decision: 'rejected' });
    expect(await deposits(u.email)).toEqual([]);
    const pending = (await t.call<ApprovalList>('GET', ADMIN_API.approvals.list, undefined, { token: third })).data;
    expect(pending.items.map((i) => i.id)).not.toContain(asked.data.id);
    const rejected = (
      await t.call<ApprovalList>('GET', `${ADMIN_API.approvals.list}?decision=rejected`, undefined, { token: third })
    ).data;
    expect(rejected.items[0]).toMatchObject({ id: asked.data.id, decision: 'rejected' });
  });

  it('carries out one of many concurrent approvals', async () => {
    const u = await registerByEmail(t);
    const asked = await requestCredit(u.user.uid, '7');
    const before = await ledgerTransactions();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => decide(asked.data.id, true, i % 2 ? approver : third)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === code('APPROVAL_ALREADY_DECIDED'))).toHaveLength(7);
    expect(await ledgerTransactions()).toBe(before + 1);
    expect(await deposits(u.email)).toHaveLength(1);
  });

  it('corrects by a reversal that another operator approves: the balance goes back, and a transaction is reversed once', async () => {
    const u = await registerByEmail(t);
    const credit = await requestCredit(u.user.uid, '40');
    await decide(credit.data.id, true);
    expect(await realUsdt(u.token)).toBe('40.000000');
    const [dep] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT transaction_id FROM deposits WHERE user_id = ${await userIdByEmail(t, u.email)}`,
      ),
    );
    const transactionId = Number(dep!.transaction_id);

    const asked = await t.post<Approval>(
      ADMIN_API.approvals.requestReversal,
      { transactionId, note: 'credited to the wrong user' },
      { token: asker },
    );
    expect((await decide(asked.data.id, true)).data.decision).toBe('approved');
    expect(await realUsdt(u.token)).toBe('0.000000');

    // A second reversal of the same transaction is refused when it would be carried out, and its approval is not recorded.
    const again = await t.post<Approval>(
      ADMIN_API.approvals.requestReversal,
      { transactionId, note: 'again' },
      { token: asker },
    );
    expect(await decide(again.data.id, true)).toMatchObject({ code: code('TRANSACTION_ALREADY_REVERSED') });
    const still = (await t.call<ApprovalList>('GET', ADMIN_API.approvals.list, undefined, { token: third })).data;
    expect(still.items.find((i) => i.id === again.data.id)).toMatchObject({ decision: 'pending' });
  });

  it('refuses bad requests: unknown user or coin, a bad amount', async () => {
    expect(await requestCredit('00000000')).toMatchObject({ code: code('ACCOUNT_NOT_FOUND') });
    const u = await registerByEmail(t);
    expect(
      await t.post(
        ADMIN_API.approvals.requestCredit,
        { uid: u.user.uid, asset: 'XYZ', amount: '1', note: 'x' },
        { token: asker },
      ),
    ).toMatchObject({ code: code('ASSET_UNKNOWN') });
    for (const amount of ['0', '-1', '1.0000001', 'abc', ' 10', '10 ', '1e2', '+1', '.5'])
      expect((await requestCredit(u.user.uid, amount)).code, amount).toBe(code('AMOUNT_INVALID'));
  });
});
