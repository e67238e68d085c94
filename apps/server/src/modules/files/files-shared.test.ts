import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, registerByEmail, uploadFile, type TestApp } from '../../../test/harness';

// Two app instances on one database, each with its own data folder (as two machines): with the
// PostgreSQL file store an upload through either is served by the other.
let a: TestApp;
let b: FastifyInstance;
let bDir: string;
beforeAll(async () => {
  const env = { AUTH_RATE_LIMIT_PER_MINUTE: '10000', FILE_STORE: 'pg', MARKET_ENGINE: 'manual' };
  a = await createTestApp({ env });
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-b-'));
  b = await buildApp({
    ctx: { ...a.ctx, config: loadConfig({ ...env, DATA_DIR: bDir, WEB_DIST: path.join(bDir, 'no-web') }) },
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await a.close();
  fs.rmSync(bDir, { recursive: true, force: true });
});

describe('files across processes (FILE_STORE=pg)', () => {
  it('an upload through instance A is served by instance B, with the same access rules', {
    timeout: 60_000,
  }, async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const owner = await registerByEmail(a);
    const avatar = await uploadFile(
      a,
      owner.token,
      { kind: 'avatar' },
      { name: 'a.png', type: 'image/png', data: png },
    );
    const priv = await uploadFile(
      a,
      owner.token,
      { kind: 'private' },
      { name: 'id.png', type: 'image/png', data: png },
    );
    expect([avatar.code, priv.code]).toEqual([0, 0]);
    // Nothing on A's disk: the bytes are in the database.
    expect(fs.existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);

    const servedAvatar = await b.inject({ method: 'GET', url: avatar.data!.path });
    expect(servedAvatar.statusCode).toBe(200);
    expect(servedAvatar.headers['content-type']).toBe('image/png');
    expect(await sharp(servedAvatar.rawPayload).metadata()).toMatchObject({ format: 'png', width: 20, height: 10 });

    const mine = await b.inject({ method: 'GET', url: priv.data!.path, headers: { token: owner.token } });
    expect(mine.statusCode).toBe(200);
    expect(
      mine.rawPayload.equals(
        (await a.app.inject({ method: 'GET', url: priv.data!.path, headers: { token: owner.token } })).rawPayload,
      ),
    ).toBe(true);
    const other = await registerByEmail(a);
    expect(
      (await b.inject({ method: 'GET', url: priv.data!.path, headers: { token: other.token } })).json(),
    ).toMatchObject({ code: ERRORS.NOT_FOUND.code });
    expect((await b.inject({ method: 'GET', url: priv.data!.path })).json()).toMatchObject({ code: 301 });
  });
});
