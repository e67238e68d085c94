import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as coreSchema from './schema';
import * as marketSchema from './schema-market';
import * as otcSchema from './schema-otc';
import * as tradingSchema from './schema-trading';
import { acquireDirLock, type DirLock } from './dir-lock';

const schema = { ...coreSchema, ...marketSchema, ...otcSchema, ...tradingSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(...)`. Always use it there: the outer handle would deadlock PGlite. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories take this. */
export type DbOrTx = Db | Tx;

/** A row of a raw `execute(sql\`...\`)`. */
export type RawRow = Record<string, unknown>;
/** The rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = (r: unknown): RawRow[] => ((r as { rows?: RawRow[] }).rows ?? (r as RawRow[]));

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A fixed key for pg_advisory_lock around migrations, so two servers starting at once migrate once. */
const MIGRATION_LOCK_KEY = 7_310_001;

export interface OpenOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined means in memory (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  pgliteLoad?: Blob | undefined;
  poolSize?: number;
  migrate?: boolean;
  /** A lock on pgliteDir the caller already holds; released on close. */
  lock?: DirLock;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.migrate ?? true);
  return openPglite(opts);
}

async function openPostgres(url: string, poolSize: number, runMigrations: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can die (database restart, failover, admin kill). The pool replaces it;
  // without a listener the 'error' event would crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
  if (runMigrations) {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** PGlite takes no lock of its own; two processes on one folder lose committed rows. */
export function lockPgliteDir(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  return acquireDirLock(dir);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let lock = opts.lock;
  if (opts.pgliteDir && !lock) lock = lockPgliteDir(opts.pgliteDir);
  try {
    const client = await PGlite.create({
      ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
      ...(opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {}),
    });
    const db = drizzlePglite({ client, schema });
    if (opts.migrate ?? true) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
