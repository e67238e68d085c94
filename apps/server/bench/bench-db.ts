/** What the benchmarks share: a throw-away database (PGlite, or PostgreSQL with DATABASE_URL) and a context. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/client';
import { systemClock, type Clock } from '../src/lib/clock';
import { OutboxSender } from '../src/lib/messenger';
import { users } from '../src/db/schema';

export async function openBenchDatabase(
  prefix: string,
  poolSize: number,
): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${prefix}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const drop = async () => {
      // The pool's end() does not wait for its sockets to close: let its backends go first, so that
      // FORCE ends none of them (each would report a lost connection).
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    const u = new URL(url);
    u.pathname = `/${name}`;
    let db: Database;
    try {
      db = await openDatabase({ databaseUrl: u.toString(), poolSize });
    } catch (e) {
      await drop();
      throw e;
    }
    return closingOnce(db, drop);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const db = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  return closingOnce(db, async () => fs.rmSync(dir, { recursive: true, force: true }));
}

/** The database and its cleanup: closes it, then removes what held it, once however often it is called (a failure and a signal may both ask). */
function closingOnce(db: Database, remove: () => Promise<void>): { db: Database; cleanup: () => Promise<void> } {
  return {
    db,
    cleanup: once(async () => {
      try {
        await db.close();
      } finally {
        await remove();
      }
    }),
  };
}

export function benchContext(db: Database, env: Record<string, string> = {}, clock: Clock = systemClock): AppContext {
  const log = pino({ level: 'silent' });
  return {
    config: loadConfig(env),
    db: db.db,
    clock,
    secret: 'bench',
    log,
    email: new OutboxSender(os.tmpdir(), log),
    sms: new OutboxSender(os.tmpdir(), log),
  };
}

/** `n` users straight in the database, 1,000 to an insert (no sign-up flow: not what is measured). */
export async function benchUsers(db: Database, n: number): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (let from = 0; from < n; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - from) }, (_, k) => {
      const i = from + k;
      return {
        uid: String(10_000_000 + i),
        email: `bench${i}@example.com`,
        passwordHash: 'x',
        nickname: `b${i}`,
        invitationCode: `B${String(i).padStart(6, '0')}`,
        createdAt: now,
        updatedAt: now,
      };
    });
    ids.push(...(await db.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  return ids;
}

/** "min … / median … / max …" of a bench's figures, `digits` after the point. */
export function minMedianMax(xs: number[], digits = 0): string {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return `min ${s[0]!.toFixed(digits)} / median ${median.toFixed(digits)} / max ${s[s.length - 1]!.toFixed(digits)}`;
}

export interface PgbenchRun {
  /** Transactions per second, without the initial connection time (pgbench's own figure). */
  tps: number;
  /** Transactions pgbench counted as failed (a correct baseline has none). */
  failed: number;
}

/**
 * The database baseline of issue 14: pgbench's TPC-B on a scratch database next to the one under
 * test (same server), initialised with `pgbench -i -s <clients>` (one branch per client, so its
 * clients do not queue on one branch row). `run` is `pgbench -c <clients> -j 2 -T <seconds> -M
 * prepared`; `cleanup` drops the database (call it in a finally). Needs `pgbench` on the PATH.
 */
export async function openPgbench(
  databaseUrl: string,
  prefix: string,
  clients: number,
): Promise<{ run(seconds: number): Promise<PgbenchRun>; cleanup(): Promise<void> }> {
  const name = `${prefix}_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const cleanup = once(async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  const u = new URL(databaseUrl);
  // pgbench takes the connection as libpq options; a password travels in the environment, not argv.
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'];
  try {
    await pgbench([...conn, '-i', '-q', '-s', String(clients), name], env);
  } catch (e) {
    await cleanup();
    throw e;
  }
  return {
    async run(seconds) {
      const out = await pgbench(
        [...conn, '-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', name],
        env,
      );
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (!tps) throw new Error(`pgbench: no tps in its output:\n${out}`);
      return { tps: Number(tps[1]), failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0) };
    },
    cleanup,
  };
}

function pgbench(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('pgbench', args, { env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`pgbench ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(`${stdout}\n${stderr}`);
    });
  });
}

/** `fn`, run at most once however often it is called (a failure and a signal may both ask). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** A TCP port free on 127.0.0.1 right now (for a server the bench starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
