import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, IMAGE_MAX_BYTES, type UserInfo } from '@app/contract';
import { createTestApp, registerByEmail, uploadFile, type TestApp } from '../../../test/harness';
import { fileBlobs } from '../../db/schema-cluster';
import { createFileStore, type FileStore } from './index';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;

/** A PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes whose header claims width × height (8-bit grey): a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1, 0))), // one row; the rest would follow
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// An S3-compatible server in this process (s3rver: a real S3 API over HTTP, signatures checked, objects on disk).
let s3: S3rver;
let s3Dir: string;
let s3Url: string;
beforeAll(async () => {
  PNG = await solid(40, 30).png().toBuffer();
  JPEG = await solid(40, 30).jpeg().toBuffer();
  WEBP = await solid(40, 30).webp().toBuffer();
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const { port } = await s3.run();
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/uploads/files-test?region=us-east-1&forcePathStyle=true`;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

let t: TestApp;
/** The store the app under test writes to, opened separately: what is really kept. */
let store: FileStore;
const upload = (
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) => uploadFile(t, token, fields, file);

/** How many files' bytes the store holds (every kind). */
async function storedCount(): Promise<number> {
  const fs_ = t.ctx.config.fileStore;
  if (fs_.kind === 'pg') return (await t.ctx.db.select({ n: count() }).from(fileBlobs))[0]!.n;
  if (fs_.kind === 's3') {
    const c = new S3Client({
      endpoint: fs_.s3!.endpoint,
      region: fs_.s3!.region,
      forcePathStyle: true,
      credentials: fs_.s3!.credentials!,
    });
    const out = await c.send(new ListObjectsV2Command({ Bucket: fs_.s3!.bucket, Prefix: fs_.s3!.keyPrefix }));
    c.destroy();
    return out.KeyCount ?? 0;
  }
  const dir = (k: string) => path.join(t.dataDir, 'uploads', k);
  return ['avatars', 'private'].reduce((n, k) => n + (fs.existsSync(dir(k)) ? fs.readdirSync(dir(k)).length : 0), 0);
}

describe.each(['disk', 'pg', 's3'] as const)('file store %s', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', FILE_STORE: kind, ...(kind === 's3' ? { S3_URL: s3Url } : {}) },
    });
    expect(t.ctx.config.fileStore.kind).toBe(kind);
    store = createFileStore(kind, {
      root: path.join(t.dataDir, 'uploads'),
      s3: t.ctx.config.fileStore.s3,
      db: () => t.ctx.db,
      now: () => new Date(),
    });
  });
  afterAll(async () => {
    await store.close();
    await t.close();
  });

  describe('upload', () => {
    it('stores an avatar under a server-made name, serves it publicly and sets it on the profile', async () => {
      const u = await registerByEmail(t);
      const r = await upload(
        u.token,
        { kind: 'avatar' },
        { name: '../../evil.exe', type: 'application/octet-stream', data: PNG },
      );
      expect(r.code).toBe(0);
      expect(r.data!.path).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: r.data!.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: r.data!.path,
            headers: { 'if-none-match': served.headers.etag as string },
          })
        ).statusCode,
      ).toBe(304);
      expect((await t.app.inject({ method: 'HEAD', url: r.data!.path })).statusCode).toBe(200);
      // An unknown avatar, and a private file asked for as an avatar: not found.
      expect(
        (await t.app.inject({ method: 'GET', url: '/uploads/avatars/0123456789abcdef0123456789abcdef.png' })).json(),
      ).toMatchObject({ code: code('NOT_FOUND') });
      const upd = await t.post<UserInfo>('/asset/api/user/update', { avatar: r.data!.path }, { token: u.token });
      expect(upd.data.avatar).toBe(r.data!.path);
      // Someone else cannot claim it as theirs.
      const v = await registerByEmail(t);
      expect((await t.post('/asset/api/user/update', { avatar: r.data!.path }, { token: v.token })).code).toBe(
        code('INVALID_PARAMETER'),
      );
    });

    it('accepts JPEG and WebP by content, whatever the name says', async () => {
      const u = await registerByEmail(t);
      expect(
        (await upload(u.token, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: JPEG })).data!.path,
      ).toMatch(/\.jpg$/);
      expect(
        (await upload(u.token, { kind: 'avatar' }, { name: 'a.gif', type: 'image/gif', data: WEBP })).data!.path,
      ).toMatch(/\.webp$/);
    });

    it('refuses a file that is not an image by its content, even named .png', async () => {
      const u = await registerByEmail(t);
      const r = await upload(
        u.token,
        { kind: 'avatar' },
        { name: 'photo.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
      );
      expect(r).toMatchObject({ code: code('IMAGE_INVALID'), msg: 'Image Invalid' });
    });

    it('refuses an image over 5 MB and keeps nothing of it', async () => {
      const u = await registerByEmail(t);
      const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
      const r = await upload(u.token, { kind: 'avatar' }, { name: 'big.png', type: 'image/png', data: big });
      expect(r).toMatchObject({
        status: 413,
        code: code('IMAGE_TOO_LARGE'),
        msg: 'Your picture is bigger than 5M, Please change',
      });
      const exactly = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - PNG.length, 0)]);
      expect(
        (await upload(u.token, { kind: 'avatar' }, { name: 'ok.png', type: 'image/png', data: exactly })).code,
      ).toBe(0);
    });

    it('needs a session and a file', async () => {
      expect((await upload(undefined, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: PNG })).code).toBe(
        301,
      );
      const u = await registerByEmail(t);
      expect((await upload(u.token, { kind: 'avatar' })).code).toBe(code('FILE_MISSING'));
      expect((await upload(u.token, { kind: 'bogus' }, { name: 'a.png', type: 'image/png', data: PNG })).code).toBe(
        code('INVALID_PARAMETER'),
      );
    });

    it('serves a private upload only to its owner', async () => {
      const owner = await registerByEmail(t);
      const r = await upload(owner.token, { kind: 'private' }, { name: 'id.jpg', type: 'image/jpeg', data: JPEG });
      expect(r.data!.path).toMatch(/^\/asset\/api\/common\/file\/[a-f0-9]{32}\.jpg$/);
      const name = path.basename(r.data!.path);
      expect(await store.get('private', name)).not.toBeNull();
      if (kind !== 'pg') expect(await store.get('avatar', name)).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: `/uploads/avatars/${name}` })).json()).toMatchObject({
        code: code('NOT_FOUND'),
      });
      const mine = await t.app.inject({ method: 'GET', url: r.data!.path, headers: { token: owner.token } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
      const other = await registerByEmail(t);
      const theirs = await t.app.inject({ method: 'GET', url: r.data!.path, headers: { token: other.token } });
      expect(theirs.json()).toMatchObject({ code: code('NOT_FOUND') });
      expect((await t.app.inject({ method: 'GET', url: r.data!.path })).json()).toMatchObject({ code: 301 });
      expect((await t.app.inject({ method: 'GET', url: `/uploads/private/${name}` })).json()).toMatchObject({
        code: code('NOT_FOUND'),
      });
    });
  });

  /** The stored file behind an upload's path (avatars and private files alike). */
  async function stored(p: string): Promise<Buffer> {
    const data = await store.get(p.startsWith('/uploads/avatars/') ? 'avatar' : 'private', path.basename(p));
    if (!data) throw new Error(`nothing stored for ${p}`);
    return data;
  }

  describe('upload: every image is decoded and re-encoded', () => {
    it('stores a PNG/HTML polyglot as a plain PNG: the HTML after the image is gone', async () => {
      const u = await registerByEmail(t);
      const html = '<html><body><script>alert(document.cookie)</script></body></html>';
      const polyglot = Buffer.concat([PNG, Buffer.from(html)]);
      const r = await upload(u.token, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: polyglot });
      expect(r.code).toBe(0);
      const bytes = await stored(r.data!.path);
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect(bytes.includes(Buffer.from('<html'))).toBe(false);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
      const served = await t.app.inject({ method: 'GET', url: r.data!.path });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });

    it('refuses a PNG whose header declares 30000 × 30000 pixels, before decoding it, and keeps nothing', async () => {
      const u = await registerByEmail(t);
      const bomb = pngClaiming(30_000, 30_000);
      expect(bomb.length).toBeLessThan(60_000);
      const before = await storedCount();
      const r = await upload(u.token, { kind: 'private' }, { name: 'big.png', type: 'image/png', data: bomb });
      expect(r).toMatchObject({ status: 400, code: code('IMAGE_DIMENSIONS_TOO_LARGE') });
      expect(await storedCount()).toBe(before);
      // Just under the limit is decoded normally (a real, small file of 6000 × 6000).
      const ok = await solid(6000, 6000).png().toBuffer();
      expect((await upload(u.token, { kind: 'private' }, { name: 'ok.png', type: 'image/png', data: ok })).code).toBe(
        0,
      );
    });

    it('refuses JPEG magic bytes followed by text, and a truncated image', async () => {
      const u = await registerByEmail(t);
      const fake = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff]),
        Buffer.from('<?php system($_GET["c"]); ?> not a picture at all'),
      ]);
      expect(
        await upload(u.token, { kind: 'avatar' }, { name: 'a.jpg', type: 'image/jpeg', data: fake }),
      ).toMatchObject({ status: 400, code: code('IMAGE_INVALID') });
      const cut = JPEG.subarray(0, Math.floor(JPEG.length / 2));
      expect((await upload(u.token, { kind: 'avatar' }, { name: 'a.jpg', type: 'image/jpeg', data: cut })).code).toBe(
        code('IMAGE_INVALID'),
      );
      const gif = await solid(4, 4).gif().toBuffer();
      expect((await upload(u.token, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: gif })).code).toBe(
        code('IMAGE_INVALID'),
      );
    });

    it('stores a JPEG without its EXIF (GPS location), turned upright by its orientation tag', async () => {
      const u = await registerByEmail(t);
      const withGps = await solid(40, 20)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '48/1 51/1 2956/100',
            GPSLongitudeRef: 'E',
            GPSLongitude: '2/1 17/1 4020/100',
            GPSMapDatum: 'WGS-84 HOME',
          },
        })
        .toBuffer();
      const meta = await sharp(withGps).metadata();
      expect(meta).toMatchObject({ orientation: 6, width: 40, height: 20 });
      expect(withGps.includes(Buffer.from('PhoneMaker'))).toBe(true);
      expect(withGps.includes(Buffer.from('WGS-84 HOME'))).toBe(true);
      const r = await upload(u.token, { kind: 'private' }, { name: 'kyc.jpg', type: 'image/jpeg', data: withGps });
      expect(r.code).toBe(0);
      expect(r.data!.path).toMatch(/\.jpg$/);
      const bytes = await stored(r.data!.path);
      const out = await sharp(bytes).metadata();
      expect(out.format).toBe('jpeg');
      expect(out.exif).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(bytes.includes(Buffer.from('WGS-84 HOME'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      // Orientation 6 means "rotate 90° clockwise to view": the stored pixels are already upright.
      expect([out.width, out.height]).toEqual([20, 40]);
    });
  });
});
