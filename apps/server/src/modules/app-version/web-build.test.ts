import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ERRORS, WEB_API_LEVEL, type WebBuildResult } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { WEB_BUILD_FILE } from './service';

// The web app's update check (docs/app-version.md "The web app's update check"): the server names the
// build its dist holds, and tells a browser running another one to reload. A dist of its own here,
// whose build.json the tests write as a deployment would.

const RUNNING = '0123456789abcdef';
const DEPLOYED = 'fedcba9876543210';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const ask = (buildId: string, apiLevel: number | string = WEB_API_LEVEL) =>
  t.call<WebBuildResult>('GET', `${API.appVersion.webBuild}?buildId=${buildId}&apiLevel=${apiLevel}`);

/** A deployment: the dist's build.json replaced (a later modification time, as a copy over it gives). */
function deploy(content: string) {
  const file = path.join(dist, WEB_BUILD_FILE);
  fs.writeFileSync(file, content);
  const later = new Date(Date.now() + Math.floor(Math.random() * 1e6) * 1000);
  fs.utimesSync(file, later, later);
}

describe('web-build', () => {
  it('names no build and asks nothing while the server serves none', async () => {
    expect(await ask(RUNNING)).toMatchObject({ status: 200, code: 0, data: { buildId: null, newUpdateTag: null } });
  });

  it('asks nothing of a browser on the deployed build, and offers a reload to one on another', async () => {
    deploy(JSON.stringify({ buildId: RUNNING }));
    expect((await ask(RUNNING)).data).toEqual({ buildId: RUNNING, newUpdateTag: null });
    deploy(JSON.stringify({ buildId: DEPLOYED }));
    expect((await ask(RUNNING)).data).toEqual({ buildId: DEPLOYED, newUpdateTag: 'choose_update' });
    expect((await ask(DEPLOYED)).data).toEqual({ buildId: DEPLOYED, newUpdateTag: null });
  });

  it('reads a build.json that names no valid build as no build', async () => {
    deploy('not json');
    expect((await ask(RUNNING)).data).toEqual({ buildId: null, newUpdateTag: null });
    deploy(JSON.stringify({ buildId: '../../etc' }));
    expect((await ask(RUNNING)).data).toEqual({ buildId: null, newUpdateTag: null });
    fs.rmSync(path.join(dist, WEB_BUILD_FILE));
    expect((await ask(RUNNING)).data).toEqual({ buildId: null, newUpdateTag: null });
  });

  it('refuses a build id or an API level that is not one', async () => {
    const invalid = ERRORS.INVALID_PARAMETER.code;
    expect(await ask('XYZ')).toMatchObject({ status: 400, code: invalid });
    expect(await ask('0123456789ABCDEF')).toMatchObject({ status: 400, code: invalid });
    expect(await ask(RUNNING, 0)).toMatchObject({ status: 400, code: invalid });
    expect(await ask(RUNNING, '1e400')).toMatchObject({ status: 400, code: invalid });
    expect(await t.call('GET', API.appVersion.webBuild)).toMatchObject({
      status: 400,
      code: ERRORS.FIELD_REQUIRED.code,
    });
  });
});
