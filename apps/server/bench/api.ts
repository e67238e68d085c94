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
 * BENCH_BACKFILL_DAYS (2: the first start's history; 30 as shipped takes minutes to store).
 *
 * To add an endpoint (session reads, money writes): push to ENDPOINTS; a write needs its own
 * method/body/headers in `Endpoint` and a baseline path answering a like-sized body.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API } from '@app/contract';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const BACKFILL_DAYS = process.env.BENCH_BACKFILL_DAYS ?? '2';
const HERE = import.meta.dirname;
const MAIN = path.resolve(HERE, '../src/main.ts');

interface Endpoint {
  name: string;
  /** Path and query, GET. */
  path: string;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'getTickerList', path: API.market.getTickerList },
  { name: 'kline 1m BTCUSDT', path: `${API.market.kline}?symbol=BTCUSDT&interval=1m` },
  { name: 'depth BTCUSDT', path: `${API.market.byTypeDepthUpdate}?symbol=BTCUSDT` },
];

interface Run { rps: number; p99: number; bad: number }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
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

async function load(url: string): Promise<Run> {
  let bad = 0;
  const result = await autocannon({
    url, connections: CONNECTIONS, duration: SECONDS,
    requests: [{ onResponse: (status: number, body: string) => { if (status !== 200 || !body.startsWith('{"code":0,')) bad++; } }],
  });
  bad += result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p99: result.latency.p99, bad };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function main(): Promise<number> {
  const children: ChildProcess[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const baseUrl = process.env.DATABASE_URL;
  let admin: pg.Client | undefined;
  let dbName: string | undefined;
  let failures = 0;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env, HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL, MARKET_BACKFILL_DAYS: BACKFILL_DAYS,
      MARKET_ENGINE: 'timers', PRICE_FEED: 'simulator',
    };
    if (baseUrl) {
      dbName = `bench_api_${process.pid}`;
      admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const u = new URL(baseUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    } else delete env.DATABASE_URL;

    const appPort = await freePort();
    const appLog = path.join(dir, 'app.log');
    const logFd = fs.openSync(appLog, 'w');
    const app = fork(MAIN, [], { env: { ...env, PORT: String(appPort) }, execArgv: ['--import', 'tsx'], stdio: ['ignore', logFd, logFd, 'ipc'] });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}`;
    const started = Date.now();
    await waitFor('the app to be ready', 120_000, async () => (await fetch(`${appUrl}/readyz`)).status === 200);
    await waitFor('every instrument to have a price', 120_000, async () => {
      const { text } = await getJson(`${appUrl}${API.market.getTickerList}`);
      const body = JSON.parse(text) as { code: number; data: { price: string | null }[] };
      return body.code === 0 && body.data.length > 0 && body.data.every((t) => t.price !== null);
    });
    await waitFor('the first-start history to be stored', 600_000, async () => fs.readFileSync(appLog, 'utf8').includes('market: backfill stored'));
    console.log(`api bench on ${baseUrl ? 'PostgreSQL' : 'PGlite'}; app ready with history in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The baseline answers each path with the app's own answer, fixed.
    const bodies: Record<string, unknown> = {};
    for (const e of ENDPOINTS) {
      const { status, text } = await getJson(`${appUrl}${e.path}`);
      if (status !== 200 || !text.startsWith('{"code":0,')) throw new Error(`${e.name}: ${status} ${text.slice(0, 200)}`);
      bodies[e.path.split('?')[0]!] = JSON.parse(text);
      console.log(`${e.name.padEnd(20)} answer ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
    }
    const bodiesFile = path.join(dir, 'bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const barePort = await freePort();
    const bare = fork(path.join(HERE, 'bare-fastify.ts'), [String(barePort), bodiesFile], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(bare);
    await new Promise<void>((resolve, reject) => { bare.once('message', () => resolve()); bare.once('exit', (c) => reject(new Error(`bare fastify exited ${c}`))); });
    const bareUrl = `http://127.0.0.1:${barePort}`;

    console.log(`${PAIRS} pairs per endpoint, ${SECONDS} s each, ${CONNECTIONS} connections, app LOG_LEVEL=${LOG_LEVEL}`);
    console.log(`${'endpoint'.padEnd(20)} pair  baseline req/s  p99 ms   subject req/s  p99 ms   ratio`);
    const summary: string[] = [];
    for (const e of ENDPOINTS) {
      const ratios: number[] = [];
      for (let i = 1; i <= PAIRS; i++) {
        const base = await load(`${bareUrl}${e.path}`);
        const subj = await load(`${appUrl}${e.path}`);
        const ratio = subj.rps / base.rps;
        ratios.push(ratio);
        console.log(`${e.name.padEnd(20)} ${String(i).padStart(4)}  ${base.rps.toFixed(0).padStart(14)}  ${String(base.p99).padStart(6)}  ${subj.rps.toFixed(0).padStart(14)}  ${String(subj.p99).padStart(6)}  ${ratio.toFixed(3)}x`);
        if (base.bad || subj.bad) {
          failures++;
          console.error(`  FAILED: ${base.bad} baseline and ${subj.bad} subject answers were not 200 with code 0`);
        }
      }
      summary.push(`${e.name.padEnd(20)} ratio min ${Math.min(...ratios).toFixed(3)}x  median ${median(ratios).toFixed(3)}x  max ${Math.max(...ratios).toFixed(3)}x`);
    }
    console.log(summary.join('\n'));
  } finally {
    for (const c of children) {
      if (c.exitCode === null) {
        c.kill('SIGTERM');
        await new Promise((r) => { c.once('exit', r); setTimeout(r, 10_000).unref(); });
      }
    }
    if (admin && dbName) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => console.error('dropping the scratch database failed', err));
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failures) console.error(`correctness: ${failures} run pair(s) had bad answers`);
  else console.log('correctness: every answer was 200 with code 0');
  return failures ? 1 : 0;
}

main().then((code) => process.exit(code), (err: unknown) => { console.error(err); process.exit(1); });
