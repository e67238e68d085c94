import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRORS, type OperatorLoginResult } from '@app/contract';
import { createTestApp, PASSWORD, registerByEmail, uniqueEmail, type TestApp } from '../../../test/harness';
import { createOperator, OPERATOR_PASSWORD, totpNow } from '../../../test/operators';
import { rowsOf } from '../../db/client';
import { TOTP_PERIOD_SECONDS } from '../operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' } });
});
afterAll(() => t.close());

const userLogin = (email: string, password: string, ip: string) =>
  t.post('/asset/api/user/login', { type: 'email', email, password }, { ip });
const operatorSignIn = (body: Record<string, unknown>, ip: string) =>
  t.post<OperatorLoginResult>('/admin/api/auth/login', body, { ip });

/** The attempts of one identifier, per realm and outcome. */
async function attempts(accountKey: string) {
  return rowsOf(
    await t.ctx.db.execute(sql`
    SELECT realm, success, count(*)::integer AS n FROM login_attempts WHERE account_key = ${accountKey} GROUP BY realm, success ORDER BY realm, success`),
  );
}

describe('one sign-in throttle, users and operators counted apart', () => {
  it('a user locked out of an e-mail and an address does not lock the operator with that e-mail there', async () => {
    const email = uniqueEmail('both');
    const ip = '203.0.113.41';
    await registerByEmail(t, email);
    const op = await createOperator(t, 'support', email);
    for (let i = 0; i < 5; i++) expect((await userLogin(email, 'wrong-one', ip)).code).toBe(code('PASSWORD_INCORRECT'));
    expect((await userLogin(email, PASSWORD, ip)).code).toBe(code('LOGIN_LOCKED'));
    t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
    expect((await operatorSignIn({ email, password: OPERATOR_PASSWORD, totp: totpNow(t, op) }, ip)).code).toBe(0);
    expect(await attempts(email)).toEqual([
      { realm: 'operator', success: true, n: 1 },
      { realm: 'user', success: false, n: 5 },
    ]);
  });

  it('an operator locked out does not lock the user with that e-mail', async () => {
    const email = uniqueEmail('both');
    const ip = '203.0.113.42';
    await registerByEmail(t, email);
    const op = await createOperator(t, 'support', email);
    for (let i = 0; i < 5; i++)
      expect((await operatorSignIn({ email, password: 'wrong-password', totp: '000000' }, ip)).code).toBe(
        code('OPERATOR_LOGIN_FAILED'),
      );
    t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
    expect((await operatorSignIn({ email, password: OPERATOR_PASSWORD, totp: totpNow(t, op) }, ip)).code).toBe(
      code('LOGIN_LOCKED'),
    );
    expect((await userLogin(email, PASSWORD, ip)).code).toBe(0);
    expect(await attempts(email)).toEqual([
      { realm: 'operator', success: false, n: 5 },
      { realm: 'user', success: true, n: 1 },
    ]);
  });
});
