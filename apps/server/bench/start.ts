/**
 * npm run bench:start — how fast `npm start` is ready and how much memory the server holds when
 * idle (issue 14, "Start and memory"), on PGlite and on PostgreSQL, against a bare Fastify.
 *
 * The server is started exactly as `npm start` starts it: the root package.json's `start` script
 * is read, its steps before the last (`build-*-if-changed` checks) are run once and timed, and
 * its last step (`node …`) is spawned directly, so the process measured is the server's node
 * process (no npm or shell in between).
 *
 * Per database:
 * - preparation (not measured against a target): a first start on a new data folder (PGlite) or
 *   a scratch database created from DATABASE_URL (dropped at the end, also when the run fails and
 *   on SIGINT/SIGTERM), until the first-start history (BENCH_BACKFILL_DAYS, 30 as shipped) is
 *   stored; then a clean stop. The later starts reuse that data, as a restart does.
 * - BENCH_STARTS (≥ 3) pairs: the baseline, then the subject. Baseline: `node -e` with a bare
 *   Fastify 5 answering /readyz (no plugins, no database). Subject: the server. For each, the time
 *   from spawn to the first `/readyz` 200, then BENCH_IDLE_SECONDS (25) of idling (the subject's
 *   /readyz is asked every 250 ms meanwhile; the slowest answer shows event-loop stalls), then the
 *   process's VmRSS (and VmHWM, its peak) from /proc/<pid>/status; then SIGTERM, and the exit
 *   code must be 0. For the subject also: the time until every instrument has a price.
 *
 * Prints min/median/max of each figure, the ratio subject/baseline per pair, and the targets of
 * issue 14 (ready ≤ 3 s on PostgreSQL and ≤ 5 s on PGlite on an existing data folder; idle RSS
 * ≤ 150 MB on PostgreSQL and ≤ 300 MB on PGlite). Exit code 1 when a start fails (no ready within
 * BENCH_TIMEOUT_SECONDS, 120; the process exits early; a stop that is not clean) or when a
 * target is missed with BENCH_ENFORCE=1.
 *
 * Environment: DATABASE_URL (also run PostgreSQL; without it only PGlite), BENCH_DATABASES
 * (`pglite,postgres`), BENCH_STARTS (3), BENCH_IDLE_SECONDS (25), BENCH_BACKFILL_DAYS (30),
 * BENCH_PGLITE_DIR (a PGlite data folder to prepare once and keep between runs, instead of a
 * temporary one).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@app/contract';
import { freePort } from './bench-db';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const STARTS = Math.max(3, Number(process.env.BENCH_STARTS ?? 3));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 25);
const BACKFILL_DAYS = process.env.BENCH_BACKFILL_DAYS ?? '30';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 120) * 1000;
const ENFORCE = process.env.BENCH_ENFORCE === '1';
const KEEP_PGLITE_DIR = process.env.BENCH_PGLITE_DIR ? path.resolve(process.env.BENCH_PGLITE_DIR) : undefined;

type Kind = 'pglite' | 'postgres';
const TARGETS: Record<Kind, { readyMs: number; rssMb: number; label: string }> = {
  pglite: { readyMs: 5000, rssMb: 300, label: 'PGlite' },
  postgres: { readyMs: 3000, rssMb: 150, label: 'PostgreSQL' },
};

/** The bare Fastify of the baseline: the framework alone, answering /readyz. */
const BARE_FASTIFY = [
  "const { default: Fastify } = await import('fastify');",
  'const app = Fastify();',
  "app.get('/readyz', async () => ({ status: 'ready' }));",
  "process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));",
  "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });",
].join(' ');

interface Start {
  readyMs: number;
  /** CPU time of the process (all its threads) until ready: less sensitive to other load on the machine than the wall time. */
  readyCpuMs: number;
  /** Subject only: until every instrument has a price. */
  pricesMs: number | undefined;
  rssMb: number;
  peakMb: number;
  /** The slowest /readyz answer while idle (subject only). */
  worstMs: number | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mmm = (xs: number[], digits = 0, unit = '') =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}${unit}`;

/** `npm start` as steps: the checks before the server, and the server's own node command. */
function startScript(): { checks: string[]; server: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const steps = pkg.scripts.start!.split('&&').map((s) => s.trim());
  const server = steps.pop()!.split(/\s+/);
  if (server[0] !== 'node') throw new Error(`the last step of npm start is not a node command: ${server.join(' ')}`);
  return { checks: steps, server: server.slice(1) };
}

function statusKb(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for ${pid}`);
  return Number(m[1]);
}

/** User and system CPU time of a process so far, all threads (/proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A running process under test, its log in a file. */
class Proc {
  readonly child: ChildProcess;
  readonly spawnedAt = performance.now();
  exit: Promise<number | null>;
  exited = false;
  constructor(
    args: string[],
    env: NodeJS.ProcessEnv,
    readonly log: string,
  ) {
    const fd = fs.openSync(log, 'a');
    this.child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    live.add(this.child);
    this.exit = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        live.delete(this.child);
        resolve(signal ? -1 : code);
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The end of its log, for a failure's message (the log's folder is removed at the end). */
  fail(what: string): Error {
    const tail = fs.readFileSync(this.log, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
    return new Error(`${what}; the end of its log:\n${tail}`);
  }

  /** Milliseconds from spawn to the first /readyz 200. */
  async ready(url: string): Promise<number> {
    while (performance.now() - this.spawnedAt < TIMEOUT_MS) {
      if (this.exited) throw this.fail('exited before it was ready');
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - this.spawnedAt;
      await sleep(20);
    }
    throw this.fail(`not ready within ${TIMEOUT_MS / 1000} s`);
  }

  /** SIGTERM, and the exit code (must be 0: a clean shutdown). */
  async stop(): Promise<void> {
    if (!this.exited) this.child.kill('SIGTERM');
    const code = await Promise.race([this.exit, sleep(30_000).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      this.child.kill('SIGKILL');
      throw this.fail('did not stop within 30 s of SIGTERM');
    }
    if (code !== 0) throw this.fail(`stopped with exit code ${code}`);
  }
}

/** Every child still running: killed when the bench ends, fails or is interrupted. */
const live = new Set<ChildProcess>();
/** Cleanups (scratch database, temporary folders), run once at the end, on failure and on a signal. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const c of live) c.kill('SIGKILL');
  while (cleanups.length) await cleanups.pop()!().catch((err: unknown) => console.error('clean-up failed:', err));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the servers, dropping the scratch database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function everyPrice(url: string, since: number): Promise<number> {
  while (performance.now() - since < TIMEOUT_MS) {
    const body = await fetch(`${url}${API.market.getTickerList}`).then(
      (r) => r.json() as Promise<{ code: number; data: { price: string | null }[] }>,
      () => undefined,
    );
    if (body?.code === 0 && body.data.length > 0 && body.data.every((t) => t.price !== null))
      return performance.now() - since;
    await sleep(50);
  }
  throw new Error('instruments without a price');
}

/** Idles for IDLE_SECONDS; for the subject, asks /readyz every 250 ms and keeps the slowest answer. */
async function idle(url: string | undefined): Promise<number | undefined> {
  const end = performance.now() + IDLE_SECONDS * 1000;
  let worst = 0;
  while (performance.now() < end) {
    if (url) {
      const t0 = performance.now();
      await fetch(`${url}/readyz`).then((r) => r.arrayBuffer());
      worst = Math.max(worst, performance.now() - t0);
    }
    await sleep(250);
  }
  return url ? worst : undefined;
}

async function measure(args: string[], env: NodeJS.ProcessEnv, log: string, subject: boolean): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = new Proc(args, { ...env, PORT: String(port) }, log);
  try {
    const readyMs = await proc.ready(url);
    const readyCpuMs = cpuMs(proc.pid);
    const pricesMs = subject ? readyMs + (await everyPrice(url, performance.now())) : undefined;
    const worstMs = await idle(subject ? url : undefined);
    const rssMb = statusKb(proc.pid, 'VmRSS') / 1024;
    const peakMb = statusKb(proc.pid, 'VmHWM') / 1024;
    await proc.stop();
    return { readyMs, readyCpuMs, pricesMs, rssMb, peakMb, worstMs };
  } catch (err) {
    if (!proc.exited) proc.child.kill('SIGKILL');
    throw err;
  }
}

/** A scratch PostgreSQL database for the run, dropped by the clean-up. */
async function scratchPostgres(baseUrl: string): Promise<string> {
  const name = `bench_start_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The first start on new data: until the first-start history is stored, then a clean stop. */
async function prepare(server: string[], env: NodeJS.ProcessEnv, log: string): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = new Proc(server, { ...env, PORT: String(port), MARKET_BACKFILL_DAYS: BACKFILL_DAYS }, log);
  const readyMs = await proc.ready(url);
  const deadline = performance.now() + 30 * 60_000;
  while (!fs.readFileSync(log, 'utf8').includes('market: backfill stored')) {
    if (proc.exited) throw proc.fail('the first start exited');
    if (performance.now() > deadline) throw new Error('the first-start history was not stored within 30 minutes');
    await sleep(500);
  }
  const storedS = (performance.now() - proc.spawnedAt) / 1000;
  const rssMb = statusKb(proc.pid, 'VmRSS') / 1024;
  await proc.stop();
  console.log(
    `  first start (new data, ${BACKFILL_DAYS} days of history): ready ${(readyMs / 1000).toFixed(2)} s, history stored after ${storedS.toFixed(0)} s, RSS then ${rssMb.toFixed(0)} MB`,
  );
}

async function benchDatabase(kind: Kind, server: string[], dir: string): Promise<boolean> {
  const target = TARGETS[kind];
  console.log(`\n${target.label}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PRICE_FEED: 'simulator',
    MARKET_ENGINE: 'timers',
    // The server's own start, comparable with earlier runs: the embedded default's development chain
    // (another process, anvil) stays off.
    DEV_CHAIN: 'false',
  };
  delete env.DATABASE_URL;
  delete env.PORT;
  delete env.MARKET_BACKFILL_DAYS;
  const log = path.join(dir, `${kind}.log`);
  if (kind === 'postgres') {
    env.DATA_DIR = path.join(dir, 'data-postgres');
    env.DATABASE_URL = await scratchPostgres(process.env.DATABASE_URL!);
    await prepare(server, env, log);
  } else {
    const dataDir = KEEP_PGLITE_DIR ?? path.join(dir, 'data-pglite');
    env.DATA_DIR = dataDir;
    if (KEEP_PGLITE_DIR && fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
      console.log(`  reusing the prepared data folder ${dataDir}`);
    else await prepare(server, env, log);
  }
  const base: Start[] = [];
  const subj: Start[] = [];
  const row = (who: string, s: Start) =>
    `  ${who.padEnd(9)} ready ${(s.readyMs / 1000).toFixed(2).padStart(6)} s (CPU ${(s.readyCpuMs / 1000).toFixed(2)} s)` +
    `${s.pricesMs === undefined ? '' : `, every price ${(s.pricesMs / 1000).toFixed(2)} s`}` +
    `, idle RSS ${s.rssMb.toFixed(0).padStart(4)} MB (peak ${s.peakMb.toFixed(0)} MB)` +
    `${s.worstMs === undefined ? '' : `, slowest /readyz while idle ${s.worstMs.toFixed(0)} ms`}`;
  for (let i = 1; i <= STARTS; i++) {
    console.log(` pair ${i}`);
    const b = await measure(['--input-type=module', '-e', BARE_FASTIFY], env, path.join(dir, 'baseline.log'), false);
    base.push(b);
    console.log(row('baseline', b));
    const s = await measure(server, env, log, true);
    subj.push(s);
    console.log(
      `${row('subject', s)}; ratio ready ${(s.readyMs / b.readyMs).toFixed(1)}x, RSS ${(s.rssMb / b.rssMb).toFixed(1)}x`,
    );
  }
  const readyOk = subj.filter((s) => s.readyMs <= target.readyMs).length;
  const rssOk = subj.filter((s) => s.rssMb <= target.rssMb).length;
  console.log(`  ${target.label} summary (min / median / max over ${STARTS} starts):`);
  console.log(
    `    ready      baseline ${mmm(
      base.map((s) => s.readyMs / 1000),
      2,
      ' s',
    )}   subject ${mmm(
      subj.map((s) => s.readyMs / 1000),
      2,
      ' s',
    )}   ratio ${mmm(
      subj.map((s, k) => s.readyMs / base[k]!.readyMs),
      1,
      'x',
    )}`,
  );
  console.log(
    `    CPU until ready baseline ${mmm(
      base.map((s) => s.readyCpuMs / 1000),
      2,
      ' s',
    )}   subject ${mmm(
      subj.map((s) => s.readyCpuMs / 1000),
      2,
      ' s',
    )}   ratio ${mmm(
      subj.map((s, k) => s.readyCpuMs / base[k]!.readyCpuMs),
      1,
      'x',
    )}`,
  );
  console.log(
    `    idle RSS   baseline ${mmm(
      base.map((s) => s.rssMb),
      0,
      ' MB',
    )}   subject ${mmm(
      subj.map((s) => s.rssMb),
      0,
      ' MB',
    )}   ratio ${mmm(
      subj.map((s, k) => s.rssMb / base[k]!.rssMb),
      1,
      'x',
    )}`,
  );
  console.log(
    `    every price ${mmm(
      subj.map((s) => s.pricesMs! / 1000),
      2,
      ' s',
    )}; slowest /readyz while idle ${mmm(
      subj.map((s) => s.worstMs!),
      0,
      ' ms',
    )}`,
  );
  console.log(
    `    target ready <= ${target.readyMs / 1000} s: ${readyOk === STARTS ? 'met' : 'NOT met'} (${readyOk} of ${STARTS} starts)`,
  );
  console.log(
    `    target idle RSS <= ${target.rssMb} MB: ${rssOk === STARTS ? 'met' : 'NOT met'} (${rssOk} of ${STARTS} starts)`,
  );
  return readyOk === STARTS && rssOk === STARTS;
}

async function main(): Promise<number> {
  const { checks, server } = startScript();
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((k) => k.trim()) as Kind[];
  console.log(
    `bench:start on ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`npm start: ${[...checks, `node ${server.join(' ')}`].join(' && ')}`);
  for (const check of checks) {
    const t0 = performance.now();
    const res = spawnSync('sh', ['-c', check], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${check} failed (exit ${res.status})`);
    console.log(
      `  ${check}: ${((performance.now() - t0) / 1000).toFixed(2)} s (${res.stdout.trim().split('\n').at(-1)})`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  console.log(
    `${STARTS} pairs per database (baseline: a bare Fastify 5 by node -e; subject: the server), ${IDLE_SECONDS} s idle before RSS is read`,
  );
  let allMet = true;
  for (const kind of kinds) {
    if (kind === 'postgres' && !process.env.DATABASE_URL) {
      console.log('\nPostgreSQL: skipped (set DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to include it)');
      continue;
    }
    if (!(kind in TARGETS)) throw new Error(`BENCH_DATABASES: unknown database ${kind}`);
    allMet = (await benchDatabase(kind, server, dir)) && allMet;
  }
  console.log(
    `\nload average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (!allMet) console.log(`\nnot every target was met${ENFORCE ? ' (BENCH_ENFORCE=1: exit code 1)' : ''}`);
  return !allMet && ENFORCE ? 1 : 0;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (err: unknown) => {
    console.error('bench:start failed:', err instanceof Error ? err.message : err);
    await cleanUp();
    process.exit(1);
  },
);
