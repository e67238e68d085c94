import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../test/harness';
import { fillPath, operations } from '../../test/openapi';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
});
afterAll(() => t.close());

/** Requests that would fail validation if they got that far: no body, an empty one, broken JSON, a wrong type, bad query. */
function invalidRequests(
  method: 'GET' | 'POST',
  url: string,
): { label: string; headers: Record<string, string>; payload?: string }[] {
  if (method === 'GET') {
    return [
      { label: 'bad query', headers: {}, payload: undefined },
      { label: 'unknown query field', headers: {}, payload: undefined },
    ].map((r, i) => ({ ...r, url: `${url}?${i === 0 ? 'page=abc&size=1e400&id=-1' : 'nope=1'}` }));
  }
  return [
    { label: 'no body', headers: {} },
    { label: 'empty object', headers: { 'content-type': 'application/json' }, payload: '{}' },
    { label: 'empty JSON', headers: { 'content-type': 'application/json' }, payload: '' },
    { label: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { label: 'unknown field', headers: { 'content-type': 'application/json' }, payload: '{"nope":1}' },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  ];
}

describe('routes that need a session', () => {
  it('are marked in the OpenAPI document', () => {
    const ops = operations(t.app);
    expect(ops.filter((o) => o.session === 'required').length).toBeGreaterThan(30);
    expect(ops.filter((o) => o.session === 'optional').map((o) => o.path)).toEqual([
      '/asset/api/user/sendOtp',
      '/asset/api/user/SendSmsOtp',
      '/asset/api/vip/info',
    ]);
  });

  it('answer 301 before they look at the body or the query, without a token or with a dead one', async () => {
    const wrong: string[] = [];
    for (const op of operations(t.app).filter((o) => o.session === 'required')) {
      const url = fillPath(op.path, { name: 'x' });
      for (const req of invalidRequests(op.method, url)) {
        for (const auth of [{}, { token: 'not-a-live-token' }, { token: 'not-a-live-token', typeUser: 'demo' }]) {
          const res = await t.app.inject({
            method: op.method,
            url: 'url' in req ? String(req.url) : url,
            headers: { ...req.headers, ...auth },
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
          const body = res.json() as { code: number };
          if (res.statusCode !== 401 || body.code !== code('SESSION_EXPIRED')) {
            wrong.push(`${op.method} ${op.path} ${req.label} ${JSON.stringify(auth)}: ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('come after the typeUser check, which every request passes first, and before the body', async () => {
    const anonymous = await t.post('/transaction/api/contract/create', {}, { headers: { typeUser: 'bogus' } });
    expect([anonymous.status, anonymous.code]).toEqual([400, code('TYPE_USER_INVALID')]);
    const { token } = await registerByEmail(t);
    const signedIn = await t.post('/transaction/api/contract/create', {}, { token, headers: { typeUser: 'bogus' } });
    expect([signedIn.status, signedIn.code]).toEqual([400, code('TYPE_USER_INVALID')]);
    const empty = await t.post('/transaction/api/contract/create', {}, { token });
    expect(empty.code).toBe(code('FIELD_REQUIRED'));
  });

  it('with an optional session, a dead token answers 301 before the body; none at all goes on to validation', async () => {
    const dead = await t.post('/asset/api/user/sendOtp', {}, { token: 'not-a-live-token' });
    expect([dead.status, dead.code]).toEqual([401, code('SESSION_EXPIRED')]);
    const anonymous = await t.post('/asset/api/user/sendOtp', {});
    expect(anonymous.code).toBe(code('FIELD_REQUIRED'));
  });

  it('keep public routes public', async () => {
    // Back-office routes take an operator session instead (modules/operators/roles.test.ts).
    for (const op of operations(t.app).filter(
      (o) => o.session === 'none' && o.roles === null && o.method === 'GET' && o.query.length === 0,
    )) {
      const res = await t.app.inject({ method: 'GET', url: op.path });
      expect(res.statusCode, op.path).toBe(200);
    }
  });
});
