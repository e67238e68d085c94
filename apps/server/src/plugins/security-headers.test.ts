import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API } from '@app/contract';
import { createTestApp, registerByEmail, writeWebDist, type TestApp } from '../../test/harness';
import { CHART_ATTRIBUTION_STYLE_HASH } from './security-headers';

/** A built web app in miniature: index.html and one hashed asset, as Vite writes them. */
const webDist = writeWebDist('headers-web', {
  'index.html':
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
  'assets/index-Ab12Cd34.js': 'console.log(1);\n',
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as a map of directive → its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The headers every answer carries, HTML, static file or API. */
function expectBaseHeaders(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('style-src')).toEqual(["'self'", CHART_ATTRIBUTION_STYLE_HASH]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it("on the web app's HTML: the CSP lets it reach its own host's websocket; the page is not framed", async () => {
    const res = await t.app.inject({ url: '/pages/home', headers: { host: 'trade.example.com:8443' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expectBaseHeaders(res);
    expect(csp(res).get('connect-src')).toEqual([
      "'self'",
      'ws://trade.example.com:8443',
      'wss://trade.example.com:8443',
    ]);
    expect(csp(res).get('img-src')).toEqual(["'self'", 'blob:']);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/\s;|\s$/);
  });

  it('puts no strange Host into the CSP', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: 'evil.test; script-src *' } });
    expect(csp(res).get('connect-src')).toEqual(["'self'"]);
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
  });

  it('on a hashed static asset, without no-store (its caching is left as it was)', async () => {
    const res = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res);
    expect(res.headers['cache-control']).not.toMatch(/no-store/);
  });

  it('on a public API answer, with no-store', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.countryCode.list });
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on an error answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/asset/api/user/info' });
    expect(res.json()).toMatchObject({ code: 301 });
    expectBaseHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('no-store on every answer to a request with a session token, even where a route allows caching', async () => {
    const u = await registerByEmail(t);
    const info = await t.app.inject({ method: 'POST', url: '/asset/api/user/info', headers: { token: u.token } });
    expect(info.json()).toMatchObject({ code: 0 });
    expectBaseHeaders(info);
    expect(info.headers['cache-control']).toBe('no-store');
    // The sign-in answer carries a token in its body: no-store too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/asset/api/user/login',
      payload: { type: 'email', email: u.email, password: u.password },
    });
    expect(login.json()).toMatchObject({ code: 0 });
    expect(login.headers['cache-control']).toBe('no-store');
    // A file with its own cache rule, asked for with a token: the token wins.
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { token: u.token } });
    expect(asset.headers['cache-control']).toBe('no-store');
  });

  it('on the API docs page: the CSP allows what it loads (same-origin files, data: images), and those files answer', async () => {
    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expectBaseHeaders(page);
    expect(csp(page).get('img-src')).toEqual(["'self'", 'data:']);
    const html = page.body;
    // No inline script or style the CSP would block: every script and stylesheet is a file of ours.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(3);
    for (const ref of refs) {
      expect(ref).toMatch(/^\.\//); // relative: same origin
      const res = await t.app.inject({ url: `/docs/${ref.slice(2)}` });
      expect(res.statusCode, ref).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject({ url: '/docs/json' })).statusCode).toBe(200);
    // Without the top bar: its logo is an SVG with an inline <style> the CSP refuses.
    const init = await t.app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(init.body).toMatch(/"layout":\s*"BaseLayout"/);
  });
});

describe('HSTS', () => {
  it('is sent when TRUST_PROXY is on and the proxy says the request came over HTTPS', async () => {
    const p = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await p.app.inject({
        method: 'POST',
        url: API.countryCode.list,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const http = await p.app.inject({
        method: 'POST',
        url: API.countryCode.list,
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      const direct = await p.app.inject({ method: 'POST', url: API.countryCode.list });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await p.close();
    }
  });

  it('is not sent when the proxy is not trusted, whatever X-Forwarded-Proto says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.countryCode.list,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("the chart library's inline style", () => {
  it('is allowed by the hash of exactly the text the installed lightweight-charts injects', () => {
    const lib = path.resolve(
      import.meta.dirname,
      '../../../../node_modules/lightweight-charts/dist/lightweight-charts.production.mjs',
    );
    const source = fs.readFileSync(lib, 'utf8');
    const css = /innerText=(["`])(a#tv-attr-logo\{[^"`]*)\1/.exec(source)?.[2];
    expect(css, 'lightweight-charts no longer injects the attribution style this way: check the CSP').toBeDefined();
    const hash = crypto
      .createHash('sha256')
      .update(css ?? '')
      .digest('base64');
    expect(CHART_ATTRIBUTION_STYLE_HASH).toBe(`'sha256-${hash}'`);
  });
});
