import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, writeWebDist, type TestApp } from '../test/harness';
import { compressDir } from '../../web/scripts/compress.mjs';

/**
 * A built web app in miniature, as `npm run build` leaves it: index.html, a hashed asset, an
 * unhashed public file, and their precompressed copies (written by the build's compress step).
 */
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${'app '.repeat(200)}</div></body></html>`;
const JS = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{ id: ${i}, name: "coin ${i}" }`).join(', ')}];\n`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;
const webDist = writeWebDist('static-web', {
  'index.html': INDEX,
  'assets/index-Ab12Cd34.js': JS,
  'coins/btc.svg': SVG,
});
compressDir(webDist);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const ASSET = '/assets/index-Ab12Cd34.js';

describe('web app files: precompressed copies', () => {
  it('brotli to a browser that accepts it, with the right bytes, type and Vary', async () => {
    const res = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JS.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
    // The security headers still apply to a compressed answer.
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gzip to a browser that accepts only gzip', async () => {
    const res = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('the file as it is to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ url: ASSET, headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(JS);
    }
  });

  it('index.html compressed too, for / and for an app route (the SPA fallback)', async () => {
    for (const url of ['/', '/pages/home/index']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
      expect(res.headers['content-security-policy'], url).toMatch(/connect-src 'self'/);
    }
  });
});

describe('web app files: caching', () => {
  it('a hashed file under /assets/ is cached for a year and never revalidated, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': encoding } });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html is revalidated every time: at /, at an app route, and by its own name', async () => {
    for (const url of ['/', '/splash', '/pages/home/index', '/index.html']) {
      for (const encoding of ['br', 'identity']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('an unhashed public file (a coin icon) is revalidated every time', async () => {
    const res = await t.app.inject({ url: '/coins/btc.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
  });

  it('the build stamp in the dist is not served', async () => {
    fs.writeFileSync(path.join(webDist, '.build-stamp'), 'x\n');
    const app = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      expect((await app.app.inject({ url: '/.build-stamp' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
