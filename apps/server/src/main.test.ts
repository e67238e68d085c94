import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverNeedsBuild, SERVER_BUNDLE, SERVER_DIST } from '../../../scripts/build-server-if-changed.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, SERVER_DIST, SERVER_BUNDLE);

// The bundle npm start runs, built (as npm start builds it) when the sources changed.
beforeAll(async () => {
  if (serverNeedsBuild(ROOT)) await buildServer(ROOT);
}, 60_000);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(dataDir: string, port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  // As npm start runs it: node itself is the server (the prebuilt bundle), so signals reach it directly.
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on the embedded database, becomes ready, and a second one on the same folder refuses to start', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    children.push(first.child);
    let ready = false;
    for (let i = 0; i < 120 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 500));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    }
    expect(ready).toBe(true);
    expect(first.output()).toContain(`http://localhost:${port}/`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const second = start(dataDir, await freePort());
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'server.lock'))).toBe(false);
  }, 90_000);
});
