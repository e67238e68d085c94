/**
 * npm run bench:sse — the notice stream's fan-out (docs/notifications.md, docs/performance.md).
 *
 * This process is the server: the whole app (buildApp) on PGlite in a temporary folder, listening
 * on 127.0.0.1. A second process (this file with the argument `clients`) opens BENCH_STREAMS
 * (10,000) server-sent-event streams as BENCH_USERS (100) users, 100 streams each. Each round the
 * server publishes one announcement (one row in content_posts) and nudges the hub; every stream must
 * receive it. Per round: events delivered per second (streams / time from the insert to the last
 * stream's receipt) and the latency percentiles (insert to receipt).
 *
 * The baseline, in the same run: as many market websocket clients (/ws, subscribed to one symbol's
 * realtime channel) receiving one tick broadcast by the market engine, measured the same way.
 * The summary prints min / median / max over the rounds and the ratio SSE / websocket.
 *
 * Options (environment): BENCH_STREAMS (10000), BENCH_USERS (100), BENCH_ROUNDS (5).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import WebSocket from 'ws';
import { API, INSTRUMENTS, parseAmount } from '@app/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, rowsOf } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { OutboxSender } from '../src/lib/messenger';
import { SseClient } from '../src/modules/notifications';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const ROUND_TIMEOUT_MS = 60_000;
const SYMBOL = 'BTCUSDT';

interface Round {
  /** Streams (or sockets) that received the event. */
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** From the insert (tick) to the last receipt, ms. */
  spanMs: number;
}

// ------------------------------------------------------------------------------------------------
// The clients' process.

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** The latencies of one round: the last of them is the span from the send to the last receipt. */
function summary(latencies: number[]): Round {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    received: s.length,
    p50: q(s, 0.5),
    p99: q(s, 0.99),
    max: s.at(-1) ?? NaN,
    spanMs: Math.max(1, s.at(-1) ?? NaN),
  };
}

async function clients(): Promise<void> {
  const sse: SseClient[] = [];
  const sockets: WebSocket[] = [];
  /** The round being measured: what arrives for it, as latencies (ms since it was sent). */
  let round: { key: string | number; at: number; latencies: number[]; want: number } | null = null;
  const arrived = (key: string | number, now: number) => {
    if (!round || round.key !== key) return;
    round.latencies.push(now - round.at);
    if (round.latencies.length === round.want) {
      process.send!({ type: 'round', result: summary(round.latencies) });
      round = null;
    }
  };
  process.on(
    'message',
    async (m: { type: string; url?: string; tokens?: string[]; n?: number; key?: string | number; at?: number }) => {
      if (m.type === 'sse') {
        let failed = 0;
        for (let i = 0; i < m.n!; i += 200) {
          await Promise.all(
            Array.from({ length: Math.min(200, m.n! - i) }, async (_v, k) => {
              const c = new SseClient();
              c.onEvent = (e) => {
                if (e.event === 'announcement') arrived((e.data as { id: string }).id, Date.now());
              };
              try {
                await c.open(m.url!, { token: m.tokens![(i + k) % m.tokens!.length]! });
                await c.next((e) => e.event === 'unread', 60_000);
                sse.push(c);
              } catch {
                failed++;
              }
            }),
          );
          if ((i / 200) % 10 === 9) console.log(`  ${sse.length} streams open`);
        }
        process.send!({ type: 'ready', open: sse.length, failed });
      } else if (m.type === 'ws') {
        sse.forEach((c) => c.close());
        let acks = 0;
        let failed = 0;
        for (let i = 0; i < m.n!; i += 200) {
          await Promise.all(
            Array.from(
              { length: Math.min(200, m.n! - i) },
              (_v, k) =>
                new Promise<void>((resolve) => {
                  // The market websocket wants a client id (?id=).
                  const ws = new WebSocket(`${m.url!}?id=bench-${i + k}`, { perMessageDeflate: false });
                  let subscribed = false;
                  ws.on('open', () =>
                    ws.send(JSON.stringify({ methodType: 'SUBSCRIBE', channel: 'realtime', currency: SYMBOL })),
                  );
                  ws.on('message', (data: Buffer) => {
                    const now = Date.now();
                    const msg = JSON.parse(data.toString()) as { eventType: string; data: unknown };
                    const list =
                      msg.eventType === 'batch'
                        ? (msg.data as { eventType: string; data: { time?: number } }[])
                        : [msg as { eventType: string; data: { time?: number } }];
                    for (const x of list) {
                      if (x.eventType === 'subscribed' && !subscribed) {
                        subscribed = true;
                        acks++;
                        resolve();
                      }
                      if (x.eventType === 'ticker' && x.data.time !== undefined) arrived(x.data.time, now);
                    }
                  });
                  ws.on('error', () => {
                    failed++;
                    resolve();
                  });
                  ws.on('close', () => resolve());
                  sockets.push(ws);
                }),
            ),
          );
        }
        process.send!({ type: 'ready', open: acks, failed });
      } else if (m.type === 'expect') {
        round = { key: m.key!, at: m.at!, latencies: [], want: m.n! };
      } else if (m.type === 'exit') {
        sse.forEach((c) => c.close());
        sockets.forEach((s) => s.terminate());
        setTimeout(() => process.exit(0), 100);
      }
    },
  );
  process.send!({ type: 'up' });
}

// ------------------------------------------------------------------------------------------------
// The server's process.

async function register(app: Awaited<ReturnType<typeof buildApp>>, outbox: string, i: number): Promise<string> {
  const email = `sse${i}.${process.pid}@example.com`;
  const post = async (url: string, body: unknown) =>
    (await app.inject({ method: 'POST', url, payload: body as object })).json() as {
      code: number;
      data: { token: string };
    };
  await post(API.user.sendOtp, { email, purpose: 'register' });
  const file = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email}.txt`))
    .sort()
    .at(-1)!;
  const code = /\b(\d{4})\b/.exec(
    fs.readFileSync(path.join(outbox, file), 'utf8').split('\n\n').slice(1).join('\n'),
  )![1];
  const res = await post(API.user.register, {
    type: 'email',
    email,
    password: 'Bench-pass-1',
    confirmPassword: 'Bench-pass-1',
    code,
  });
  if (res.code !== 0) throw new Error(`register failed: ${JSON.stringify(res)}`);
  return res.data.token;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mmm = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;
const rate = (r: Round) => r.received / (r.spanMs / 1000);

async function server(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sse-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_DIST: path.join(dir, 'no-web'),
    MARKET_ENGINE: 'manual',
    MARKET_BACKFILL_DAYS: '0',
    SCRYPT_COST: '1024',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    OTP_DAILY_PER_IP: '1000000',
    WS_MAX_CONNECTIONS: String(STREAMS + 100),
  });
  const log = pino({ level: 'warn' });
  const outbox = path.join(dir, 'outbox');
  const sender = new OutboxSender(outbox, log);
  const ctx: AppContext = {
    config,
    db: database.db,
    clock: systemClock,
    secret: 'bench',
    email: sender,
    sms: sender,
    log,
  };
  const app = await buildApp({ ctx, logger: log });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) tokens.push(await register(app, outbox, i));

  const child = fork(fileURLToPath(import.meta.url), ['clients'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = <T>(type: string, timeoutMs = 1_800_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} from the clients in ${timeoutMs} ms`)), timeoutMs);
      const on = (m: { type: string }) => {
        if (m.type === type) {
          clearTimeout(timer);
          child.off('message', on);
          resolve(m as T);
        }
      };
      child.on('message', on);
    });
  await message('up');
  const failures: string[] = [];
  const t0 = performance.now();
  child.send({ type: 'sse', url: `http://127.0.0.1:${port}${API.sse.userEvents}`, tokens, n: STREAMS });
  const sseReady = await message<{ open: number; failed: number }>('ready');
  console.log(
    `${sseReady.open} SSE streams open (${sseReady.failed} failed) in ${((performance.now() - t0) / 1000).toFixed(1)} s; hub holds ${app.notifications.hub.streams}`,
  );
  if (sseReady.open < STREAMS) failures.push(`${STREAMS - sseReady.open} SSE streams did not open`);

  const sse: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await new Promise((res) => setTimeout(res, 1000));
    const at = Date.now();
    const translations = { en: { title: `Bench ${r}`, summary: 'bench', body: 'bench' } };
    const row = rowsOf(
      await ctx.db.execute(sql`INSERT INTO content_posts (kind, translations, publish_at, created_at, updated_at)
      VALUES ('announcement', ${JSON.stringify(translations)}::jsonb, ${new Date(at)}, ${new Date(at)}, ${new Date(at)}) RETURNING public_id`),
    )[0]!;
    child.send({ type: 'expect', key: `a${String(row.public_id)}`, at, n: sseReady.open });
    app.notifications.nudge();
    const { result } = await message<{ result: Round }>('round', ROUND_TIMEOUT_MS);
    sse.push(result);
    console.log(
      `  SSE round ${r + 1}: ${result.received} streams, ${rate(result).toFixed(0)} events/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
    );
  }

  const t1 = performance.now();
  child.send({ type: 'ws', url: `ws://127.0.0.1:${port}/ws`, n: STREAMS });
  const wsReady = await message<{ open: number; failed: number }>('ready');
  console.log(
    `${wsReady.open} websocket clients subscribed (${wsReady.failed} failed) in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  if (wsReady.open < STREAMS) failures.push(`${STREAMS - wsReady.open} websocket clients did not subscribe`);
  const inst = INSTRUMENTS.find((i) => i.symbol === SYMBOL)!;
  const ws: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await new Promise((res) => setTimeout(res, 1000));
    const time = Date.now();
    child.send({ type: 'expect', key: time, at: time, n: wsReady.open });
    app.market.engine.tick({
      symbol: SYMBOL,
      time,
      price: Number(parseAmount(inst.referencePrice, inst.priceDecimals)) + r,
      amount: 1,
    });
    const { result } = await message<{ result: Round }>('round', ROUND_TIMEOUT_MS);
    ws.push(result);
    console.log(
      `  websocket round ${r + 1}: ${result.received} clients, ${rate(result).toFixed(0)} events/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
    );
  }

  child.send({ type: 'exit' });
  await new Promise((r) => child.once('exit', r));
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });

  console.log(
    `\nsummary over ${ROUNDS} rounds (min / median / max), ${STREAMS} receivers, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `  baseline (websocket market broadcast): ${mmm(ws.map(rate))} events/s, p99 ${mmm(ws.map((r) => r.p99))} ms`,
  );
  console.log(
    `  subject (SSE announcement):            ${mmm(sse.map(rate))} events/s, p99 ${mmm(sse.map((r) => r.p99))} ms`,
  );
  console.log(
    `  ratio SSE / websocket: events/s ${mmm(
      sse.map((r, i) => rate(r) / rate(ws[i]!)),
      2,
    )}x; p99 ${mmm(
      sse.map((r, i) => r.p99 / ws[i]!.p99),
      2,
    )}x`,
  );
  for (const r of sse)
    if (r.received < sseReady.open) failures.push(`an SSE round reached ${r.received} of ${sseReady.open}`);
  if (failures.length) {
    console.error(`\nchecks failed:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('checks: every stream and client connected and received every round');
  return 0;
}

if (process.argv[2] === 'clients') void clients();
else
  server().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
