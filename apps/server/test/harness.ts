import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type LoginResult, type UploadResult } from '@app/contract';
import { buildApp } from '../src/app';
import { loadConfig, withDevChain, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, rowsOf, type Database } from '../src/db/client';
import { ManualClock } from '../src/lib/clock';
import { OutboxSender, type EmailSender } from '../src/lib/messenger';
import { withDatabase } from './global-setup';
import { createLedger, type MoneyCommands } from '../src/modules/ledger';
import type { EngineOptions } from '../src/modules/market';
import type { DevChain } from '../src/modules/chains';

/** A fresh database cloned from the migrated template of this run. */
export async function openTestDatabase(): Promise<Database> {
  const tpl = inject('dbTemplate');
  if (tpl.kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(tpl.file)]);
    return openDatabase({ pgliteLoad: blob, migrate: false });
  }
  const name = `t_${tpl.template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: withDatabase(tpl.url, name), migrate: false, poolSize: 20 });
  return {
    ...db,
    close: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: tpl.url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  dataDir: string;
  database: Database;
  /** The app's money command runner, for tests that build a service or worker of their own. */
  money: MoneyCommands;
  call<T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown, opts?: CallOptions): Promise<ApiAnswer<T>>;
  post<T = unknown>(url: string, body?: unknown, opts?: CallOptions): Promise<ApiAnswer<T>>;
  /** The newest 4-digit code sent to this e-mail or E.164 phone, from the outbox. */
  lastCode(destination: string): string;
  close(): Promise<void>;
}

/**
 * Where every test app's clock starts: a fixed instant, so no test depends on the day it runs
 * (docs/testing.md, "Time"). A Wednesday at 15:00 UTC: the forex, CFD, crypto and New York, London and
 * Frankfurt stock sessions are open. A test that needs another instant passes `clockAt`.
 */
export const TEST_CLOCK_START = Date.parse('2026-11-18T15:00:00.000Z');

/** Every test app's READYZ_TOKEN: a test that reads /readyz's detail sends READYZ_AUTH. */
export const TEST_READYZ_TOKEN = 'test-readyz-token-0123456789abcdef0123';
export const READYZ_AUTH = { authorization: `Bearer ${TEST_READYZ_TOKEN}` };

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Where the app's clock starts (an ISO instant or epoch ms); TEST_CLOCK_START by default. */
  clockAt?: string | number;
  email?: EmailSender;
  marketEngine?: EngineOptions;
  /** A development chain the test started (modules/chains startDevChain): the app runs on it as main.ts's would. */
  devChain?: DevChain;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-'));
  // The market engine stays idle unless a test starts and drives it (no timers, no backfill).
  // A cheaper password hash than production's (SCRYPT_COST 16384): the suite registers thousands of
  // users. The hash's format carries its cost, so nothing else about it changes.
  const settings: Config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    MARKET_ENGINE: 'manual',
    SCRYPT_COST: '1024',
    READYZ_TOKEN: TEST_READYZ_TOKEN,
    ...opts.env,
  });
  const config = opts.devChain ? withDevChain(settings, opts.devChain) : settings;
  const database = await openTestDatabase();
  const clock = new ManualClock(
    opts.clockAt === undefined
      ? TEST_CLOCK_START
      : typeof opts.clockAt === 'number'
        ? opts.clockAt
        : Date.parse(opts.clockAt),
  );
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const outbox = new OutboxSender(path.join(dataDir, 'outbox'), log);
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    secret: 'test-secret',
    email: opts.email ?? outbox,
    sms: outbox,
    log,
    ...(opts.devChain ? { devChain: opts.devChain } : {}),
  };
  const app = await buildApp({ ctx, logger: log, ...(opts.marketEngine ? { marketEngine: opts.marketEngine } : {}) });
  await app.ready();

  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    o: CallOptions = {},
  ): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.token = o.token;
    if (o.lang) headers.lang = o.lang;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(o.ip ? { remoteAddress: o.ip } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.json() as { code: number; msg: string; data: T };
    return { status: res.statusCode, ...json };
  };

  return {
    app,
    ctx,
    clock,
    dataDir,
    database,
    money: createLedger(ctx, (userId, event) => app.market.publishToUser(userId, event)).money,
    call,
    post: (url, body, o) => call('POST', url, body, o),
    lastCode(destination: string) {
      const dir = path.join(dataDir, 'outbox');
      const safe = destination.replace(/[^A-Za-z0-9@.+_-]/g, '_');
      const files = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith(`-${safe}.txt`))
            .sort()
        : [];
      const last = files.at(-1);
      if (!last) throw new Error(`no message to ${destination}`);
      const match = /\b(\d{4})\b/.exec(fs.readFileSync(path.join(dir, last), 'utf8').split('\n\n').slice(1).join('\n'));
      if (!match?.[1]) throw new Error(`no code in ${last}`);
      return match[1];
    },
    /** Checks the ledger invariants on this file's database, then closes everything. */
    async close() {
      await app.close();
      // Every module's invariants: the ledger's own and those the modules registered with it.
      const violations = await app.ledger.verify(database.db);
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (violations.length) {
        throw new Error(`ledger invariants broken:\n${violations.map((v) => `  ${v.rule}: ${v.detail}`).join('\n')}`);
      }
    },
  };
}

/**
 * A built web app in miniature, for tests of how the server serves it (`WEB_DIST`): each file
 * (a path relative to the dist, and its text) written into a fresh temporary folder, whose path
 * is returned; the test removes it.
 */
export function writeWebDist(prefix: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

let counter = 0;
/** A unique e-mail per call, so tests in one file do not collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${process.pid}.${++counter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'secret123';

/** Registers a new e-mail user through the real endpoints (code read from the outbox). */
export async function registerByEmail(
  t: TestApp,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<LoginResult & { email: string; password: string }> {
  const sent = await t.post('/asset/api/user/sendOtp', { email, purpose: 'register' });
  if (sent.code !== 0) throw new Error(`sendOtp failed: ${sent.code} ${sent.msg}`);
  const res = await t.post<LoginResult>('/asset/api/user/register', {
    type: 'email',
    email,
    password,
    confirmPassword: password,
    code: t.lastCode(email),
  });
  if (res.code !== 0) throw new Error(`register failed: ${res.code} ${res.msg}`);
  return { ...res.data, email, password };
}

/** A multipart/form-data body: the fields in order, then the file (as the part named `file`). */
export function multipartBody(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `common/upload` with these fields and file, as the user of `token` (or nobody). */
export async function uploadFile(
  t: TestApp,
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const { payload, headers } = multipartBody(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: API.common.upload,
    payload,
    headers: { ...headers, ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: UploadResult | null }) };
}

/** The database id of the user registered with this e-mail (the API shows only public ids). */
export async function userIdByEmail(t: TestApp, email: string): Promise<number> {
  return Number(rowsOf(await t.ctx.db.execute(sql`SELECT id FROM users WHERE email = ${email}`))[0]!.id);
}
