import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ERRORS, type LoginResult, type UserDetail, type UserSearchResult } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import { rowsOf } from '../../db/client';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let support: string;
let compliance: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '10000', SCRYPT_COST: '1024' },
  });
  support = await operatorLogin(t, await createOperator(t, 'support'));
  compliance = await operatorLogin(t, await createOperator(t, 'compliance'));
});
afterAll(() => t.close());

const search = async (q: string | undefined, token = support) =>
  (
    await t.call<UserSearchResult>(
      'GET',
      `${ADMIN_API.users.search}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
      undefined,
      { token },
    )
  ).data;
const detail = async (uid: string, token = support) =>
  t.call<UserDetail>('GET', `${ADMIN_API.users.detail}?uid=${uid}`, undefined, { token });
const login = (email: string, password: string) =>
  t.post<LoginResult>(API.user.login, { type: 'email', email, password });
const audited = async (action: string, uid: string) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT role, before, after FROM audit_log WHERE action = ${action} AND target_id = ${uid} ORDER BY id`,
    ),
  );

describe('users in the back office', () => {
  it('finds a user by UID, e-mail or phone exactly, and lists the newest first', async () => {
    const u = await registerByEmail(t);
    const other = await registerByEmail(t);
    expect((await search(u.user.uid)).items).toMatchObject([
      { uid: u.user.uid, email: u.email, kycState: 'not_started', lockedAt: null },
    ]);
    expect((await search(u.email.toUpperCase())).items.map((i) => i.uid)).toEqual([u.user.uid]);
    expect(await search('nobody@example.com')).toMatchObject({ items: [], total: 0, totalCapped: false });
    expect(await search('+15550000000')).toMatchObject({ items: [], total: 0 });
    // Not a prefix search: a part of an address finds nothing.
    expect((await search(u.email.slice(0, 6))).items).toEqual([]);
    const newest = await search(undefined);
    expect(newest.items.slice(0, 2).map((i) => i.uid)).toEqual([other.user.uid, u.user.uid]);
    expect(newest.total).toBeGreaterThanOrEqual(2);
    expect(newest.totalCapped).toBe(false);
  });

  it('shows a user with balances and live sessions, and records the read', async () => {
    const u = await registerByEmail(t);
    // The demo faucet funds the demo ledger on the first demo request.
    expect((await t.post(API.account.list, undefined, { token: u.token, headers: { typeUser: 'demo' } })).code).toBe(0);
    const seen = await detail(u.user.uid);
    expect(seen.code).toBe(0);
    expect(seen.data.balances.real).toEqual([]);
    expect(seen.data.balances.demo).toEqual(
      expect.arrayContaining([{ wallet: 'currency', asset: 'USDT', balance: '100000.000000' }]),
    );
    expect(seen.data.sessions).toHaveLength(1);
    expect(seen.data.transactions).toEqual([]);
    expect(await audited('user.read', u.user.uid)).toEqual([{ role: 'support', before: null, after: null }]);
    expect(await detail('00000000')).toMatchObject({ status: 404, code: code('ACCOUNT_NOT_FOUND') });
  });

  it("lists the user's latest real transactions, newest first, each with its id for a correction", async () => {
    const u = await registerByEmail(t);
    const [asker, approver] = [
      await operatorLogin(t, await createOperator(t, 'finance')),
      await operatorLogin(t, await createOperator(t, 'admin')),
    ];
    for (const amount of ['5', '7.25']) {
      const asked = await t.post<{ id: number }>(
        ADMIN_API.approvals.requestCredit,
        { uid: u.user.uid, asset: 'usdt', amount, note: 'goodwill' },
        { token: asker },
      );
      expect(
        (await t.post(ADMIN_API.approvals.decide, { id: asked.data.id, approve: true }, { token: approver })).code,
      ).toBe(0);
    }
    const { transactions } = (await detail(u.user.uid)).data;
    expect(transactions.map((x) => x.changes)).toEqual([
      [{ wallet: 'currency', asset: 'USDT', amount: '7.250000' }],
      [{ wallet: 'currency', asset: 'USDT', amount: '5.000000' }],
    ]);
    expect(transactions[0]!.id).toBeGreaterThan(transactions[1]!.id);
    expect(transactions[0]).toMatchObject({ kind: expect.any(String), createdAt: expect.any(Number) });
  });

  it('locks an account: sessions end, login is refused only to the right password, and only compliance or admin unlock it', async () => {
    const u = await registerByEmail(t);
    const locked = await t.post<UserDetail>(
      ADMIN_API.users.lock,
      { uid: u.user.uid, reason: 'reported stolen phone' },
      { token: support },
    );
    expect(locked.data).toMatchObject({ lockedReason: 'reported stolen phone', sessions: [] });
    expect((await t.post(API.user.info, undefined, { token: u.token })).code).toBe(code('SESSION_EXPIRED'));
    expect(await login(u.email, 'wrong-password-1')).toMatchObject({ code: code('PASSWORD_INCORRECT') });
    expect(await login(u.email, u.password)).toMatchObject({ status: 403, code: code('ACCOUNT_LOCKED') });
    expect((await search(u.user.uid)).items[0]!.lockedAt).toBe(t.clock.now().getTime());

    expect(await t.post(ADMIN_API.users.unlock, { uid: u.user.uid }, { token: support })).toMatchObject({
      status: 403,
      code: code('OPERATOR_ROLE_FORBIDDEN'),
    });
    expect(
      (await t.post<UserDetail>(ADMIN_API.users.unlock, { uid: u.user.uid }, { token: compliance })).data,
    ).toMatchObject({ lockedAt: null, lockedReason: null });
    expect((await login(u.email, u.password)).code).toBe(0);

    const [lock, unlock] = [await audited('user.lock', u.user.uid), await audited('user.unlock', u.user.uid)];
    expect(lock).toEqual([
      {
        role: 'support',
        before: { lockedAt: null, lockedReason: null },
        after: { lockedAt: expect.any(Number), lockedReason: 'reported stolen phone' },
      },
    ]);
    expect(unlock).toEqual([
      {
        role: 'compliance',
        before: { lockedAt: expect.any(Number), lockedReason: 'reported stolen phone' },
        after: { lockedAt: null, lockedReason: null },
      },
    ]);
  });

  it('signs a user out everywhere', async () => {
    const u = await registerByEmail(t);
    const second = await login(u.email, u.password);
    expect((await detail(u.user.uid)).data.sessions).toHaveLength(2);
    expect(
      (await t.post<UserDetail>(ADMIN_API.users.logout, { uid: u.user.uid }, { token: support })).data.sessions,
    ).toEqual([]);
    for (const token of [u.token, second.data.token])
      expect((await t.post(API.user.info, undefined, { token })).code).toBe(code('SESSION_EXPIRED'));
    expect(await audited('user.logout', u.user.uid)).toHaveLength(1);
    // They can log in again.
    expect((await login(u.email, u.password)).code).toBe(0);
  });

  it('shows a freeze of withdrawals and lifts it with a note, recorded', async () => {
    const u = await registerByEmail(t);
    expect((await detail(u.user.uid)).data.withdrawalsFrozenAt).toBeNull();
    // Frozen as the "this wasn't me" link does (tested with the address book).
    const at = t.clock.now();
    await t.ctx.db.execute(sql`UPDATE users SET withdrawals_frozen_at = ${at.toISOString()} WHERE uid = ${u.user.uid}`);
    expect((await detail(u.user.uid)).data.withdrawalsFrozenAt).toBe(at.getTime());

    const unfreeze = (token: string, note = 'called the user back on their phone') =>
      t.post<UserDetail>(ADMIN_API.users.unfreezeWithdrawals, { uid: u.user.uid, note }, { token });
    expect((await unfreeze(support, '')).code).toBe(code('FIELD_REQUIRED'));
    expect(
      (await t.post(ADMIN_API.users.unfreezeWithdrawals, { uid: '00000000', note: 'x' }, { token: support })).code,
    ).toBe(code('ACCOUNT_NOT_FOUND'));
    const lifted = await unfreeze(support);
    expect(lifted.code).toBe(0);
    expect(lifted.data.withdrawalsFrozenAt).toBeNull();
    // Not frozen any more: answered as it is, nothing more recorded.
    expect((await unfreeze(compliance)).data.withdrawalsFrozenAt).toBeNull();
    expect(await audited('user.unfreeze_withdrawals', u.user.uid)).toEqual([
      {
        role: 'support',
        before: { withdrawalsFrozenAt: at.getTime() },
        after: { withdrawalsFrozenAt: null, note: 'called the user back on their phone' },
      },
    ]);
  });
});
