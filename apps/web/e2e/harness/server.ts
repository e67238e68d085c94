/** The real server the journeys drive: started once per run on a free port with a fresh data folder. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  OPS_BUNDLE,
  SERVER_BUNDLE,
  SERVER_DIST,
  buildServer,
  serverNeedsBuild,
} from '../../../../scripts/build-server-if-changed.mjs';
import { READY_TIMEOUT_MS, ROOT, sleep } from './config';

let bundles: Promise<void> | undefined;
/**
 * The server and the ops CLI as npm start and npm run ops run them: the bundles in apps/server/dist,
 * built once per run when the sources changed (a start from the TypeScript sources through tsx costs
 * each server some seconds of CPU more). Answers their paths.
 */
export async function serverBundles(): Promise<{ main: string; ops: string }> {
  bundles ??= (async () => {
    if (serverNeedsBuild(ROOT)) await buildServer(ROOT);
  })();
  await bundles;
  return { main: path.join(SERVER_DIST, SERVER_BUNDLE), ops: path.join(SERVER_DIST, OPS_BUNDLE) };
}

/** The run's database: PostgreSQL's own fresh one (`url`), or none (the embedded PGlite in DATA_DIR). */
export interface TestDatabase {
  url: string | undefined;
  drop: () => Promise<void>;
}

/** A started server, as startServer answers it. */
export interface Server {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  logFile: string;
  database: TestDatabase;
}

export interface StartServerOptions {
  clockAt?: string;
  env?: Record<string, string>;
  before?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (address === null || typeof address === 'string') {
        srv.close(() => reject(new Error(`no TCP port: ${address}`)));
        return;
      }
      srv.close(() => resolve(address.port));
    });
  });
}

/**
 * With DATABASE_URL (the PostgreSQL run), the server gets a database of its own, made fresh and
 * dropped afterwards: the journeys must not depend on what an earlier run left in a shared one.
 */
async function freshDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return { url: undefined, drop: async () => undefined };
  const { default: pg } = await import('pg');
  const name = `e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    // Every request of the suite comes from 127.0.0.1: lift the per-address limits.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OTP_DAILY_PER_IP: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    // The journeys need live prices, not a month of chart history: a one-day backfill keeps
    // the run light on a 2-core machine.
    MARKET_BACKFILL_DAYS: '1',
    // Deposit addresses on PostgreSQL too (the embedded default has them anyway): the journeys
    // show real addresses from a development seed in the run's data folder (docs/deposits.md "Keys").
    DEPOSIT_DEV_SEED: 'true',
    // No development chain (the embedded default's own anvil, docs/deposits.md "The development
    // chain"): a journey that wants one asks for it (devChainServer), the others start faster.
    DEV_CHAIN: 'false',
  };
}

const SHIFT_CLOCK = new URL('./shift-clock.ts', import.meta.url).href;

/**
 * Starts the server (embedded PGlite in DATA_DIR, or a fresh PostgreSQL database) and waits for /readyz.
 * `clockAt` (an ISO instant): the server's clock starts there instead of now (harness/shift-clock.ts).
 * `env`: more settings for this server (e.g. WEB_DIST, another build of the app).
 * `before(env)`: runs once the data folder and database exist, before the server starts, with the
 * server's own settings (e.g. the ops CLI creating an operator in its database: harness/operators.ts).
 */
export async function startServer({ clockAt, env = {}, before }: StartServerOptions = {}): Promise<Server> {
  const port = await freePort();
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // node runs the bundle itself, so the child's pid is the server's, the one to stop. The shifted
  // clock is TypeScript, loaded through tsx.
  const clock = clockAt ? ['--import', 'tsx', '--import', SHIFT_CLOCK] : [];
  const { main } = await serverBundles();
  const childEnv = { ...serverEnv(port, dataDir, database.url), ...env, ...(clockAt ? { E2E_CLOCK_AT: clockAt } : {}) };
  if (before) {
    try {
      await before(childEnv);
    } catch (err) {
      await database.drop().catch(() => undefined);
      throw err;
    }
  }
  const child = spawn(process.execPath, [...clock, main], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return { child, baseUrl, dataDir, logFile, database };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  await stopServer({ child });
  await database.drop().catch(() => undefined);
  throw new Error(`the server did not become ready; its log:\n${tail(logFile)}`);
}

export async function stopServer({ child }: { child: ChildProcess | undefined }): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Ends a journey's own server (started with `startServer`): stops it and drops its database. */
export async function endOwnServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  await stopServer(server);
  await server.database.drop().catch(() => undefined);
}

export function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
