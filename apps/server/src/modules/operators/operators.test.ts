import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ERRORS,
  type AuditList,
  type OperatorCreateResult,
  type OperatorInfo,
  type OperatorList,
  type OperatorLoginResult,
} from '@app/contract';
import { createTestApp, registerByEmail, uniqueEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, OPERATOR_PASSWORD, totpNow } from '../../../test/operators';
import { rowsOf } from '../../db/client';
import { TOTP_PERIOD_SECONDS } from '.';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024', OPERATOR_SESSION_IDLE_MINUTES: '30' },
  });
});
afterAll(() => t.close());

/** The newest audit records of one action, read straight from the table. */
async function audited(action: string) {
  return rowsOf(
    await t.ctx.db.execute(
      sql`SELECT operator_id::integer AS operator_id, operator_email, role, action, target_type, target_id, before, after, request_id, ip FROM audit_log WHERE action = ${action} ORDER BY id DESC`,
    ),
  );
}

const login = (body: Record<string, unknown>, ip = '198.51.100.1') =>
  t.post<OperatorLoginResult>('/admin/api/auth/login', body, { ip });

describe('operator sign-in', () => {
  it('takes e-mail, password and the TOTP code of now; the token opens /me and says op_', async () => {
    const op = await createOperator(t, 'support');
    t.clock.advance(STEP_MS);
    const res = await login({ email: op.email.toUpperCase(), password: OPERATOR_PASSWORD, totp: totpNow(t, op) });
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^op_[A-Za-z0-9_-]{43}$/);
    expect(res.data.operator).toMatchObject({ id: op.operator.id, email: op.email, role: 'support', disabledAt: null });
    const me = await t.call<OperatorInfo>('GET', '/admin/api/auth/me', undefined, { token: res.data.token });
    expect(me).toMatchObject({ code: 0, data: { id: op.operator.id, role: 'support' } });
    // Stored hashed: the token is nowhere in the table.
    const stored = rowsOf(
      await t.ctx.db.execute(sql`SELECT token_hash FROM operator_sessions WHERE operator_id = ${op.operator.id}`),
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(res.data.token);
    const [record] = await audited('operator.login');
    expect(record).toMatchObject({
      operator_id: op.operator.id,
      operator_email: op.email,
      role: 'support',
      target_type: 'operator_session',
      ip: '198.51.100.1',
    });
    expect(record?.request_id).toBeTruthy();
  });

  it('refuses a wrong code, a code from two steps ago, and a code used once already, with one answer', async () => {
    const op = await createOperator(t, 'finance');
    t.clock.advance(STEP_MS);
    const now = totpNow(t, op);
    const wrong = String((Number(now) + 1) % 1_000_000).padStart(6, '0');
    const refused = { status: 400, code: code('OPERATOR_LOGIN_FAILED'), data: null };
    expect(await login({ email: op.email, password: OPERATOR_PASSWORD, totp: wrong })).toMatchObject(refused);
    expect(
      await login({ email: op.email, password: OPERATOR_PASSWORD, totp: totpNow(t, op, -2 * STEP_MS) }),
    ).toMatchObject(refused);
    expect(await login({ email: op.email, password: OPERATOR_PASSWORD, totp: now })).toMatchObject({ code: 0 });
    // The same code again, in the same step: used.
    expect(await login({ email: op.email, password: OPERATOR_PASSWORD, totp: now })).toMatchObject(refused);
    // The previous step's code is still inside the drift window, but older than the one used: refused too.
    expect(await login({ email: op.email, password: OPERATOR_PASSWORD, totp: totpNow(t, op, -STEP_MS) })).toMatchObject(
      refused,
    );
    // A wrong password with the right code, and an unknown e-mail: the same answer.
    t.clock.advance(STEP_MS);
    expect(await login({ email: op.email, password: 'not-the-password', totp: totpNow(t, op) })).toMatchObject(refused);
    expect(
      await login({ email: uniqueEmail('nobody'), password: OPERATOR_PASSWORD, totp: totpNow(t, op) }),
    ).toMatchObject(refused);
    const reasons = (await audited('operator.login_failed'))
      .filter((r) => r.operator_id === op.operator.id)
      .map((r) => (r.after as { reason: string }).reason);
    expect(reasons.reverse()).toEqual(['wrong_totp', 'wrong_totp', 'totp_reused', 'totp_reused', 'wrong_password']);
  });

  it('lets one of two sign-ins racing with one code through', async () => {
    const op = await createOperator(t, 'support');
    t.clock.advance(STEP_MS);
    const totp = totpNow(t, op);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => login({ email: op.email, password: OPERATOR_PASSWORD, totp })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === code('OPERATOR_LOGIN_FAILED'))).toHaveLength(4);
  });

  it('locks an e-mail after OPERATOR_LOGIN_MAX_FAILURES_PER_ACCOUNT failures, even for the right password and code, and records it', async () => {
    const op = await createOperator(t, 'compliance');
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++)
      expect((await login({ email: op.email, password: 'wrong-password', totp: '000000' }, ip)).code).toBe(
        code('OPERATOR_LOGIN_FAILED'),
      );
    t.clock.advance(STEP_MS);
    const locked = await login({ email: op.email, password: OPERATOR_PASSWORD, totp: totpNow(t, op) }, ip);
    expect(locked).toMatchObject({
      status: 429,
      code: code('LOGIN_LOCKED'),
      msg: 'Too many failed attempts, please try again in 15 minutes',
    });
    const [record] = await audited('operator.login_failed');
    expect(record).toMatchObject({ operator_email: op.email, after: { reason: 'locked' }, ip });
    // After the window the right password and code get in again.
    t.clock.advance(15 * 60_000 + STEP_MS);
    expect((await login({ email: op.email, password: OPERATOR_PASSWORD, totp: totpNow(t, op) }, ip)).code).toBe(0);
  });

  it('refuses a disabled operator, whose sessions ended when disabled', async () => {
    const admin = await createOperator(t, 'admin');
    const op = await createOperator(t, 'support');
    const adminToken = await operatorLogin(t, admin);
    const token = await operatorLogin(t, op);
    const res = await t.post<OperatorInfo>(
      '/admin/api/operators/disable',
      { id: op.operator.id },
      { token: adminToken },
    );
    expect(res).toMatchObject({ code: 0, data: { id: op.operator.id } });
    expect(res.data.disabledAt).toBe(t.clock.now().getTime());
    expect(await t.call('GET', '/admin/api/auth/me', undefined, { token })).toMatchObject({
      status: 401,
      code: code('SESSION_EXPIRED'),
    });
    t.clock.advance(STEP_MS);
    expect((await login({ email: op.email, password: OPERATOR_PASSWORD, totp: totpNow(t, op) })).code).toBe(
      code('OPERATOR_LOGIN_FAILED'),
    );
    const [record] = await audited('operator.disable');
    expect(record).toMatchObject({
      operator_id: admin.operator.id,
      role: 'admin',
      target_type: 'operator',
      target_id: String(op.operator.id),
      before: { id: op.operator.id, disabledAt: null },
      after: { id: op.operator.id, disabledAt: res.data.disabledAt },
    });
    expect(
      await t.post('/admin/api/operators/disable', { id: admin.operator.id }, { token: adminToken }),
    ).toMatchObject({ status: 409, code: code('OPERATOR_DISABLE_SELF') });
    expect(await t.post('/admin/api/operators/disable', { id: 999_999 }, { token: adminToken })).toMatchObject({
      status: 404,
      code: code('OPERATOR_NOT_FOUND'),
    });
  });
});

describe('operator sessions', () => {
  it('end after OPERATOR_SESSION_IDLE_MINUTES without a request, and live on while used', async () => {
    const op = await createOperator(t, 'support');
    const token = await operatorLogin(t, op);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(29 * 60_000);
      expect((await t.call('GET', '/admin/api/auth/me', undefined, { token })).code).toBe(0);
    }
    t.clock.advance(30 * 60_000);
    expect(await t.call('GET', '/admin/api/auth/me', undefined, { token })).toMatchObject({
      status: 401,
      code: code('SESSION_EXPIRED'),
    });
  });

  it('end at logout', async () => {
    const op = await createOperator(t, 'finance');
    const token = await operatorLogin(t, op);
    expect((await t.post('/admin/api/auth/logout', undefined, { token })).code).toBe(0);
    expect((await t.call('GET', '/admin/api/auth/me', undefined, { token })).code).toBe(code('SESSION_EXPIRED'));
    expect((await audited('operator.logout'))[0]).toMatchObject({ operator_id: op.operator.id, role: 'finance' });
  });

  it('are not user sessions, and user sessions are not operator sessions', async () => {
    const user = await registerByEmail(t);
    const op = await createOperator(t, 'admin');
    const opToken = await operatorLogin(t, op);
    // A live user token on admin routes: 301, in the header either way it could be sent.
    for (const path of ['/admin/api/auth/me', '/admin/api/operators/list', '/admin/api/audit/list']) {
      expect(await t.call('GET', path, undefined, { token: user.token })).toMatchObject({
        status: 401,
        code: code('SESSION_EXPIRED'),
      });
      expect(await t.call('GET', path, undefined, { token: `op_${user.token}` })).toMatchObject({
        status: 401,
        code: code('SESSION_EXPIRED'),
      });
    }
    // A live operator token on user routes: 301, with and without its prefix.
    for (const token of [opToken, opToken.slice(3)]) {
      expect(await t.post('/asset/api/user/info', undefined, { token })).toMatchObject({
        status: 401,
        code: code('SESSION_EXPIRED'),
      });
      expect(await t.post('/asset/api/account/list', undefined, { token })).toMatchObject({
        status: 401,
        code: code('SESSION_EXPIRED'),
      });
    }
    // Both still live.
    expect((await t.post('/asset/api/user/info', undefined, { token: user.token })).code).toBe(0);
    expect((await t.call('GET', '/admin/api/auth/me', undefined, { token: opToken })).code).toBe(0);
  });
});

describe('operators, by an admin', () => {
  it('creates an operator whose TOTP secret comes once, who can then sign in', async () => {
    const admin = await createOperator(t, 'admin');
    const token = await operatorLogin(t, admin);
    const email = uniqueEmail('new-op');
    const res = await t.post<OperatorCreateResult>(
      '/admin/api/operators/create',
      { email, password: 'a-good-long-password', role: 'compliance' },
      { token },
    );
    expect(res.code).toBe(0);
    expect(res.data.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(res.data.totpUri).toContain(`secret=${res.data.totpSecret}`);
    const created = { ...res.data, email, password: 'a-good-long-password' };
    const newToken = await operatorLogin(t, created);
    expect((await t.call<OperatorInfo>('GET', '/admin/api/auth/me', undefined, { token: newToken })).data.role).toBe(
      'compliance',
    );
    // Never again: not in the list, not in the audit log.
    const list = await t.call<OperatorList>('GET', '/admin/api/operators/list?size=100', undefined, { token });
    expect(JSON.stringify(list.data)).not.toContain(res.data.totpSecret);
    const [record] = await audited('operator.create');
    expect(record).toMatchObject({
      operator_id: admin.operator.id,
      target_id: String(res.data.operator.id),
      before: null,
      after: { email, role: 'compliance' },
    });
    expect(JSON.stringify(record)).not.toContain(res.data.totpSecret);
    // Nor in the database: the secret is stored sealed under the app secret.
    const [stored] = rowsOf(await t.ctx.db.execute(sql`SELECT totp_secret FROM operators WHERE email = ${email}`));
    expect(stored!.totp_secret).toMatch(/^aesgcm\$/);
    expect(stored!.totp_secret).not.toContain(res.data.totpSecret);
    expect(
      await t.post(
        '/admin/api/operators/create',
        { email, password: 'a-good-long-password', role: 'support' },
        { token },
      ),
    ).toMatchObject({ status: 409, code: code('OPERATOR_EXISTS') });
    expect(
      await t.post(
        '/admin/api/operators/create',
        { email: uniqueEmail(), password: 'short', role: 'support' },
        { token },
      ),
    ).toMatchObject({ status: 400, code: code('OPERATOR_PASSWORD_TOO_SHORT') });
    expect(
      await t.post(
        '/admin/api/operators/create',
        { email: uniqueEmail(), password: 'a-good-long-password', role: 'root' },
        { token },
      ),
    ).toMatchObject({ status: 400, code: code('INVALID_PARAMETER') });
  });

  it('lists operators a page at a time, newest first', async () => {
    const admin = await createOperator(t, 'admin');
    const token = await operatorLogin(t, admin);
    const list = await t.call<OperatorList>('GET', '/admin/api/operators/list?page=1&size=2', undefined, { token });
    expect(list.data.items).toHaveLength(2);
    expect(list.data.items[0]?.id).toBe(admin.operator.id);
    expect(list.data.total).toBeGreaterThan(2);
  });
});

describe('the audit log read', () => {
  it('filters by operator, action, target and time, pages on the server, and records the read', async () => {
    const admin = await createOperator(t, 'admin');
    const token = await operatorLogin(t, admin);
    const from = t.clock.now().getTime();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      ids.push(
        (
          await t.post<OperatorCreateResult>(
            '/admin/api/operators/create',
            { email: uniqueEmail('audited'), password: 'a-good-long-password', role: 'support' },
            { token },
          )
        ).data.operator.id,
      );
    }
    const to = t.clock.now().getTime();
    const q = (query: string) => t.call<AuditList>('GET', `/admin/api/audit/list?${query}`, undefined, { token });
    const mine = await q(`operatorId=${admin.operator.id}&action=operator.create&size=2`);
    expect(mine.data).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(mine.data.items.map((r) => Number(r.targetId))).toEqual([ids[2], ids[1]]);
    expect(
      (await q(`operatorId=${admin.operator.id}&action=operator.create&size=2&page=2`)).data.items.map((r) =>
        Number(r.targetId),
      ),
    ).toEqual([ids[0]]);
    expect((await q(`targetType=operator&targetId=${ids[1]}`)).data.items.map((r) => r.action)).toEqual([
      'operator.create',
    ]);
    expect(
      (await q(`action=operator.create&from=${from + 1500}&to=${to - 500}`)).data.items.map((r) => Number(r.targetId)),
    ).toEqual([ids[1]]);
    expect(await q(`from=${to}&to=${from}`)).toMatchObject({ status: 400, code: code('TIME_RANGE_INVALID') });
    const item = mine.data.items[0]!;
    expect(item).toMatchObject({ operatorEmail: admin.email, role: 'admin', targetType: 'operator', before: null });
    expect(item.hash).toMatch(/^[0-9a-f]{64}$/);
    const reads = await q(`operatorId=${admin.operator.id}&action=audit.read`);
    expect(reads.data.total).toBeGreaterThanOrEqual(4);
  });
});
