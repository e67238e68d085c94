import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, IMAGE_MAX_BYTES, type UploadResult, type UserInfo } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(50, 3)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });
});
afterAll(() => t.close());

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | undefined, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const { payload, headers } = multipart(fields, file);
  const res = await t.app.inject({ method: 'POST', url: '/asset/api/common/upload', payload, headers: { ...headers, ...(token ? { token } : {}) } });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: UploadResult | null }) };
}

describe('upload', () => {
  it('stores an avatar under a server-made name, serves it publicly and sets it on the profile', async () => {
    const u = await registerByEmail(t);
    const r = await upload(u.token, { kind: 'avatar' }, { name: '../../evil.exe', type: 'application/octet-stream', data: PNG });
    expect(r.code).toBe(0);
    expect(r.data!.path).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: r.data!.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const upd = await t.post<UserInfo>('/asset/api/user/update', { avatar: r.data!.path }, { token: u.token });
    expect(upd.data.avatar).toBe(r.data!.path);
    // Someone else cannot claim it as theirs.
    const v = await registerByEmail(t);
    expect((await t.post('/asset/api/user/update', { avatar: r.data!.path }, { token: v.token })).code).toBe(code('INVALID_PARAMETER'));
  });

  it('accepts JPEG and WebP by content, whatever the name says', async () => {
    const u = await registerByEmail(t);
    expect((await upload(u.token, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: JPEG })).data!.path).toMatch(/\.jpg$/);
    expect((await upload(u.token, { kind: 'avatar' }, { name: 'a.gif', type: 'image/gif', data: WEBP })).data!.path).toMatch(/\.webp$/);
  });

  it('refuses a file that is not an image by its content, even named .png', async () => {
    const u = await registerByEmail(t);
    const r = await upload(u.token, { kind: 'avatar' }, { name: 'photo.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') });
    expect(r).toMatchObject({ code: code('IMAGE_INVALID'), msg: 'Image Invalid' });
  });

  it('refuses an image over 5 MB and keeps nothing of it', async () => {
    const u = await registerByEmail(t);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]);
    const r = await upload(u.token, { kind: 'avatar' }, { name: 'big.png', type: 'image/png', data: big });
    expect(r).toMatchObject({ status: 413, code: code('IMAGE_TOO_LARGE'), msg: 'Your picture is bigger than 5M, Please change' });
    const exactly = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - PNG.length, 0)]);
    expect((await upload(u.token, { kind: 'avatar' }, { name: 'ok.png', type: 'image/png', data: exactly })).code).toBe(0);
  });

  it('needs a session and a file', async () => {
    expect((await upload(undefined, { kind: 'avatar' }, { name: 'a.png', type: 'image/png', data: PNG })).code).toBe(301);
    const u = await registerByEmail(t);
    expect((await upload(u.token, { kind: 'avatar' })).code).toBe(code('FILE_MISSING'));
    expect((await upload(u.token, { kind: 'bogus' }, { name: 'a.png', type: 'image/png', data: PNG })).code).toBe(code('INVALID_PARAMETER'));
  });

  it('serves a private upload only to its owner', async () => {
    const owner = await registerByEmail(t);
    const r = await upload(owner.token, { kind: 'private' }, { name: 'id.jpg', type: 'image/jpeg', data: JPEG });
    expect(r.data!.path).toMatch(/^\/asset\/api\/common\/file\/[a-f0-9]{32}\.jpg$/);
    const name = path.basename(r.data!.path);
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', 'avatars', name))).toBe(false);
    const mine = await t.app.inject({ method: 'GET', url: r.data!.path, headers: { token: owner.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(JPEG)).toBe(true);
    const other = await registerByEmail(t);
    const theirs = await t.app.inject({ method: 'GET', url: r.data!.path, headers: { token: other.token } });
    expect(theirs.json()).toMatchObject({ code: code('NOT_FOUND') });
    expect((await t.app.inject({ method: 'GET', url: r.data!.path })).json()).toMatchObject({ code: 301 });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/private/${name}` })).json()).toMatchObject({ code: code('NOT_FOUND') });
  });
});
