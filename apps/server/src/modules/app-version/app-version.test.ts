import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  APP_VERSION,
  ERRORS,
  decideUpdate,
  type AdminAppVersion,
  type AppDownload,
  type AuditRecord,
  type GetVersionResult,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let adminOp: TestOperator;
let supportOp: TestOperator;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp({ env: { COMPANY_ADDRESS: '1 Example Street, Example City' } });
  adminOp = await createOperator(t, 'admin');
  supportOp = await createOperator(t, 'support');
});
beforeEach(async () => {
  admin = await operatorLogin(t, adminOp);
  support = await operatorLogin(t, supportOp);
});
afterAll(() => t.close());

const getVersion = (platform: string, versionNo: string) =>
  t.call<GetVersionResult>(
    'GET',
    `${API.appVersion.getVersion}?platform=${encodeURIComponent(platform)}&versionNo=${encodeURIComponent(versionNo)}`,
  );

const publish = (over: Record<string, unknown>, token = admin) =>
  t.post<AdminAppVersion>(
    ADMIN_API.appVersions.publish,
    {
      platform: 'android',
      versionNo: '1.0.2',
      description: 'Fixes',
      linkUpdateHot: 'https://example.com/hot.wgt',
      linkUpdateFull: 'https://example.com/full.apk',
      newUpdateTag: 'choose_update',
      ...over,
    },
    { token },
  );

describe('get-version', () => {
  // The order matters: each test publishes on top of the previous one.
  it('answers up to date (both null) when nothing newer is published: nothing is seeded', async () => {
    const res = await getVersion('android', APP_VERSION);
    expect(res).toMatchObject({ status: 200, code: 0, data: { version: null, newUpdateTag: null } });
    expect((await getVersion('ios', '0.1')).data).toEqual({ version: null, newUpdateTag: null });
  });

  it('offers an optional update (choose_update) with the hot-update link within the same major', async () => {
    expect((await publish({ versionNo: '1.0.2', newUpdateTag: 'choose_update' })).code).toBe(0);
    const res = await getVersion('android', '1.0.1');
    expect(res.data).toEqual({
      version: {
        versionNo: '1.0.2',
        description: 'Fixes',
        linkUpdateHot: 'https://example.com/hot.wgt',
        linkUpdateFull: 'https://example.com/full.apk',
      },
      newUpdateTag: 'choose_update',
    });
    expect(decideUpdate('android', '1.0.1', res.data)).toMatchObject({
      kind: 'optional',
      install: 'hot',
      link: 'https://example.com/hot.wgt',
    });
    // The client on 1.0.2 is up to date; ios has nothing.
    expect((await getVersion('android', '1.0.2')).data).toEqual({ version: null, newUpdateTag: null });
    expect((await getVersion('ios', '1.0.1')).data.version).toBeNull();
  });

  it('compares numerically: 1.10.0 is newer than 1.9.3', async () => {
    expect((await publish({ versionNo: '1.10.0' })).code).toBe(0);
    expect((await getVersion('android', '1.9.3')).data.version?.versionNo).toBe('1.10.0');
    expect((await getVersion('android', '1.10')).data.version).toBeNull();
  });

  it('forces the update (must_update) when a forced version lies between, and a new major takes the full-install link', async () => {
    expect(
      (await publish({ versionNo: '2.0.0', newUpdateTag: 'must_update', linkUpdateFull: 'https://example.com/2.apk' }))
        .code,
    ).toBe(0);
    expect((await publish({ versionNo: '2.0.1', newUpdateTag: 'choose_update' })).code).toBe(0);
    const fromOne = await getVersion('android', '1.10.0');
    expect(fromOne.data).toMatchObject({ version: { versionNo: '2.0.1' }, newUpdateTag: 'must_update' });
    expect(decideUpdate('android', '1.10.0', fromOne.data)).toMatchObject({
      kind: 'forced',
      install: 'full',
      link: 'https://example.com/full.apk',
    });
    // From 2.0.0 only the optional 2.0.1 is left: a hot update.
    const fromTwo = await getVersion('android', '2.0.0');
    expect(fromTwo.data.newUpdateTag).toBe('choose_update');
    expect(decideUpdate('android', '2.0.0', fromTwo.data)).toMatchObject({ kind: 'optional', install: 'hot' });
    // The web build never updates itself.
    expect(decideUpdate('web', '1.0.1', fromOne.data)).toEqual({ kind: 'unsupported' });
  });

  it('refuses a malformed version number or platform with its own code', async () => {
    for (const bad of ['1..0', 'v1', '01.2', '1.2.3.4.5', '1234567.0', '9'.repeat(40)]) {
      expect(await getVersion('android', bad), bad).toMatchObject({
        status: 400,
        code: code('APP_VERSION_NO_INVALID'),
      });
    }
    expect(await getVersion('android', '')).toMatchObject({ status: 400, code: code('FIELD_REQUIRED') });
    expect(await getVersion('web', '1.0.1')).toMatchObject({ status: 400, code: code('APP_PLATFORM_INVALID') });
    expect((await t.call('GET', `${API.appVersion.getVersion}?platform=ios`)).status).toBe(400);
  });
});

describe('publishing (back office)', () => {
  it('refuses a version not newer than the latest, an existing one written differently, and bad links', async () => {
    expect(await publish({ versionNo: '1.5.0' })).toMatchObject({
      status: 409,
      code: code('APP_VERSION_NOT_NEWER'),
      msg: 'A new version must be higher than 2.0.1',
    });
    expect(await publish({ versionNo: '2.0.1.0' })).toMatchObject({ status: 409, code: code('APP_VERSION_EXISTS') });
    expect(await publish({ platform: 'ios', versionNo: '1.1', linkUpdateHot: 'ftp://example.com/x' })).toMatchObject({
      status: 400,
      code: code('APP_LINK_INVALID'),
    });
    expect(await publish({ platform: 'web' })).toMatchObject({ status: 400, code: code('APP_PLATFORM_INVALID') });
  });

  it('is for admins only, audited, and lists the versions newest first per platform', async () => {
    expect((await publish({ platform: 'ios', versionNo: '1.1.0' }, support)).status).toBe(403);
    const published = await publish({ platform: 'ios', versionNo: '1.1.0', description: 'Line one\nLine two' });
    expect(published).toMatchObject({
      code: 0,
      data: { platform: 'ios', versionNo: '1.1.0', newUpdateTag: 'choose_update' },
    });
    const list = await t.call<{ versions: AdminAppVersion[] }>('GET', ADMIN_API.appVersions.list, undefined, {
      token: admin,
    });
    expect(list.data.versions.map((v) => `${v.platform} ${v.versionNo}`)).toEqual([
      'android 2.0.1',
      'android 2.0.0',
      'android 1.10.0',
      'android 1.0.2',
      'ios 1.1.0',
    ]);
    const audit = await t.call<{ items: AuditRecord[] }>(
      'GET',
      `${ADMIN_API.audit.list}?action=app_version.publish`,
      undefined,
      { token: admin },
    );
    expect(
      audit.data.items.some((r) => r.targetId === String(published.data.id) && r.operatorEmail === adminOp.email),
    ).toBe(true);
  });
});

describe('app-qr and the download links', () => {
  it('answers an empty list until operators save links, then the list in their order', async () => {
    expect(await t.call('GET', API.appVersion.appQr)).toMatchObject({ status: 200, code: 0, data: [] });
    const items: AppDownload[] = [
      { platform: 'android', label: 'Android APK', url: 'https://example.com/app.apk' },
      { platform: 'ios', label: 'iPhone', url: 'https://example.com/ios' },
    ];
    expect((await t.post(ADMIN_API.appVersions.downloads, { items }, { token: support })).status).toBe(403);
    expect(await t.post(ADMIN_API.appVersions.downloads, { items }, { token: admin })).toMatchObject({
      code: 0,
      data: items,
    });
    expect((await t.call('GET', API.appVersion.appQr)).data).toEqual(items);
    // Replaced whole: one entry left.
    expect((await t.post(ADMIN_API.appVersions.downloads, { items: [items[1]] }, { token: admin })).code).toBe(0);
    expect((await t.call('GET', API.appVersion.appQr)).data).toEqual([items[1]]);
    const bad = await t.post(
      ADMIN_API.appVersions.downloads,
      { items: [{ ...items[0], url: 'javascript:alert(1)' }] },
      { token: admin },
    );
    expect(bad).toMatchObject({ status: 400, code: code('APP_LINK_INVALID') });
  });

  it('answers the configured company address', async () => {
    expect((await t.call('GET', API.appVersion.companyAddress)).data).toEqual({
      address: '1 Example Street, Example City',
    });
  });
});
