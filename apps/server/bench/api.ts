/**
 * npm run bench:api — HTTP throughput of the real app against a bare Fastify 5 on the same
 * machine (issue 14). Not part of npm test.
 *
 * Starts the app as main.ts does (a child process: `node --import tsx apps/server/src/main.ts`)
 * on a fresh PGlite data folder, or on a scratch PostgreSQL database created from DATABASE_URL
 * and dropped afterwards (also on failure); waits until every instrument has a price and the
 * first-start history is stored; then starts the baseline (bench/bare-fastify.ts), which answers
 * each endpoint's path with the app's own answer as a fixed object.
 *
 * Per endpoint, BENCH_PAIRS (≥ 3) back-to-back pairs, baseline then subject, each BENCH_SECONDS
 * with 50 connections (autocannon). Prints req/s and p99 of both, the ratio subject/baseline per
 * pair and its min/median/max. Correctness: every answer must be HTTP 200 with `{"code":0`
 * first (checked on every response, baseline and subject alike), else the exit code is 1.
 *
 * Environment: DATABASE_URL (PostgreSQL instead of PGlite), BENCH_SECONDS (5), BENCH_PAIRS (3),
 * BENCH_CONNECTIONS (50), BENCH_LOG_LEVEL (the app's LOG_LEVEL; default info, as shipped),
 * BENCH_BACKFILL_DAYS (2: the first start's history; 30 as shipped takes minutes to store),
 * BENCH_ONLY (names of endpoints to run, comma-separated), BENCH_USERS (50), BENCH_PGBENCH_CLIENTS
 * (16), BENCH_APP_NODE_ARGS (node flags for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 *
 * Session reads and money writes run as BENCH_USERS (50) users registered through the API (code
 * from the outbox), one user per connection (`token` header), on the demo ledger; every write has
 * its own `Idempotency-Key`. Reads are compared with the bare Fastify answering the same body;
 * writes with pgbench TPC-B at BENCH_PGBENCH_CLIENTS (16) clients on a scratch database beside the
 * app's (PostgreSQL only: PGlite has no pgbench, so there the writes print their figures alone).
 * After the writes the bench checks the ledger through the app: every user's demo balances still
 * add up to what the faucet gave (the transfers only moved money between their own wallets, the
 * contracts only staked it), and the transfer count equals the answers that succeeded.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { API } from '@app/contract';
import { freePort, minMedianMax, openPgbench, type PgbenchRun } from './bench-db';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BACKFILL_DAYS = process.env.BENCH_BACKFILL_DAYS ?? '2';
const USERS = Number(process.env.BENCH_USERS ?? 50);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
/** Extra node flags for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const APP_NODE_ARGS = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const HERE = import.meta.dirname;
const MAIN = path.resolve(HERE, '../src/main.ts');

interface Endpoint {
  name: string;
  /** Path and query. */
  path: string;
  method?: 'GET' | 'POST';
  /** Sent as each connection's user (`token`), on the demo ledger. */
  session?: boolean;
  /** A money write: a JSON body, a fresh Idempotency-Key per request, pgbench as the baseline. */
  write?: () => unknown;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'getTickerList', path: API.market.getTickerList },
  { name: 'kline 1m BTCUSDT', path: `${API.market.kline}?symbol=BTCUSDT&interval=1m` },
  { name: 'depth BTCUSDT', path: `${API.market.byTypeDepthUpdate}?symbol=BTCUSDT` },
  { name: 'user/info', path: API.user.info, method: 'POST', session: true },
  { name: 'account/list', path: API.account.list, method: 'POST', session: true },
  {
    name: 'transferAsset',
    path: API.account.transferAsset,
    method: 'POST',
    session: true,
    write: () => ({ fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '0.01' }),
  },
  {
    name: 'contract/create',
    path: API.contract.create,
    method: 'POST',
    session: true,
    write: () => ({ symbol: 'BTCUSDT', direction: 'up', duration: contract.duration, amount: contract.minStake }),
  },
];

/** The bench's contracts: the shortest product at its smallest stake, read from the app before the run. */
const contract = { duration: 30, minStake: '1' };

interface Run {
  rps: number;
  p99: number;
  bad: number;
  ok: number;
  /** The app's CPU time per request, less the CPU it used idle in the second before the run. */
  cpuUsPerRequest?: number;
}

/** CPU time (user + system) a process has used so far, in µs (/proc: Linux only; NaN elsewhere). */
function cpuUs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  } catch {
    return NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function getJson(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

let keySeq = 0;

/** One autocannon run against `base` + the endpoint's path; with `tokens`, connection i is user i mod n. */
async function load(base: string, e: Endpoint, tokens: string[] = [], pid?: number): Promise<Run> {
  // The app's own background work (the market engine) over a second just before, taken off.
  const idleFrom = pid ? cpuUs(pid) : NaN;
  if (pid) await sleep(1000);
  const cpuBefore = pid ? cpuUs(pid) : NaN;
  const idlePerSecond = cpuBefore - idleFrom;
  let bad = 0;
  let ok = 0;
  let nextUser = 0;
  const run = `${process.pid}-${Date.now()}`;
  const result = await autocannon({
    url: `${base}${e.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: e.method ?? 'GET',
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: { token?: string }) => {
          if (!e.session) return req;
          context.token ??= tokens[nextUser++ % tokens.length];
          const headers: Record<string, string> = { token: String(context.token), typeUser: 'demo' };
          if (!e.write) return { ...req, headers };
          headers['content-type'] = 'application/json';
          headers['idempotency-key'] = `b-${run}-${keySeq++}`;
          return { ...req, headers, body: JSON.stringify(e.write()) };
        },
        onResponse: (status: number, body: string) => {
          if (status === 200 && body.startsWith('{"code":0,')) return void ok++;
          if (bad++ === 0) console.error(`  first bad answer of ${e.name}: ${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  bad += result.errors + result.timeouts + result.non2xx;
  const cpuUsPerRequest = pid
    ? (cpuUs(pid) - cpuBefore - idlePerSecond * result.duration) / result.requests.total
    : undefined;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad,
    ok,
    ...(cpuUsPerRequest ? { cpuUsPerRequest } : {}),
  };
}

/** pgbench's figures as a row of the table (it prints no p99: the column stays empty). */
const toRun = (r: PgbenchRun): Run => ({ rps: r.tps, p99: NaN, bad: r.failed, ok: 0 });

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ code: number; data: unknown; msg?: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** The newest 4-digit code the app wrote to `to` (local outbox: `<DATA_DIR>/outbox/*-<channel>-<to>.txt`). */
async function readCode(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    const file = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.includes(to))
          .sort()
          .at(-1)
      : undefined;
    const code = file
      ? /\b(\d{4})\b/.exec(fs.readFileSync(path.join(outbox, file), 'utf8').split('\n\n').slice(1).join('\n'))?.[1]
      : undefined;
    if (code) return code;
    await sleep(50);
  }
  throw new Error(`no code for ${to}`);
}

/** `n` users registered through the API; their session tokens. */
async function registerUsers(appUrl: string, dataDir: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench${i}-${process.pid}@example.com`;
    const sent = await post(`${appUrl}${API.user.sendOtp}`, { email, purpose: 'register' });
    if (sent.code !== 0) throw new Error(`sendOtp: ${JSON.stringify(sent)}`);
    const code = await readCode(dataDir, email);
    const password = 'Bench-pass-1';
    const reg = await post(`${appUrl}${API.user.register}`, {
      type: 'email',
      email,
      password,
      confirmPassword: password,
      code,
    });
    if (reg.code !== 0) throw new Error(`register: ${JSON.stringify(reg)}`);
    tokens.push((reg.data as { token: string }).token);
  }
  return tokens;
}

/**
 * After the writes, through the app: the users' transfer records number the transfers that
 * answered code 0 (exactly once: no lost and no doubled write). Returns the number of failed checks.
 */
async function checkMoney(appUrl: string, tokens: string[], transfers: number, contracts: number): Promise<number> {
  let records = 0;
  for (const token of tokens) {
    const res = await fetch(`${appUrl}${API.account.getTransferLog}?page=1&size=1`, {
      headers: { token, typeUser: 'demo' },
    });
    records += ((await res.json()) as { data: { total: number } }).data.total;
  }
  // A request still in flight when a run ends is done by the app but its answer is not counted.
  const ok = records >= transfers && records <= transfers + CONNECTIONS * PAIRS;
  console.log(
    `money: ${transfers} transfers answered code 0, ${records} transfer records (at most ${CONNECTIONS * PAIRS} more: those in flight when a run ended); ${contracts} contracts opened — ${ok ? 'agree' : 'DISAGREE'}`,
  );
  return ok ? 0 : 1;
}

async function main(): Promise<number> {
  const children: ChildProcess[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const baseUrl = process.env.DATABASE_URL;
  let admin: pg.Client | undefined;
  let dbName: string | undefined;
  let failures = 0;
  let baseline: Awaited<ReturnType<typeof openPgbench>> | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL,
      MARKET_BACKFILL_DAYS: BACKFILL_DAYS,
      MARKET_ENGINE: 'timers',
      PRICE_FEED: 'simulator',
      // The bench registers its users from one address in a few seconds.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_DAILY_PER_IP: '100000',
    };
    if (baseUrl) {
      dbName = `bench_api_${process.pid}`;
      admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const u = new URL(baseUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
      baseline = await openPgbench(baseUrl, 'bench_api', PGBENCH_CLIENTS);
    } else delete env.DATABASE_URL;

    const appPort = await freePort();
    const appLog = path.join(dir, 'app.log');
    const logFd = fs.openSync(appLog, 'w');
    const app = fork(MAIN, [], {
      env: { ...env, PORT: String(appPort) },
      execArgv: ['--import', 'tsx', ...APP_NODE_ARGS],
      stdio: ['ignore', logFd, logFd, 'ipc'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}`;
    const started = Date.now();
    await waitFor('the app to be ready', 120_000, async () => (await fetch(`${appUrl}/readyz`)).status === 200);
    await waitFor('every instrument to have a price', 120_000, async () => {
      const { text } = await getJson(`${appUrl}${API.market.getTickerList}`);
      const body = JSON.parse(text) as { code: number; data: { price: string | null }[] };
      return body.code === 0 && body.data.length > 0 && body.data.every((t) => t.price !== null);
    });
    await waitFor('the first-start history to be stored', 600_000, async () =>
      fs.readFileSync(appLog, 'utf8').includes('market: backfill stored'),
    );
    console.log(
      `api bench on ${baseUrl ? 'PostgreSQL' : 'PGlite'}; app ready with history in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const tokens = await registerUsers(appUrl, env.DATA_DIR!, USERS);
    const products = (await getJson(`${appUrl}${API.contract.products}`)).text;
    const shortest = (JSON.parse(products) as { data: (typeof contract)[] }).data.sort(
      (a, b) => a.duration - b.duration,
    )[0]!;
    Object.assign(contract, { duration: shortest.duration, minStake: shortest.minStake });
    console.log(`${USERS} users registered; contracts of ${contract.duration} s at ${contract.minStake} USDT`);

    // The baseline answers each read path with the app's own answer, fixed.
    const bodies: Record<string, { method: string; body: unknown }> = {};
    for (const e of ENDPOINTS.filter((x) => !x.write)) {
      const res = await fetch(`${appUrl}${e.path}`, {
        method: e.method ?? 'GET',
        headers: e.session ? { token: tokens[0]!, typeUser: 'demo' } : {},
      });
      const text = await res.text();
      if (res.status !== 200 || !text.startsWith('{"code":0,'))
        throw new Error(`${e.name}: ${res.status} ${text.slice(0, 200)}`);
      bodies[e.path.split('?')[0]!] = { method: e.method ?? 'GET', body: JSON.parse(text) };
      console.log(`${e.name.padEnd(20)} answer ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
    }
    const bodiesFile = path.join(dir, 'bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const barePort = await freePort();
    const bare = fork(path.join(HERE, 'bare-fastify.ts'), [String(barePort), bodiesFile], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(bare);
    await new Promise<void>((resolve, reject) => {
      bare.once('message', () => resolve());
      bare.once('exit', (c) => reject(new Error(`bare fastify exited ${c}`)));
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;

    const only = process.env.BENCH_ONLY?.split(',');
    const selected = ENDPOINTS.filter((e) => !only || only.some((o) => e.name.includes(o)));
    console.log(
      `${PAIRS} pairs per endpoint, ${SECONDS} s each, ${CONNECTIONS} connections, app LOG_LEVEL=${LOG_LEVEL}; reads against bare Fastify, writes against pgbench TPC-B at ${PGBENCH_CLIENTS} clients (no p99 printed for pgbench)`,
    );
    console.log(
      `${'endpoint'.padEnd(20)} pair  baseline req/s  p99 ms   subject req/s  p99 ms   ratio   app CPU µs/req`,
    );
    const summary: string[] = [];
    const succeeded = new Map<string, number>();
    for (const e of selected) {
      const ratios: number[] = [];
      const p99s: number[] = [];
      const cpu: number[] = [];
      for (let i = 1; i <= PAIRS; i++) {
        const base = e.write ? (baseline ? toRun(await baseline.run(SECONDS)) : undefined) : await load(bareUrl, e);
        const subj = await load(appUrl, e, tokens, app.pid);
        succeeded.set(e.name, (succeeded.get(e.name) ?? 0) + subj.ok);
        p99s.push(subj.p99);
        if (subj.cpuUsPerRequest) cpu.push(subj.cpuUsPerRequest);
        const ratio = base ? subj.rps / base.rps : NaN;
        ratios.push(ratio);
        console.log(
          `${e.name.padEnd(20)} ${String(i).padStart(4)}  ${(base?.rps.toFixed(0) ?? '-').padStart(14)}  ${String(base && !Number.isNaN(base.p99) ? base.p99 : '-').padStart(6)}  ${subj.rps.toFixed(0).padStart(14)}  ${String(subj.p99).padStart(6)}  ${ratio.toFixed(3)}x  ${subj.cpuUsPerRequest?.toFixed(0) ?? '-'}`,
        );
        if (base?.bad || subj.bad) {
          failures++;
          console.error(
            `  FAILED: ${base?.bad ?? 0} baseline and ${subj.bad} subject answers were not 200 with code 0`,
          );
        }
      }
      summary.push(
        `${e.name.padEnd(20)} ratio ${minMedianMax(ratios, 3)}   p99 ms ${minMedianMax(p99s)}   app CPU µs/request ${cpu.length ? minMedianMax(cpu) : '-'}`,
      );
    }
    console.log(summary.join('\n'));
    failures += await checkMoney(
      appUrl,
      tokens,
      succeeded.get('transferAsset') ?? 0,
      succeeded.get('contract/create') ?? 0,
    );
    // The ledger's invariants over the app's database, once the app has stopped (PGlite has one owner).
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    const verify = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.resolve(HERE, '../scripts/ops.ts'), 'ledger-verify'],
      { env },
    ).then(
      (r) => ({ ok: true, out: r.stdout }),
      (err: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
    );
    console.log(`ledger invariants: ${verify.ok ? 'hold' : `VIOLATED\n${verify.out}`}`);
    if (!verify.ok) failures++;
  } finally {
    for (const c of children) {
      if (c.exitCode === null) {
        c.kill('SIGTERM');
        await new Promise((r) => {
          c.once('exit', r);
          setTimeout(r, 10_000).unref();
        });
      }
    }
    await baseline?.cleanup().catch((err: unknown) => console.error('dropping the pgbench database failed', err));
    if (admin && dbName) {
      await admin
        .query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
        .catch((err: unknown) => console.error('dropping the scratch database failed', err));
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failures) console.error(`correctness: ${failures} run pair(s) had bad answers`);
  else console.log('correctness: every answer was 200 with code 0');
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
