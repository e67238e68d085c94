import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { OpsIo } from './commands';

/**
 * The ops socket: how `npm run ops` reaches a server that holds the embedded database (PGlite's
 * folder can be opened by one process only; docs/decisions/0151-ops-commands-through-the-servers-socket.md).
 * The server listens on a Unix socket in a folder of its data folder that only its own user may
 * enter (0700, the socket 0600): whoever can connect could read the database files as well, so the
 * socket asks for nothing more. One connection carries one command:
 *
 *   CLI → server   one JSON line  { "argv": ["operator", "create", …], "stdin": "…", "user": "jo" }
 *   server → CLI   JSON lines     { "out": "…" } / { "err": "…" }, then { "exit": 0 } and the end
 */

/** The socket's path: `<DATA_DIR>/run/ops.sock`. */
export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'ops.sock');
}

/** What the CLI sends. */
export interface OpsRequest {
  argv: string[];
  stdin: string;
  user: string;
}

/** A request line longer than this is refused (a password piped in is a few dozen bytes). */
const MAX_REQUEST_BYTES = 64 * 1024;

function parseRequest(line: string): OpsRequest | null {
  try {
    const v = JSON.parse(line) as Partial<OpsRequest>;
    if (!Array.isArray(v.argv) || v.argv.length > 50 || !v.argv.every((a) => typeof a === 'string')) return null;
    if (typeof v.stdin !== 'string' || typeof v.user !== 'string') return null;
    return { argv: v.argv, stdin: v.stdin, user: v.user.replace(/[^\w.@-]/g, '_').slice(0, 64) || 'unknown' };
  } catch {
    return null;
  }
}

export interface OpsSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Listens on the ops socket and runs each command with `run`. A socket left by a process that died
 * is replaced (the caller holds the data folder's lock, so no other server uses it). Answers null,
 * with a warning logged, where no socket can be made (a path too long for a Unix socket).
 */
export async function listenOpsSocket(
  dataDir: string,
  run: (argv: string[], io: OpsIo) => Promise<number>,
  log: FastifyBaseLogger,
): Promise<OpsSocket | null> {
  const file = opsSocketPath(dataDir);
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let buffered = '';
    let started = false;
    const send = (msg: object) => {
      if (!conn.destroyed) conn.write(`${JSON.stringify(msg)}\n`);
    };
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (chunk: string) => {
      if (started) return;
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) conn.destroy();
        return;
      }
      started = true;
      const request = parseRequest(buffered.slice(0, end));
      if (!request) {
        send({ err: 'the ops socket could not read the request' });
        send({ exit: 2 });
        conn.end();
        return;
      }
      const io: OpsIo = {
        out: (line) => send({ out: line }),
        err: (line) => send({ err: line }),
        stdin: async () => request.stdin,
        user: request.user,
      };
      log.info({ argv: request.argv.slice(0, 2), user: request.user }, 'ops command through the ops socket');
      run(request.argv, io).then(
        (exit) => {
          send({ exit });
          conn.end();
        },
        (err: unknown) => {
          log.error({ err }, 'ops command failed');
          send({ err: `failed: ${err instanceof Error ? err.message : String(err)}` });
          send({ exit: 1 });
          conn.end();
        },
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    log.warn({ err, path: file }, 'no ops socket: `npm run ops` works only while this server is stopped');
    return null;
  }
  fs.chmodSync(file, 0o600);
  return {
    path: file,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/**
 * Sends one command to the server's ops socket and copies its output to `io`. Answers the command's
 * exit status, or undefined when no server listens there (no socket, or one left by a dead process).
 */
export function askServer(
  dataDir: string,
  request: OpsRequest,
  io: Pick<OpsIo, 'out' | 'err'>,
): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(opsSocketPath(dataDir));
    let buffered = '';
    let exit: number | undefined;
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write(`${JSON.stringify(request)}\n`);
    });
    conn.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const msg = JSON.parse(line) as { out?: string; err?: string; exit?: number };
        if (msg.out !== undefined) io.out(msg.out);
        if (msg.err !== undefined) io.err(msg.err);
        if (msg.exit !== undefined) exit = msg.exit;
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
    conn.on('close', () => {
      if (!connected) return;
      if (exit === undefined) reject(new Error('the server closed the ops socket before the command ended'));
      else resolve(exit);
    });
  });
}
