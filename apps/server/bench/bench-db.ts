/** What the benchmarks share: a throw-away database (PGlite, or PostgreSQL with DATABASE_URL) and a context. */
import fs from 'node:fs';
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

export async function openBenchDatabase(prefix: string, poolSize: number): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${prefix}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const drop = async () => { await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await admin.end(); };
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
  let done = false;
  return {
    db,
    cleanup: async () => {
      if (done) return;
      done = true;
      try { await db.close(); } finally { await remove(); }
    },
  };
}

export function benchContext(db: Database, env: Record<string, string> = {}, clock: Clock = systemClock): AppContext {
  const log = pino({ level: 'silent' });
  return {
    config: loadConfig(env), db: db.db, clock, secret: 'bench', log,
    email: new OutboxSender(os.tmpdir(), log), sms: new OutboxSender(os.tmpdir(), log),
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
        uid: String(10_000_000 + i), email: `bench${i}@example.com`, passwordHash: 'x', nickname: `b${i}`,
        invitationCode: `B${String(i).padStart(6, '0')}`, createdAt: now, updatedAt: now,
      };
    });
    ids.push(...(await db.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  return ids;
}
