import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, writeWebDist, type TestApp } from '../test/harness';
import { compressDir } from '../../web/scripts/compress.mjs';

/** The back office's build in miniature (apps/admin/dist), served at /admin/ beside a web app. */
const ADMIN_INDEX = `<!doctype html><html><head><title>Back office</title><script type="module" src="/admin/assets/index-Zz12Yy34.js"></script></head><body>${'admin '.repeat(100)}</body></html>`;
const ADMIN_JS = `export const menu = [${Array.from({ length: 200 }, (_, i) => `"item ${i}"`).join(', ')}];\n`;
const WEB_INDEX = '<!doctype html><html><head><title>Trading Wallet</title></head><body>web</body></html>';

const adminDist = writeWebDist('static-admin', { 'index.html': ADMIN_INDEX, 'assets/index-Zz12Yy34.js': ADMIN_JS });
compressDir(adminDist);
const webDist = writeWebDist('static-admin-web', { 'index.html': WEB_INDEX });

/** A GET over a real socket: the path is sent byte for byte, as curl --path-as-is sends it. */
function rawGet(port: number, url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
      })
      .on('error', reject);
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist, ADMIN_DIST: adminDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(adminDist, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the back office at /admin/', () => {
  it('/admin/ and its client routes answer its index.html, revalidated on each use, under the CSP', async () => {
    for (const url of ['/admin/', '/admin/sign-in', '/admin/audit', '/admin/operators?page=2']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(ADMIN_INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers['content-security-policy'], url).not.toMatch(/unsafe-inline/);
    }
  });

  it('/admin redirects to /admin/', async () => {
    const res = await t.app.inject({ url: '/admin' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/');
  });

  it('hashed assets: immutable for a year, brotli when accepted', async () => {
    const res = await t.app.inject({ url: '/admin/assets/index-Zz12Yy34.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ADMIN_JS);
  });

  it('the admin API stays an API: unknown routes are NOT_FOUND envelopes, never the page', async () => {
    const res = await t.app.inject({ url: '/admin/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(Number) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/admin/api itself and paths that only decode into the API are API paths: the NOT_FOUND envelope', async () => {
    // Over a socket, so each path reaches the server as sent (inject resolves dot segments first).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const url of [
      '/admin/api',
      '/admin/api?x=1',
      '/admin/api/%2e%2e',
      '/admin/api/%2E%2E/',
      '/admin/api/..',
      '/admin/api/./',
      '/admin/%61pi/',
      '/admin/%61pi',
      '/admin/api%2f',
      '/admin/api%2Fnothing',
      '/admin//api/x',
    ]) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(404);
      expect(res.type, url).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), url).toMatchObject({ code: expect.any(Number) });
    }
    // A client route of the back office is still its page.
    const page = await rawGet(port, '/admin/apis-and-more');
    expect(page.status).toBe(200);
    expect(page.body).toBe(ADMIN_INDEX);
  });

  it('the web app keeps its own index.html', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).toBe(WEB_INDEX);
  });
});

describe('without a back office build', () => {
  it('/admin/ is NOT_FOUND', async () => {
    const app = await createTestApp({ env: { WEB_DIST: webDist, ADMIN_DIST: `${adminDist}-missing` } });
    try {
      const res = await app.app.inject({ url: '/admin/audit' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: expect.any(Number) });
    } finally {
      await app.close();
    }
  });
});
