import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as coreSchema from './schema';
import * as marketSchema from './schema-market';
import * as otcSchema from './schema-otc';
import * as tradingSchema from './schema-trading';
import * as operatorSchema from './schema-operators';
import * as kycSchema from './schema-kyc';
import * as depositSchema from './schema-deposits';
import * as chainSchema from './schema-chains';
import * as withdrawalSchema from './schema-withdrawals';
import * as financingSchema from './schema-financing';
import * as noticeSchema from './schema-notices';
import * as clusterSchema from './schema-cluster';
import * as homeSchema from './schema-home';
import { SERVER_DIR } from '../server-dir';
import { acquireDirLock, type DirLock } from './dir-lock';
import { engineScope, fence } from './engine-scope';

const schema = {
  ...coreSchema,
  ...marketSchema,
  ...otcSchema,
  ...tradingSchema,
  ...operatorSchema,
  ...kycSchema,
  ...depositSchema,
  ...chainSchema,
  ...withdrawalSchema,
  ...financingSchema,
  ...noticeSchema,
  ...clusterSchema,
  ...homeSchema,
};

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(...)`. Always use it there: the outer handle would deadlock PGlite. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories take this. */
export type DbOrTx = Db | Tx;

/** A row of a raw `execute(sql\`...\`)`. */
export type RawRow = Record<string, unknown>;
/** The rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = (r: unknown): RawRow[] => (r as { rows?: RawRow[] }).rows ?? (r as RawRow[]);

/**
 * How many connections `db` has at most: PGlite has one, a PostgreSQL pool its size. Work that
 * holds `n` transactions open while they wait for another query on `db` needs more than `n`, or
 * that query waits for a connection they hold.
 */
export function connectionsOf(db: Db): number {
  // A pg.Pool counts its connections (`totalCount`); PGlite does not. (pg is loaded only when used.)
  const client = (db as { $client?: { totalCount?: unknown; options?: { max?: number } } }).$client;
  return typeof client?.totalCount === 'number' ? (client.options?.max ?? 10) : 1;
}

/** Which database `db` talks to (a pg.Pool counts its connections, PGlite does not). */
export function kindOf(db: Db): 'pglite' | 'postgres' {
  const client = (db as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number' ? 'postgres' : 'pglite';
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Fences every transaction of an engine action (db/engine-scope.ts): a transaction opened inside
 * the engine role's scope first checks that the role's epoch is still the database's. Outside a
 * scope (requests, and always without an election) nothing changes.
 */
export function fenceTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const fenced: Db['transaction'] = (run, config) => {
    const scope = engineScope.getStore();
    if (!scope) return transaction(run, config);
    return transaction(async (tx) => {
      await fence(tx, scope);
      return run(tx);
    }, config);
  };
  (db as { transaction: Db['transaction'] }).transaction = fenced;
  return db;
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

// Each driver is loaded only when used: a server on PostgreSQL never loads PGlite, and the reverse.
async function openPostgres(url: string, poolSize: number, runMigrations: boolean): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can die (database restart, failover, admin kill). The pool replaces it;
  // without a listener the 'error' event would crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
  // A connection can also die while checked out between queries (an engine's fenced transaction
  // ended by its idle limit after the role stepped down, an admin kill): the query that uses it
  // next fails, and the pool drops it on release. Without a listener the client's 'error' event
  // would end the process.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.error(`PostgreSQL connection lost while in use: ${err.message}`)),
  );
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
  const db = fenceTransactions(drizzlePg({ client: pool, schema }) as unknown as Db);
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** PGlite takes no lock of its own; two processes on one folder lose committed rows. */
export function lockPgliteDir(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  return acquireDirLock(dir);
}

/**
 * PGlite's buffer pool. PostgreSQL's default (128 MB, what PGlite's initdb writes) is allocated
 * and touched in full when PGlite starts, in the process's own memory; pages outside the pool
 * come from the operating system's file cache at the cost of a read. 32 MB holds the hot pages
 * (the latest candles and ticks, the ledger of active users) and took 95 MB off the server's idle
 * memory (docs/performance.md, "Start and memory").
 */
const PGLITE_SHARED_BUFFERS = '32MB';
/** How often a PGlite server looks for tables whose planner statistics are missing or stale. */
const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: no table ever gets
 * planner statistics by itself. Without them the planner guessed 12 rows for a symbol's 43,000
 * stored minutes and read them all to find the newest one (63 ms instead of 0.1 ms, 59 times at
 * every start). This does the ANALYZE part of autovacuum's work: every table that is not small
 * (over 50 pages, 400 KB) and was never analysed or has grown by a fifth since, by its size on
 * disk. Run when the database opens, every PGLITE_ANALYZE_EVERY_MS, and when it closes (so a
 * restart after the first start's history finds statistics). ANALYZE samples at most 30,000 rows:
 * about 2 s for the 2 million stored candles of 30 days, once.
 */
async function analyzeStaleTables(client: PGlite): Promise<void> {
  const stale = await client.query<{ name: string }>(`SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * 1.2 + 50`);
  for (const { name } of stale.rows) await client.exec(`ANALYZE ${name}`);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let lock = opts.lock;
  if (opts.pgliteDir && !lock) lock = lockPgliteDir(opts.pgliteDir);
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create({
      ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
      ...(opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {}),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = drizzlePglite({ client, schema });
    if (opts.migrate ?? true) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    await analyzeStaleTables(client);
    const analyzer = setInterval(() => {
      analyzeStaleTables(client).catch((err: unknown) => console.error(`PGlite ANALYZE failed: ${String(err)}`));
    }, PGLITE_ANALYZE_EVERY_MS);
    analyzer.unref();
    return {
      db: fenceTransactions(db as unknown as Db),
      kind: 'pglite',
      close: async () => {
        clearInterval(analyzer);
        try {
          await analyzeStaleTables(client).catch((err: unknown) =>
            console.error(`PGlite ANALYZE failed: ${String(err)}`),
          );
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
