import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { askServer, listenOpsSocket, opsSocketPath } from './socket';

/** The ops socket in this process: what goes in, what comes out, who may open it. */
describe('the ops socket', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-sock-'));
  const log = pino({ level: 'silent' });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers undefined where no server listens', async () => {
    expect(await askServer(dataDir, { argv: ['audit-verify'], stdin: '', user: 'jo' }, { out() {}, err() {} })).toBe(
      undefined,
    );
  });

  it('runs a command with its arguments, input and user, and copies its output and exit status back', async () => {
    // A socket file left by a server that died is replaced.
    fs.mkdirSync(path.dirname(opsSocketPath(dataDir)), { recursive: true });
    fs.writeFileSync(opsSocketPath(dataDir), 'stale');
    const seen: { argv: string[]; stdin: string; user: string }[] = [];
    const socket = await listenOpsSocket(
      dataDir,
      async (argv, io) => {
        seen.push({ argv, stdin: await io.stdin(), user: io.user });
        io.out('first line');
        io.err('a warning');
        io.out('last line');
        return 3;
      },
      log,
    );
    expect(socket).not.toBeNull();
    try {
      // Only the server's own user may reach it.
      expect(fs.statSync(path.dirname(socket!.path)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(socket!.path).mode & 0o777).toBe(0o600);
      const out: string[] = [];
      const err: string[] = [];
      const exit = await askServer(
        dataDir,
        { argv: ['operator', 'create', '--email', 'a@b.c'], stdin: 'pass\n', user: 'jo doe;rm' },
        { out: (l) => out.push(l), err: (l) => err.push(l) },
      );
      expect(exit).toBe(3);
      expect(out).toEqual(['first line', 'last line']);
      expect(err).toEqual(['a warning']);
      expect(seen).toEqual([{ argv: ['operator', 'create', '--email', 'a@b.c'], stdin: 'pass\n', user: 'jo_doe_rm' }]);
    } finally {
      await socket!.close();
    }
    expect(fs.existsSync(opsSocketPath(dataDir))).toBe(false);
  });

  it('refuses a request it cannot read, and says so when a command throws', async () => {
    const socket = await listenOpsSocket(
      dataDir,
      async () => {
        throw new Error('boom');
      },
      log,
    );
    try {
      const raw = await new Promise<string>((resolve) => {
        const conn = net.createConnection(socket!.path);
        let text = '';
        conn.on('data', (d) => (text += d));
        conn.on('close', () => resolve(text));
        conn.write('{"argv":"not a list"}\n');
      });
      expect(
        raw
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown),
      ).toEqual([{ err: 'the ops socket could not read the request' }, { exit: 2 }]);
      const err: string[] = [];
      expect(
        await askServer(dataDir, { argv: ['x'], stdin: '', user: 'jo' }, { out() {}, err: (l) => err.push(l) }),
      ).toBe(1);
      expect(err).toEqual(['failed: boom']);
    } finally {
      await socket!.close();
    }
  });
});
