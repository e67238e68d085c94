/**
 * npm run bench:ws — websocket fan-out under load, against a naive baseline (docs/performance.md).
 *
 * This process is the server: the real MarketEngine and MarketHub behind @fastify/websocket on
 * 127.0.0.1, fed by a synthetic source of 25 instruments ticking at 20 Hz each (500 ticks/s),
 * with ticks stored as for a real feed. A second process opens 2,000 clients, each subscribed
 * to all 25 symbols, and measures for 15 s. The run is done twice: the hub's coalescing
 * delivery (what the server uses), then a naive one (one ws.send per tick per client,
 * JSON-encoded each time). Loopback only; bounded in clients, time and memory.
 *
 * BENCH_RUNS (≥ 3) pairs, coalesced then naive; per run it prints delivered ticks per second and
 * per second of server CPU, latency percentiles, and where a late tick could have waited: the
 * server's and the clients' event-loop delay and the server's GC pauses. The summary gives
 * min/median/max and the ratios coalesced/naive; exit code 1 when a run's checks fail (a client
 * not subscribed or closed, tick counts that disagree with the parse).
 *
 * Options (environment): BENCH_RUNS (3), BENCH_CLIENTS (2000), BENCH_SECONDS (15), BENCH_SYMBOLS (25),
 * BENCH_HZ (20), WS_FLUSH_MS (the server's flush interval), DATABASE_URL (PostgreSQL instead of
 * PGlite), BENCH_NAIVE=0 (skip the baseline).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import pg from 'pg';
import pino from 'pino';
import { INSTRUMENTS, parseAmount } from '@app/contract';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { InProcessBus, MarketEngine, MarketHub, type PriceSink, type PriceSource } from '../src/modules/market/testing';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SYMBOL_COUNT = Number(process.env.BENCH_SYMBOLS ?? 25);
const HZ = Number(process.env.BENCH_HZ ?? 20);
const WARMUP_MS = 3000;
/** The naive run may fall behind without limit; stop it before it can exhaust memory. */
const MAX_RSS_BYTES = 6 * 1024 ** 3;
const here = path.dirname(fileURLToPath(import.meta.url));

/** 25 instruments at 20 Hz: each symbol ticks every 50 ms, staggered, stamped with the wall clock. */
class BenchSource implements PriceSource {
  readonly name = 'bench';
  readonly regenerable = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly next = new Map<string, number>();
  private readonly price = new Map<string, number>();
  private sink: PriceSink | undefined;
  emitted = 0;
  constructor(readonly symbols: readonly string[]) {}
  start(sink: PriceSink): void {
    this.sink = sink;
  }
  /** Starts ticking (after the clients are connected and subscribed). */
  go(): void {
    const sink = this.sink!;
    const now = Date.now();
    this.symbols.forEach((s, i) => {
      this.next.set(s, now + (i * 1000) / HZ / this.symbols.length);
      this.price.set(s, Number(parseAmount(INSTRUMENTS.find((x) => x.symbol === s)!.referencePrice, 10)));
    });
    this.timer = setInterval(() => {
      const t = Date.now();
      for (const s of this.symbols) {
        // At most one tick per symbol per timer call: an overloaded server (the naive run) falls
        // behind and produces fewer ticks, as a real feed handler would, instead of an ever-longer catch-up.
        if (this.next.get(s)! <= t) {
          this.next.set(s, Math.max(this.next.get(s)! + 1000 / HZ, t - 1000 / HZ));
          const inst = INSTRUMENTS.find((x) => x.symbol === s)!;
          const p = Math.max(
            1,
            Math.round((this.price.get(s)! / 10 ** (10 - inst.priceDecimals)) * (1 + (Math.random() - 0.5) * 1e-4)),
          );
          this.price.set(s, p * 10 ** (10 - inst.priceDecimals));
          sink.tick({ symbol: s, time: t, price: p, amount: 100 });
          this.emitted++;
        }
      }
    }, 2);
  }
  pump(): void {}
  stop(): void {
    clearInterval(this.timer);
  }
}

/** A thread's time on a CPU and waiting in the run queue so far (/proc/<pid>/task/<pid>/schedstat: the main thread). */
function schedstat(pid: number): { ranNs: number; waitedNs: number } {
  const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number) as [
    number,
    number,
  ];
  return { ranNs: ran, waitedNs: waited };
}

interface Result {
  mode: string;
  clients: number;
  seconds: number;
  ticks: number;
  frames: number;
  bytes: number;
  p50: number;
  p99: number;
  max: number;
  samples: number;
  serverCpu: number;
  clientCpu: number;
  produced: number;
  open: number;
  maxRssMb: number;
  /** The server's event-loop delay during the window (p99 and max, ms). */
  loopP99: number;
  loopMax: number;
  /** The server's GC pauses during the window: total and longest (ms). */
  gcMs: number;
  gcMaxMs: number;
  /** Major (mark-compact) GCs among them: count and total ms. */
  gcMajor: number;
  gcMajorMs: number;
  /** The most the server held for its sockets at once (their bufferedAmount summed, sampled every 200 ms), and flushes that skipped a connection over the high-water mark. */
  maxBacklogMb: number;
  skipped: number;
  /** Share of the window the server's and the clients' main threads ran, and waited for a CPU (run queue). */
  serverRan: number;
  serverWaited: number;
  clientRan: number;
  clientWaited: number;
  /** The clients process's event-loop delay (p99 and max, ms). */
  clientLoopP99: number;
  clientLoopMax: number;
  /** Sampled frames whose parsed ticker count differed from the cheap count (must be 0). */
  mismatches: number;
}

async function run(mode: 'coalesced' | 'naive'): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
  // PGlite in a temporary folder by default (it runs inside this process, as in the embedded
  // set-up); DATABASE_URL=postgres://... runs the server on PostgreSQL (a database made and dropped here).
  const pgName = `bench_ws_${process.pid}_${mode}`;
  const admin = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
  let databaseUrl: string | undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dir, 'pglite') });
  const config = loadConfig({
    DATA_DIR: dir,
    MARKET_ENGINE: 'manual',
    MARKET_BACKFILL_DAYS: '0',
    MARKET_SEED: '1',
    WS_FLUSH_MS: process.env.WS_FLUSH_MS ?? '',
  });
  const log = pino({ level: 'warn' });
  const ctx: AppContext = {
    config,
    db: database.db,
    clock: systemClock,
    secret: 'bench',
    email: undefined as never,
    sms: undefined as never,
    log,
  };
  const symbols = INSTRUMENTS.slice(0, SYMBOL_COUNT).map((i) => i.symbol);
  const source = new BenchSource(symbols);
  const bus = new InProcessBus((err) => log.error({ err }, 'bus'));
  const engine = new MarketEngine(ctx, bus, config.market, { sources: () => [source] });
  const hub = new MarketHub(
    {
      bus,
      authenticate: async () => null,
      snapshot: (topic) => {
        const t = engine.wsTick(topic.split(':')[1]!);
        return topic.startsWith('ticker:') && t ? { eventType: 'ticker', data: t } : undefined;
      },
      now: () => Date.now(),
      log,
    },
    { flushMs: config.market.wsFlushMs, heartbeatMs: 30_000, maxConnections: CLIENTS + 100, delivery: mode },
  );
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true }, (socket, req) => hub.accept(socket, req.raw));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  await engine.start({ timers: true });

  const child = fork(
    path.join(here, 'ws-clients.ts'),
    [
      JSON.stringify({
        url: `ws://127.0.0.1:${port}/ws`,
        clients: CLIENTS,
        symbols,
        sampleEvery: mode === 'naive' ? 64 : 32,
      }),
    ],
    {
      // node itself with tsx as a loader (not the tsx command, which would run it in a child of its
      // own): child.pid is then the clients' process, whose scheduling the run reports.
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const message = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type === type) {
          child.off('message', on);
          resolve(m as T);
        }
      };
      child.on('message', on);
    });
  const ready = await message<{ clients: number; errors: number }>('ready');
  source.go();
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  let maxRss = 0;
  let maxBacklog = 0;
  const skipped0 = hub.stats.skippedSlow;
  const rssTimer = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage.rss());
    maxBacklog = Math.max(
      maxBacklog,
      hub.connectionInfo().reduce((sum, c) => sum + c.bufferedAmount, 0),
    );
    if (maxRss > MAX_RSS_BYTES) {
      console.error(`server memory above ${MAX_RSS_BYTES / 1024 ** 3} GiB: stopping this run early`);
      child.send({ type: 'stop' });
    }
  }, 200);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  let gcMajor = 0;
  let gcMajorMs = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMaxMs = Math.max(gcMaxMs, e.duration);
      if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gcMajor++;
        gcMajorMs += e.duration;
      }
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const sched0 = [schedstat(process.pid), schedstat(child.pid!)];
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const produced0 = source.emitted;
  child.send({ type: 'start' });
  const stopTimer = setTimeout(() => child.send({ type: 'stop' }), SECONDS * 1000);
  const r =
    await message<
      Omit<
        Result,
        'mode' | 'clients' | 'serverCpu' | 'produced' | 'maxRssMb' | 'loopP99' | 'loopMax' | 'gcMs' | 'gcMaxMs'
      >
    >('result');
  loop.disable();
  gcObserver.disconnect();
  const sched1 = [schedstat(process.pid), schedstat(child.pid!)];
  const skipped = hub.stats.skippedSlow - skipped0;
  clearTimeout(stopTimer);
  clearInterval(rssTimer);
  const wall = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const produced = (source.emitted - produced0) / wall;
  child.send({ type: 'exit' });
  await new Promise((r) => child.once('exit', r));
  hub.close();
  await engine.stop();
  await app.close();
  await database.close();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    ...r,
    mode,
    clients: ready.clients,
    serverCpu: (cpu.user + cpu.system) / 1e6 / wall,
    produced,
    maxRssMb: Math.round(maxRss / 1e6),
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    gcMs,
    gcMaxMs,
    gcMajor,
    gcMajorMs,
    maxBacklogMb: maxBacklog / 1e6,
    skipped,
    serverRan: (sched1[0]!.ranNs - sched0[0]!.ranNs) / 1e9 / wall,
    serverWaited: (sched1[0]!.waitedNs - sched0[0]!.waitedNs) / 1e9 / wall,
    clientRan: (sched1[1]!.ranNs - sched0[1]!.ranNs) / 1e9 / wall,
    clientWaited: (sched1[1]!.waitedNs - sched0[1]!.waitedNs) / 1e9 / wall,
  };
}

/** Delivered ticks per second of server CPU (user + system, all of the server's threads). */
const ticksPerCpuSecond = (r: Result) => r.ticks / (r.serverCpu * r.seconds);

function print(r: Result): void {
  console.log(
    `\n[${r.mode}] ${r.clients} clients (${r.open} still open) x ${SYMBOL_COUNT} symbols at ${HZ} Hz, ${r.seconds.toFixed(1)} s`,
  );
  console.log(
    `  ticks produced by the feed:  ${r.produced.toFixed(0)}/s (x ${r.clients} subscribers = ${(r.produced * r.clients).toFixed(0)}/s to deliver)`,
  );
  console.log(
    `  delivered ticks:             ${(r.ticks / r.seconds).toFixed(0)}/s in ${(r.frames / r.seconds).toFixed(0)} frames/s (${(r.bytes / r.seconds / 1e6).toFixed(1)} MB/s)`,
  );
  console.log(
    `  tick-to-client latency:      p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.samples} samples; count check mismatches: ${r.mismatches})`,
  );
  console.log(
    `  server CPU:                  ${(r.serverCpu * 100).toFixed(0)}% of one core; client process ${(r.clientCpu * 100).toFixed(0)}%; server max RSS ${r.maxRssMb} MB`,
  );
  console.log(`  delivered ticks per server CPU-second: ${ticksPerCpuSecond(r).toFixed(0)}`);
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  console.log(
    `  server: event-loop delay p99 ${r.loopP99.toFixed(1)} ms, max ${r.loopMax.toFixed(1)} ms; GC ${r.gcMs.toFixed(0)} ms in all (${r.gcMajor} major, ${r.gcMajorMs.toFixed(0)} ms), longest ${r.gcMaxMs.toFixed(1)} ms; main thread ran ${pct(r.serverRan)} of the window, waited for a CPU ${pct(r.serverWaited)}`,
  );
  console.log(
    `  server: held for slow sockets at most ${r.maxBacklogMb.toFixed(1)} MB; ${r.skipped} flushes skipped a connection over the high-water mark`,
  );
  console.log(
    `  clients: event-loop delay p99 ${r.clientLoopP99.toFixed(1)} ms, max ${r.clientLoopMax.toFixed(1)} ms; main thread ran ${pct(r.clientRan)} of the window, waited for a CPU ${pct(r.clientWaited)}`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mmm = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;

/** What must hold for a run's figures to count: every client connected, subscribed and still open, and the cheap tick count agreeing with the parse. */
function checks(r: Result): string[] {
  const failed: string[] = [];
  if (r.clients < CLIENTS) failed.push(`${r.clients} of ${CLIENTS} clients subscribed within a minute`);
  if (r.open < r.clients) failed.push(`${r.clients - r.open} clients closed during the run`);
  if (r.mismatches) failed.push(`${r.mismatches} sampled frames whose tick count differed from the parse`);
  if (r.samples === 0) failed.push('no latency samples');
  return failed;
}

async function main(): Promise<number> {
  const runs = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
  const naiveToo = process.env.BENCH_NAIVE !== '0';
  console.log(
    `bench:ws on ${os.cpus().length} cores, Node ${process.version}, loopback only; flush every ${loadConfig({ WS_FLUSH_MS: process.env.WS_FLUSH_MS ?? '' }).market.wsFlushMs} ms; ${runs} pairs (coalesced, then the naive baseline); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const pairs: { coalesced: Result; naive: Result | undefined }[] = [];
  const failures: string[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(
      `\n===== pair ${i} of ${runs} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const coalesced = await run('coalesced');
    print(coalesced);
    const naive = naiveToo ? await run('naive') : undefined;
    if (naive) print(naive);
    for (const r of [coalesced, naive]) if (r) failures.push(...checks(r).map((f) => `pair ${i}, ${r.mode}: ${f}`));
    pairs.push({ coalesced, naive });
  }
  const rate = (r: Result) => r.ticks / r.seconds;
  const c = pairs.map((p) => p.coalesced);
  console.log(`\nsummary over ${runs} pairs (min / median / max)`);
  console.log(
    `  coalesced: delivered ${mmm(c.map(rate))} ticks/s, ${mmm(c.map(ticksPerCpuSecond))} ticks per server CPU-second, p99 ${mmm(c.map((r) => r.p99))} ms, server CPU ${mmm(c.map((r) => r.serverCpu * 100))} %`,
  );
  if (naiveToo) {
    const n = pairs.map((p) => p.naive!);
    console.log(
      `  naive:     delivered ${mmm(n.map(rate))} ticks/s, ${mmm(n.map(ticksPerCpuSecond))} ticks per server CPU-second, p99 ${mmm(n.map((r) => r.p99))} ms, server CPU ${mmm(n.map((r) => r.serverCpu * 100))} %`,
    );
    console.log(
      `  ratio coalesced / naive: delivered ticks/s ${mmm(
        pairs.map((p) => rate(p.coalesced) / rate(p.naive!)),
        1,
      )}x (target >= 5x); ticks per server CPU-second ${mmm(
        pairs.map((p) => ticksPerCpuSecond(p.coalesced) / ticksPerCpuSecond(p.naive!)),
        1,
      )}x`,
    );
  }
  const over = c.filter((r) => r.p99 > 50).length;
  console.log(
    `  target coalesced p99 <= 50 ms in every run: ${over ? `NOT met (${over} of ${runs} runs over)` : 'met'}`,
  );
  if (failures.length) {
    console.error(`\ncorrectness checks failed:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('correctness: every client subscribed and stayed open; tick counts agree with the parse');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
