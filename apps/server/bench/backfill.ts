/**
 * Measures the first-start backfill (npm run bench:backfill): a new database, the default 30
 * days (MARKET_BACKFILL_DAYS), every simulated instrument; prints generation and storage time.
 * PGlite in a temporary folder by default; DATABASE_URL=postgres://... measures PostgreSQL
 * (on a database it creates and drops).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { InProcessBus, MarketEngine } from '../src/modules/market/testing';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backfill-'));
  const url = process.env.DATABASE_URL;
  let dbUrl: string | undefined;
  let dbName = '';
  if (url) {
    dbName = `bench_backfill_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: dbUrl ? undefined : path.join(dir, 'pglite') });
  const config = loadConfig({ ...process.env, DATA_DIR: dir, MARKET_SEED: process.env.MARKET_SEED ?? '1' });
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
  const engine = new MarketEngine(ctx, new InProcessBus(), config.market);
  // Event-loop lag while the backfill runs: what requests (and signals) would wait.
  let worstLagMs = 0;
  let last = performance.now();
  const lag = setInterval(() => {
    const now = performance.now();
    worstLagMs = Math.max(worstLagMs, now - last - 10);
    last = now;
  }, 10);
  const t0 = performance.now();
  await engine.start();
  const startedMs = performance.now() - t0;
  await engine.allLive();
  const liveMs = performance.now() - t0;
  await engine.backfillDone();
  clearInterval(lag);
  const stats = engine.backfillStats!;
  console.log(`database: ${dbUrl ? 'PostgreSQL' : 'PGlite (file)'}; days: ${config.market.backfillDays}`);
  console.log(
    `engine.start() returned after ${startedMs.toFixed(0)} ms; every instrument live after ${liveMs.toFixed(0)} ms (history stored afterwards)`,
  );
  console.log(`instruments: ${stats.symbols}, 1m candles: ${stats.minutes}, ticks generated: ${stats.ticks}`);
  console.log(
    `generation: ${(stats.generateMs / 1000).toFixed(1)} s, generation + storage: ${(stats.totalMs / 1000).toFixed(1)} s`,
  );
  console.log(`worst event-loop lag during the backfill: ${worstLagMs.toFixed(0)} ms`);
  const size = await database.db.execute(
    sql`SELECT pg_total_relation_size('market_candles') AS bytes, (SELECT count(*) FROM market_candles) AS rows`,
  );
  const row = (size as unknown as { rows: { bytes: string; rows: string }[] }).rows[0]!;
  console.log(
    `market_candles: ${row.rows} rows, ${(Number(row.bytes) / 1e6).toFixed(0)} MB with its index (${(Number(row.bytes) / Number(row.rows)).toFixed(0)} bytes a row)`,
  );
  await engine.stop();
  // A restart on the filled database: what every later start costs.
  const again = new MarketEngine(ctx, new InProcessBus(), config.market);
  const r0 = performance.now();
  await again.start();
  console.log(`restart: engine.start() on the filled database took ${(performance.now() - r0).toFixed(0)} ms`);
  await again.stop();
  await database.close();
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  const folder = dbUrl ? 0 : Number(execSync(`du -sk ${dir}`).toString().split('\t')[0]) * 1024;
  if (folder)
    console.log(
      `PGlite folder after the backfill: ${(folder / 1e6).toFixed(0)} MB (tables, indexes and write-ahead log)`,
    );
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
