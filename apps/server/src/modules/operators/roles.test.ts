import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, ERRORS, OPERATOR_ROLES, Ok, type OperatorRole } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { fillPath, operations, type Operation } from '../../../test/openapi';
import { createOperator, operatorLogin } from '../../../test/operators';
import { schema } from '../../lib/route';
import { operatorSessionPlugin } from '../../plugins/operator-session';
import { AppError } from '../../lib/app-error';

/**
 * The policy: which roles each back-office route allows. The routes themselves are enumerated from
 * the OpenAPI document (below), so a new admin route that is not written here fails the test; a
 * change of a route's roles must be made here too, on purpose.
 */
const POLICY: Record<string, readonly OperatorRole[]> = {
  'POST /admin/api/auth/logout': OPERATOR_ROLES,
  'GET /admin/api/dashboard': OPERATOR_ROLES,
  'GET /admin/api/auth/me': OPERATOR_ROLES,
  'GET /admin/api/operators/list': ['admin'],
  'POST /admin/api/operators/create': ['admin'],
  'POST /admin/api/operators/disable': ['admin'],
  'GET /admin/api/audit/list': ['admin', 'compliance'],
  'GET /admin/api/approvals/list': ['finance', 'admin'],
  'POST /admin/api/approvals/request-credit': ['finance', 'admin'],
  'POST /admin/api/approvals/request-reversal': ['finance', 'admin'],
  'POST /admin/api/approvals/decide': ['finance', 'admin'],
  'GET /admin/api/users/search': OPERATOR_ROLES,
  'GET /admin/api/users/detail': OPERATOR_ROLES,
  'POST /admin/api/users/lock': ['support', 'compliance', 'admin'],
  'POST /admin/api/users/unlock': ['compliance', 'admin'],
  'POST /admin/api/users/logout': ['support', 'compliance', 'admin'],
  'POST /admin/api/users/unfreeze-withdrawals': ['support', 'compliance', 'admin'],
  'GET /admin/api/kyc/queue': ['compliance', 'admin'],
  'GET /admin/api/kyc/detail': ['compliance'],
  'GET /admin/api/kyc/photo': ['compliance'],
  'POST /admin/api/kyc/decide': ['compliance'],
  'GET /admin/api/withdrawals/list': ['finance', 'admin'],
  'POST /admin/api/withdrawals/decide': ['finance', 'admin'],
  'GET /admin/api/withdrawals/settings': ['finance', 'admin'],
  'POST /admin/api/withdrawals/settings/update': ['admin'],
  'GET /admin/api/financing/products': ['admin', 'finance'],
  'POST /admin/api/financing/products/save': ['admin', 'finance'],
  'GET /admin/api/financing/subscriptions': ['admin', 'finance'],
  'GET /admin/api/loans/products': ['finance', 'admin'],
  'POST /admin/api/loans/products/save': ['finance', 'admin'],
  'GET /admin/api/loans/list': ['finance', 'admin'],
  'GET /admin/api/loans/detail': ['finance', 'admin'],
  'GET /admin/api/loans/photo': ['finance', 'admin'],
  'POST /admin/api/loans/decide': ['finance', 'admin'],
  // Issue 20: content (news, help: support; legal texts: compliance), app versions (admin), the support inbox.
  ...Object.fromEntries(
    [
      'GET news/list',
      'POST news/save',
      'POST news/withdraw',
      'GET help/list',
      'POST help/save',
      'POST help/publish',
    ].map((r) => [r.replace(' ', ' /admin/api/content/'), ['support', 'admin'] as const]),
  ),
  'GET /admin/api/content/legal/versions': ['compliance', 'admin'],
  'POST /admin/api/content/legal/publish': ['compliance', 'admin'],
  'GET /admin/api/app-versions/list': ['admin'],
  'POST /admin/api/app-versions/publish': ['admin'],
  'POST /admin/api/app-versions/downloads/save': ['admin'],
  'GET /admin/api/content/shortcuts/list': ['support', 'admin'],
  'POST /admin/api/content/shortcuts/save': ['support', 'admin'],
  'GET /admin/api/vip/tiers': ['finance', 'admin'],
  'POST /admin/api/vip/tiers/save': ['admin'],
  ...Object.fromEntries(
    [
      'GET inbox',
      'GET inbox-state',
      'GET conversation',
      'GET messages',
      'POST reply',
      'POST read',
      'POST assign',
      'POST move',
      'POST close',
      'GET image',
      'GET operators',
      'GET canned',
      'POST canned/save',
      'POST canned/delete',
    ].map((r) => [r.replace(' ', ' /admin/api/chat/'), ['support', 'admin'] as const]),
  ),
};
/** The one admin route open without a session. */
const PUBLIC = ['POST /admin/api/auth/login'];

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const key = (op: Operation) => `${op.method} ${op.path}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' } });
});
afterAll(() => t.close());

describe('the roles of every admin route', () => {
  it('are declared in the OpenAPI document and are the policy, exactly', () => {
    const admin = operations(t.app).filter((op) => op.path.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(7);
    expect(admin.filter((op) => op.roles === null).map(key)).toEqual(PUBLIC);
    const declared = Object.fromEntries(
      admin.filter((op) => op.roles !== null).map((op) => [key(op), [...op.roles!].sort()]),
    );
    expect(declared).toEqual(Object.fromEntries(Object.entries(POLICY).map(([k, roles]) => [k, [...roles].sort()])));
    // No route outside /admin/api/ takes an operator, none inside takes a user session.
    for (const op of operations(t.app)) {
      if (op.roles !== null) expect(op.path.startsWith('/admin/api/'), key(op)).toBe(true);
      if (op.path.startsWith('/admin/')) expect(op.session, key(op)).toBe('none');
    }
  });

  it('let exactly the declared roles through, and neither a user token nor no token', { timeout: 60_000 }, async () => {
    const tokens = new Map<string, string>();
    for (const role of OPERATOR_ROLES) tokens.set(role, await operatorLogin(t, await createOperator(t, role)));
    const user = await registerByEmail(t);
    // The operator's own sign-out last: it ends the session it is called with.
    const last = (op: Operation) => Number(op.path === ADMIN_API.auth.logout);
    const routes = operations(t.app)
      .filter((op) => op.roles !== null)
      .sort((a, b) => last(a) - last(b));
    const found: Record<string, string[]> = {};
    const wrong: string[] = [];
    for (const op of routes) {
      found[key(op)] = [];
      // No body and no query: a route that lets the caller through answers its own validation
      // failure (or its answer), one that does not answers 301 or 403 before reading anything.
      const send = (token?: string) =>
        t.app.inject({ method: op.method, url: fillPath(op.path, {}), headers: token ? { token } : {} });
      for (const [who, token] of [...tokens, ['user', user.token], ['none', undefined]] as [
        string,
        string | undefined,
      ][]) {
        const res = await send(token);
        const body = res.json() as { code: number };
        if (body.code === code('OPERATOR_ROLE_FORBIDDEN')) {
          if (res.statusCode !== 403 || !OPERATOR_ROLES.includes(who as OperatorRole))
            wrong.push(`${key(op)} ${who}: ${res.statusCode} ${res.body}`);
        } else if (body.code === code('SESSION_EXPIRED')) {
          if (res.statusCode !== 401 || OPERATOR_ROLES.includes(who as OperatorRole))
            wrong.push(`${key(op)} ${who}: ${res.statusCode} ${res.body}`);
        } else {
          found[key(op)]!.push(who);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.sort()]))).toEqual(
      Object.fromEntries(routes.map((op) => [key(op), [...op.roles!].sort()])),
    );
  });

  it('answer 301 before they read the body or the query, without a token, with a user token or a dead one', async () => {
    const user = await registerByEmail(t);
    const wrong: string[] = [];
    for (const op of operations(t.app).filter((o) => o.roles !== null)) {
      const url = fillPath(op.path, {});
      const requests =
        op.method === 'GET'
          ? [
              { url: `${url}?page=abc&size=1e400`, headers: {} },
              { url: `${url}?nope=1`, headers: {} },
            ]
          : [
              { url, headers: {} },
              { url, headers: { 'content-type': 'application/json' }, payload: '{"a":' },
              { url, headers: { 'content-type': 'text/plain' }, payload: 'x' },
            ];
      for (const req of requests) {
        for (const auth of [{}, { token: user.token }, { token: 'op_not-a-live-token' }]) {
          const res = await t.app.inject({
            method: op.method,
            url: req.url,
            headers: { ...req.headers, ...auth },
            ...('payload' in req ? { payload: req.payload } : {}),
          });
          if (res.statusCode !== 401 || (res.json() as { code: number }).code !== code('SESSION_EXPIRED'))
            wrong.push(`${key(op)} ${req.url} ${JSON.stringify(auth)}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuse to register an admin route that declares no roles (the app does not start)', async () => {
    const app = Fastify();
    await app.register(operatorSessionPlugin, {
      operators: { authenticate: () => Promise.reject(new AppError('SESSION_EXPIRED')) },
      publicPaths: ['/admin/api/auth/login'],
    });
    expect(() =>
      app.get('/admin/api/forgotten', { schema: schema({ tags: [], summary: 'x', response: Ok }) }, () => null),
    ).toThrow('admin route GET /admin/api/forgotten declares no roles');
    // With roles it is taken.
    app.get(
      '/admin/api/declared',
      { schema: schema({ tags: [], summary: 'y', response: Ok, roles: ['admin'] }) },
      () => null,
    );
    await app.close();
  });
});
