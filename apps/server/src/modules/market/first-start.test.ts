import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { INSTRUMENTS, INTERVAL_MS, MARKETS } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { InProcessBus } from './bus';
import { MarketEngine } from './engine';
import { marketRepo, type CandleRow } from './repository';
import { advanceMinute, generateMinute, simParamsOf } from './simulator';
import { pumpUntil, setClock } from './test-helpers';

const MIN = INTERVAL_MS['1m'];
const T = (iso: string) => Date.parse(iso);

const minute = (
  symbol: string,
  iso: string,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: bigint,
): CandleRow => ({
  symbol,
  interval: '1m',
  openTime: T(iso),
  open,
  high,
  low,
  close,
  volume,
  quoteVolume: volume * BigInt(close),
  trades: 2,
  source: 'scripted',
  genRef: null,
  genVersion: null,
});

type Raw = { interval: string; open: string; high: string; low: string; close: string; volume: string; trades: number };
async function buckets(
  t: TestApp,
  symbol: string,
): Promise<Record<string, [number, number, number, number, number, number]>> {
  const res = await t.ctx.db.execute(
    sql`SELECT interval, open, high, low, close, volume, trades FROM market_candles WHERE symbol = ${symbol} AND interval <> '1m'`,
  );
  const rows = (res as unknown as { rows: Raw[] }).rows;
  return Object.fromEntries(
    rows.map((r) => [
      r.interval,
      [Number(r.open), Number(r.high), Number(r.low), Number(r.close), Number(r.volume), Number(r.trades)],
    ]),
  );
}

let t: TestApp;
beforeAll(async () => {
  // The default 30 days of history, as `npm start` has it.
  t = await createTestApp({ env: { MARKET_SEED: '99' } });
});
afterAll(() => t.close());

describe('closing minutes', () => {
  it('stores several minutes of one symbol in one statement, merged into each bucket once', async () => {
    // Two minutes of one 5m bucket in one call: before the fix, the bucket upsert touched its row
    // twice and PostgreSQL refused the whole statement ("cannot affect row a second time").
    await marketRepo.closeMinutes(t.ctx.db, [
      minute('EURUSD', '2026-11-18T15:00:00Z', 100, 110, 95, 105, 3n),
      minute('EURUSD', '2026-11-18T15:01:00Z', 105, 120, 101, 102, 4n),
      minute('GBPUSD', '2026-11-18T15:00:00Z', 200, 201, 199, 200, 1n),
    ]);
    const eur = await buckets(t, 'EURUSD');
    for (const interval of ['5m', '15m', '30m', '1h', '4h', '1d', '1w'])
      expect(eur[interval], interval).toEqual([100, 120, 95, 102, 7, 4]);
    // A later call merges into the same buckets; a minute already stored is not counted again.
    await marketRepo.closeMinutes(t.ctx.db, [
      minute('EURUSD', '2026-11-18T15:01:00Z', 105, 120, 101, 102, 4n),
      minute('EURUSD', '2026-11-18T15:02:00Z', 102, 103, 90, 91, 1n),
      minute('EURUSD', '2026-11-18T15:05:00Z', 91, 92, 91, 92, 1n),
    ]);
    const after = await buckets(t, 'EURUSD');
    expect(after['1h']).toEqual([100, 120, 90, 92, 9, 8]);
    const fives = await t.ctx.db.execute(
      sql`SELECT open_time, close, volume FROM market_candles WHERE symbol = 'EURUSD' AND interval = '5m' ORDER BY open_time`,
    );
    expect(
      (fives as unknown as { rows: { open_time: Date; close: string; volume: string }[] }).rows.map((r) => [
        new Date(r.open_time).getTime(),
        Number(r.close),
        Number(r.volume),
      ]),
    ).toEqual([
      [T('2026-11-18T15:00:00Z'), 91, 8],
      [T('2026-11-18T15:05:00Z'), 92, 1],
    ]);
  });
});

/** An engine on the test's database whose log lines a test can read. */
function capturedEngine(): { engine: MarketEngine; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (s: string) => void lines.push(JSON.parse(s) as { level: number; msg: string }) },
  );
  const engine = new MarketEngine({ ...t.ctx, log }, new InProcessBus(), t.ctx.config.market);
  return { engine, lines };
}
const failures = (lines: { level: number; msg: string }[]) => lines.filter((l) => l.level >= 50).map((l) => l.msg);

describe('the generator without ticks', () => {
  it('ends every minute in the state generateMinute ends it in, for every market', () => {
    for (const symbol of ['BTCUSDT', 'EURUSD', 'XAUUSD', 'US30', 'AAPLUSD', 'EOSUSDT', 'USDCUSDT']) {
      const p = simParamsOf(symbol);
      let a = p.ref;
      let b = p.ref;
      for (let m = 29_000_000; m < 29_000_000 + 600; m++) {
        a = generateMinute(5, p, m, a).endState;
        b = advanceMinute(5, p, m, b);
        expect(b, `${symbol} minute ${m}`).toBe(a);
      }
    }
  });
});

describe('a first start', () => {
  it('quotes every market within seconds, before its history is stored, and answers tickAtOrBefore from it', async () => {
    // Wednesday 03:00 UTC: crypto, forex and CFDs are open, New York (indices, stocks) is closed.
    setClock(t, '2026-11-18T03:00:00Z');
    const { engine, lines } = capturedEngine();
    const started = Date.now();
    await engine.start();
    const groups = MARKETS.map((m) => INSTRUMENTS.filter((i) => i.market === m).map((i) => i.symbol));
    while (!groups.every((g) => g.some((s) => engine.latest(s))) && Date.now() - started < 10_000) await sleep(20);
    expect(groups.map((g) => g.some((s) => engine.latest(s)))).toEqual(MARKETS.map(() => true));
    await engine.allLive();
    for (const inst of INSTRUMENTS) expect(engine.latest(inst.symbol), inst.symbol).toBeDefined();
    // A closed market shows the last tick of its history; settlement gets the same tick, from
    // memory, while the history is still being stored.
    const aapl = engine.latest('AAPLUSD')!;
    expect(aapl.time).toBeLessThan(T('2026-11-17T21:00:00Z'));
    const tick = await engine.tickAtOrBefore('AAPLUSD', T('2026-11-18T03:00:00Z'));
    expect(tick).toMatchObject({ time: aapl.time, priceUnits: aapl.price, source: 'simulator' });
    expect(engine.backfillStats).toBeUndefined();
    await engine.stop();
    expect(failures(lines)).toEqual([]);
  }, 120_000);

  it('stops at once while its history waits to be stored (a server shutting down in its first seconds)', async () => {
    // With timers (a real server) storing the history waits 10 s after start. A stop before then
    // ended only when that wait did: every shutdown in a server's first 10 s took the rest of it.
    setClock(t, '2026-11-18T03:00:00Z');
    const { engine, lines } = capturedEngine();
    await engine.start({ timers: true });
    await engine.allLive();
    const stopping = performance.now();
    await engine.stop();
    expect(performance.now() - stopping).toBeLessThan(3_000);
    expect(engine.backfillStats).toBeUndefined();
    expect(failures(lines)).toEqual([]);
  }, 120_000);

  it('stores the history, then the live minutes held back meanwhile, as one chain; no write fails', async () => {
    const db = await createTestApp({ env: { MARKET_SEED: '5', MARKET_BACKFILL_DAYS: '1' } });
    const saved = t;
    t = db;
    try {
      setClock(t, '2026-11-18T15:02:30Z');
      const { engine, lines } = capturedEngine();
      await engine.start();
      await engine.allLive();
      // Live minutes before the history is stored; the 3-minute steps close several minutes per
      // symbol in one write (before the fix of closeMinutes: "cannot affect row a second time").
      pumpUntil(t, engine, T('2026-11-18T15:04:10Z'), 500);
      pumpUntil(t, engine, T('2026-11-18T15:13:10Z'), 180_000);
      // Until the history is stored the 24 h figures hold only the live minutes: said so (the web shows "loading history").
      expect(engine.stats('BTCUSDT').complete).toBe(false);
      expect(engine.wsTick('BTCUSDT')?.complete24h).toBe(false);
      await engine.backfillDone();
      expect(engine.stats('BTCUSDT').complete).toBe(true);
      expect(engine.wsTick('BTCUSDT')?.complete24h).toBe(true);
      pumpUntil(t, engine, T('2026-11-18T15:16:10Z'), 1000);
      await engine.flush();
      const rows = (
        (await t.ctx.db.execute(sql`SELECT open_time, gen_ref, open, high, low, close, volume, quote_volume, trades FROM market_candles
        WHERE symbol = 'BTCUSDT' AND interval = '1m' ORDER BY open_time`)) as unknown as {
          rows: Record<string, string>[];
        }
      ).rows;
      const times = rows.map((r) => new Date(r.open_time!).getTime());
      expect(times[0]).toBe(T('2026-11-17T15:02:00Z'));
      expect(times.at(-1)).toBe(T('2026-11-18T15:15:00Z'));
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(MIN);
      // Each minute starts where the one before ended, across the switch from history to live.
      const p = simParamsOf('BTCUSDT');
      for (let i = rows.length - 20; i < rows.length; i++) {
        expect(Number(rows[i]!.gen_ref), new Date(times[i]!).toISOString()).toBe(
          generateMinute(engine.simulatorSeed, p, times[i - 1]! / MIN, Number(rows[i - 1]!.gen_ref)).endState,
        );
      }
      for (const at of [
        '2026-11-18T15:01:00Z',
        '2026-11-18T15:02:00Z',
        '2026-11-18T15:05:00Z',
        '2026-11-18T15:14:00Z',
      ]) {
        expect((await engine.verifyMinute('BTCUSDT', T(at))).ok, at).toBe(true);
      }
      // Roll-ups hold exactly their minutes: history, held-back and live ones, each once.
      const hour = (
        (await t.ctx.db.execute(sql`SELECT open, high, low, close, volume, trades FROM market_candles
        WHERE symbol = 'BTCUSDT' AND interval = '1h' AND open_time = ${new Date(T('2026-11-18T15:00:00Z'))}`)) as unknown as {
          rows: Record<string, string>[];
        }
      ).rows[0]!;
      const inHour = rows.filter((_, i) => times[i]! >= T('2026-11-18T15:00:00Z'));
      expect([Number(hour.open), Number(hour.close), Number(hour.volume), Number(hour.trades)]).toEqual([
        Number(inHour[0]!.open),
        Number(inHour.at(-1)!.close),
        inHour.reduce((s, r) => s + Number(r.volume), 0),
        inHour.reduce((s, r) => s + Number(r.trades), 0),
      ]);
      expect(Number(hour.high)).toBe(Math.max(...inHour.map((r) => Number(r.high))));
      expect(Number(hour.low)).toBe(Math.min(...inHour.map((r) => Number(r.low))));
      // The live hour candle and the 24 h statistics include the history too.
      const live = engine.liveCandle('BTCUSDT', '1h')!;
      expect(live.open).toBe(Number(inHour[0]!.open));
      expect(engine.stats('BTCUSDT').open).toBe(
        Number(rows.find((_, i) => times[i]! === T('2026-11-17T15:15:00Z'))?.close),
      );
      await engine.stop();
      expect(failures(lines)).toEqual([]);
    } finally {
      t = saved;
      await db.close();
    }
  }, 300_000);
});
