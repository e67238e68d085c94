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
 * Options (environment): BENCH_CLIENTS (2000), BENCH_SECONDS (15), BENCH_SYMBOLS (25), BENCH_HZ (20),
 * WS_FLUSH_MS (the server's flush interval), DATABASE_URL (PostgreSQL instead of PGlite),
 * BENCH_NAIVE=0 (skip the baseline).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');

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
          const p = Math.max(1, Math.round((this.price.get(s)! / 10 ** (10 - inst.priceDecimals)) * (1 + (Math.random() - 0.5) * 1e-4)));
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
  const config = loadConfig({ DATA_DIR: dir, MARKET_ENGINE: 'manual', MARKET_BACKFILL_DAYS: '0', MARKET_SEED: '1', WS_FLUSH_MS: process.env.WS_FLUSH_MS ?? '' });
  const log = pino({ level: 'warn' });
  const ctx: AppContext = { config, db: database.db, clock: systemClock, secret: 'bench', email: undefined as never, sms: undefined as never, log };
  const symbols = INSTRUMENTS.slice(0, SYMBOL_COUNT).map((i) => i.symbol);
  const source = new BenchSource(symbols);
  const bus = new InProcessBus((err) => log.error({ err }, 'bus'));
  const engine = new MarketEngine(ctx, bus, config.market, { sources: () => [source] });
  const hub = new MarketHub({
    bus,
    authenticate: async () => null,
    snapshot: (topic) => {
      const t = engine.wsTick(topic.split(':')[1]!);
      return topic.startsWith('ticker:') && t ? { eventType: 'ticker', data: t } : undefined;
    },
    now: () => Date.now(),
    log,
  }, { flushMs: config.market.wsFlushMs, heartbeatMs: 30_000, maxConnections: CLIENTS + 100, delivery: mode });
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true }, (socket, req) => hub.accept(socket, req.raw));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  await engine.start({ timers: true });

  const child = fork(path.join(here, 'ws-clients.ts'), [JSON.stringify({ url: `ws://127.0.0.1:${port}/ws`, clients: CLIENTS, symbols, sampleEvery: mode === 'naive' ? 64 : 32 })], {
    execPath: tsx, execArgv: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = <T>(type: string) => new Promise<T>((resolve) => {
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
  const rssTimer = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage.rss());
    if (maxRss > MAX_RSS_BYTES) {
      console.error(`server memory above ${MAX_RSS_BYTES / 1024 ** 3} GiB: stopping this run early`);
      child.send({ type: 'stop' });
    }
  }, 200);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const produced0 = source.emitted;
  child.send({ type: 'start' });
  const stopTimer = setTimeout(() => child.send({ type: 'stop' }), SECONDS * 1000);
  const r = await message<Omit<Result, 'mode' | 'clients' | 'serverCpu' | 'produced' | 'maxRssMb'>>('result');
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
  return { ...r, mode, clients: ready.clients, serverCpu: (cpu.user + cpu.system) / 1e6 / wall, produced, maxRssMb: Math.round(maxRss / 1e6) };
}

function print(r: Result): void {
  console.log(`\n[${r.mode}] ${r.clients} clients (${r.open} still open) x ${SYMBOL_COUNT} symbols at ${HZ} Hz, ${r.seconds.toFixed(1)} s`);
  console.log(`  ticks produced by the feed:  ${r.produced.toFixed(0)}/s (x ${r.clients} subscribers = ${(r.produced * r.clients).toFixed(0)}/s to deliver)`);
  console.log(`  delivered ticks:             ${(r.ticks / r.seconds).toFixed(0)}/s in ${(r.frames / r.seconds).toFixed(0)} frames/s (${(r.bytes / r.seconds / 1e6).toFixed(1)} MB/s)`);
  console.log(`  tick-to-client latency:      p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.samples} samples; count check mismatches: ${r.mismatches})`);
  console.log(`  server CPU:                  ${(r.serverCpu * 100).toFixed(0)}% of one core; client process ${(r.clientCpu * 100).toFixed(0)}%; server max RSS ${r.maxRssMb} MB`);
}

async function main(): Promise<void> {
  console.log(`bench:ws on ${os.cpus().length} cores, Node ${process.version}, loopback only; flush every ${loadConfig({ WS_FLUSH_MS: process.env.WS_FLUSH_MS ?? '' }).market.wsFlushMs} ms`);
  const coalesced = await run('coalesced');
  print(coalesced);
  if (process.env.BENCH_NAIVE === '0') process.exit(0);
  const naive = await run('naive');
  print(naive);
  const ratio = coalesced.ticks / coalesced.seconds / (naive.ticks / naive.seconds);
  console.log(`\ndelivered ticks/s, coalesced / naive: ${ratio.toFixed(1)}x (target >= 5x); coalesced p99 ${coalesced.p99} ms (target <= 50 ms)`);
  process.exit(0);
}

void main();
