import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, AVATAR_URL_PREFIX, ERRORS, WS_PATH } from '@app/contract';
import { buildApp } from './app';
import { createTestApp, READYZ_AUTH, TEST_READYZ_TOKEN, type TestApp } from '../test/harness';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails unexpectedly, to see what a client gets.
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers an unknown API path with a JSON error, never HTML', async () => {
    for (const url of ['/asset/api/nope', '/api/market/nope', '/nope', '/favicon.php']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ code: code('NOT_FOUND'), msg: 'Not found', data: null });
    }
  });

  it('answers malformed JSON and a wrong content type with their codes', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/asset/api/user/login',
      payload: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.json()).toMatchObject({ code: code('MALFORMED_JSON') });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/asset/api/user/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.json()).toMatchObject({ code: code('UNSUPPORTED_MEDIA_TYPE') });
  });

  it('refuses a body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/asset/api/user/login',
      payload: JSON.stringify({ type: 'email', email: 'a@b.co', password: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({ code: code('PAYLOAD_TOO_LARGE') });
  });

  it("never sends a stack trace: an unexpected failure is INTERNAL_ERROR in the user's language", async () => {
    const app = await buildApp({ ctx: t.ctx });
    app.get('/asset/api/test/boom', async () => {
      throw new Error('secret detail at /srv/app/db.ts:12');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/asset/api/test/boom', headers: { lang: 'fr' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret|\.ts|stack/);
    expect(res.json()).toEqual({ code: code('INTERNAL_ERROR'), msg: expect.stringMatching(/serveur/i), data: null });
    await app.close();
  });

  it('writes one access-log line per request, with its status and time', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const app = await buildApp({ ctx: t.ctx, logger });
    await app.ready();
    await app.inject({ method: 'GET', url: '/asset/api/nope' });
    await app.close();
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        url: '/asset/api/nope',
        statusCode: 404,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('answers NOT_READY until the database is open, while /healthz already answers', async () => {
    let ready = false;
    const app = await buildApp({ ctx: t.ctx, isReady: () => ready });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'POST', url: '/asset/api/user/info' })).json()).toMatchObject({
      code: code('NOT_READY'),
    });
    ready = true;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('/readyz', () => {
  it('tells everyone only its status; the host name, process id, role and chains need READYZ_TOKEN', async () => {
    const open = await t.app.inject({ url: '/readyz' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ status: 'ready' });
    expect(open.body).not.toContain(String(process.pid));
    for (const authorization of [
      'Bearer wrong-token-0123456789abcdef0123456789',
      `Bearer ${TEST_READYZ_TOKEN}x`,
      `Basic ${TEST_READYZ_TOKEN}`,
      TEST_READYZ_TOKEN,
      `Bearer  ${TEST_READYZ_TOKEN}`,
    ]) {
      const res = await t.app.inject({ url: '/readyz', headers: { authorization } });
      expect(res.json(), authorization).toEqual({ status: 'ready' });
    }
    const detail = await t.app.inject({ url: '/readyz', headers: READYZ_AUTH });
    expect(detail.json()).toMatchObject({
      status: 'ready',
      chains: expect.any(Array),
      role: expect.stringMatching(/^(engine|standby)$/),
      node: expect.any(String),
      db: { kind: expect.any(String), ok: true },
    });
  });

  it('without READYZ_TOKEN nobody sees the detail', async () => {
    const bare = await createTestApp({ env: { READYZ_TOKEN: '' } });
    try {
      const res = await bare.app.inject({ url: '/readyz', headers: READYZ_AUTH });
      expect(res.json()).toEqual({ status: 'ready' });
    } finally {
      await bare.close();
    }
  });
});

describe('OpenAPI', () => {
  it('publishes a document generated from the route schemas, and a browsable UI', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/asset/api/user/login',
        '/asset/api/user/register',
        '/asset/api/user/sendOtp',
        '/asset/api/user/SendSmsOtp',
        '/asset/api/user/info',
        '/asset/api/user/update',
        '/asset/api/user/forgot-fund-password',
        '/asset/api/common/upload',
        '/asset/api/countryCode/countryCodeList',
      ]),
    );
    expect(doc.paths['/asset/api/user/register']?.post?.requestBody).toBeDefined();
    const ui = await t.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });

  it('serves exactly the paths of packages/contract/src/paths.ts, each registered under its literal path', async () => {
    // A route's registration writes its path as paths.ts does (`app.post('/transaction/api/contract/create', …)`), so a
    // search for the path finds the handler; this keeps the two in step.
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(leaves));
    // A private upload is served under its name; health and readiness are not API paths.
    const expected = [...leaves(API), ...leaves(ADMIN_API)].map((p) => (p === API.common.file ? `${p}/{name}` : p));
    expect(Object.keys(doc.paths).sort()).toEqual([...expected, '/healthz', '/readyz'].sort());
    // Left out of the document: the market websocket and public avatars.
    expect(t.app.hasRoute({ method: 'GET', url: WS_PATH })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: `${AVATAR_URL_PREFIX}:name` })).toBe(true);
  });
});

describe('web app', () => {
  it('serves index.html for client routes and JSON for API paths', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
    const app = await buildApp({ ctx: { ...t.ctx, config: { ...t.ctx.config, webDist: web } } });
    for (const url of ['/', '/splash', '/pages/home/index', '/pages/desktop/dashboard/index']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
    }
    expect((await app.inject({ url: '/asset/api/user/nothing' })).json()).toMatchObject({ code: code('NOT_FOUND') });
    expect((await app.inject({ url: '/somewhere-else' })).json()).toMatchObject({ code: code('NOT_FOUND') });
    await app.close();
    fs.rmSync(web, { recursive: true });
  });
});
