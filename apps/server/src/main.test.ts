import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from './modules/operators';
import { OPS_BUNDLE, SERVER_DIST } from '../../../scripts/build-server-if-changed.mjs';
import { freePort, ROOT, startBundle } from '../test/bundle-process';

// The CLI as `npm run ops` runs it, built beside the server's bundle.
const OPS = path.join(ROOT, SERVER_DIST, OPS_BUNDLE);

/** `npm run ops -- <args>` on the data folder `dataDir`, with `input` on standard input. */
function ops(dataDir: string, args: string[], input = '') {
  return spawnSync(process.execPath, [OPS, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** The server as npm start runs it; the development chain has main-dev-chain.test.ts. */
const start = (dataDir: string, port: number) => startBundle(dataDir, port, { DEV_CHAIN: 'false' });

/** Waits until the server on `port` answers /readyz. */
async function ready(port: number): Promise<boolean> {
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
  }
  return false;
}

async function post<T>(port: number, url: string, body: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/** The newest 4-digit code the server wrote to its outbox for `email` (no mailer is configured). */
function codeSentTo(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'outbox');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${email}.txt`))
    .sort()
    .at(-1);
  const code = file
    ? /\b(\d{4})\b/.exec(fs.readFileSync(path.join(dir, file), 'utf8').split('\n\n').slice(1).join('\n'))?.[1]
    : undefined;
  if (!code) throw new Error(`no code for ${email} in ${dir}`);
  return code;
}

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-'));
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-copy-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    for (const dir of [dataDir, copyDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts on the embedded database, becomes ready, and a second one on the same folder refuses to start', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    children.push(first.child);
    expect(await ready(port)).toBe(true);
    expect(first.output()).toContain(`http://localhost:${port}/`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // Something to find again after a restart: a registered user.
    const email = 'restart@example.com';
    expect((await post(port, '/asset/api/user/sendOtp', { email, purpose: 'register' })).code).toBe(0);
    const password = 'restart-pass-1';
    const registered = await post(port, '/asset/api/user/register', {
      type: 'email',
      email,
      password,
      confirmPassword: password,
      code: codeSentTo(dataDir, email),
    });
    expect(registered.code).toBe(0);

    const second = start(dataDir, await freePort());
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);

    // npm run ops cannot open the folder the server holds: the server runs the command (issue 34),
    // so the first operator is made without stopping it, and signs in to it at once.
    const operator = { email: 'first-admin@example.com', password: 'first-admin-pass-1' };
    const created = ops(
      dataDir,
      ['operator', 'create', '--email', operator.email, '--role', 'admin', '--password-stdin'],
      `${operator.password}\n`,
    );
    expect(created.status, created.stdout + created.stderr).toBe(0);
    expect(created.stdout).toMatch(/operator \d+ first-admin@example.com \(admin\) created/);
    expect(created.stdout).not.toContain(operator.password);
    const secret = /TOTP secret \(shown once[^)]*\): ([A-Z2-7]+)/.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    const signIn = await post(port, '/admin/api/auth/login', { ...operator, totp: totpCodeAt(secret!, Date.now()) });
    expect(signIn.code).toBe(0);
    // A refusal reads as the CLI's own; every command goes the same way (here the audit chain's check).
    const again = ops(dataDir, ['operator', 'create', '--email', operator.email, '--role', 'admin']);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^refused: /m);
    const audit = ops(dataDir, ['audit-verify']);
    expect(audit.status, audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/^audit log OK: \d+ record\(s\), one unbroken chain/m);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'server.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'run', 'ops.sock'))).toBe(false);
  }, 180_000);

  // docs/operations.md "Running on the embedded database": back up by stopping the server and copying
  // the folder. The copy is an existing folder: its migrations are already applied, its data is there.
  it('starts again on a copy of its stopped folder (a restored backup), with everything it had', async () => {
    fs.cpSync(dataDir, copyDir, { recursive: true });
    const port = await freePort();
    const restored = start(copyDir, port);
    children.push(restored.child);
    expect(await ready(port), restored.output()).toBe(true);
    const login = await post<{ token: string }>(port, '/asset/api/user/login', {
      type: 'email',
      email: 'restart@example.com',
      password: 'restart-pass-1',
    });
    expect(login.code).toBe(0);
    expect(login.data.token).toMatch(/\S{20,}/);
    restored.child.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
  }, 90_000);
});
