import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INTERVAL_MS } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { LocalBus } from '../cluster';
import { MarketModule } from './market-module';
import { node, noSessions, settle, SYMBOLS, view } from './follower-testing';
import { simParamsOf, generateMinute } from './simulator';
import { pumpUntil, setClock } from './test-helpers';

const MIN = INTERVAL_MS['1m'];
const T = (iso: string) => Date.parse(iso);
async function count(t: TestApp): Promise<Record<string, unknown>> {
  const r =
    await t.ctx.db.execute(sql`SELECT (SELECT count(*) FROM market_candles)::int AS candles, (SELECT count(*) FROM market_ticks)::int AS ticks,
    (SELECT max(live_minute) FROM market_sim_state) AS live, (SELECT max(open_time) FROM market_candles) AS last`);
  return (r as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
}

async function oneMinuteRows(t: TestApp, symbol: string): Promise<{ open: number; genRef: number }[]> {
  const r = await t.ctx.db.execute(
    sql`SELECT open_time, gen_ref FROM market_candles WHERE symbol = ${symbol} AND interval = '1m' ORDER BY open_time`,
  );
  return (r as unknown as { rows: { open_time: Date | string; gen_ref: string }[] }).rows.map((x) => ({
    open: new Date(x.open_time).getTime(),
    genRef: Number(x.gen_ref),
  }));
}

function expectUnbroken(rows: { open: number; genRef: number }[], seed: number, symbol: string): void {
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.open - rows[i - 1]!.open, new Date(rows[i]!.open).toISOString()).toBe(MIN);
    // The series continues: each minute starts where the one before it ended.
    expect(rows[i]!.genRef).toBe(
      generateMinute(seed, simParamsOf(symbol), rows[i - 1]!.open / MIN, rows[i - 1]!.genRef).endState,
    );
  }
}

describe('engine and followers (one database, one bus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_SEED: '777', MARKET_BACKFILL_DAYS: '0' } });
  });
  afterAll(() => t.close());

  it('a follower shows what the engine shows, writes nothing, and takes over where the engine stopped', async () => {
    setClock(t, '2026-12-02T10:00:00.000Z');
    const bus = new LocalBus();
    const batches: unknown[] = [];
    bus.onFeed((m) => batches.push(m));
    const a = node(t, bus);
    const b = node(t, bus);
    await b.follow();
    expect(b.engine.following).toBe(true);
    await a.roleWork({ timers: false }).start();
    await a.engine.backfillDone();
    expect(a.engine.teeing).toBe(true);
    pumpUntil(t, a.engine, T('2026-12-02T10:03:30Z'), 400);
    await settle(a, b);
    expect(batches.length).toBeGreaterThan(100);
    for (const s of SYMBOLS) {
      expect(view(a, s).trades!.trades.length).toBe(50);
      expect(view(b, s), s).toEqual(view(a, s));
    }

    // A follower that starts now writes nothing and, given the same batches, ends where the engine is.
    const before = await count(t);
    await a.engine.stop();
    const quiet = new LocalBus();
    const replay = new MarketModule(t.ctx, noSessions, { cluster: quiet, followers: true });
    setClock(t, '2026-12-02T10:00:00.000Z');
    await replay.follow();
    const stopped = await count(t);
    for (const m of batches) quiet.publishFeed(m);
    await settle(replay);
    expect(await count(t)).toEqual(stopped);
    expect(stopped.candles).toBeGreaterThanOrEqual(before.candles as number);
    t.clock.advance(T('2026-12-02T10:03:30Z') - t.clock.now().getTime());
    // (Its longer candles were read from minutes stored after the batches it replays: only these compare.)
    const part = (m: MarketModule, s: string) => ({
      ...view(m, s),
      klines: view(m, s).klines[0],
      ticker: view(m, s).ticker?.price,
    });
    for (const s of SYMBOLS) expect(part(replay, s), s).toEqual(part(a, s));
    await replay.close();

    // Handover in the middle of a minute: the engine's work stops (it follows now), the follower's starts.
    await a.roleWork({ timers: false }).stop();
    expect(a.engine.following).toBe(true);
    t.clock.advance(2000);
    await b.roleWork({ timers: false }).start();
    expect(b.engine.following).toBe(false);
    expect(b.engine.teeing).toBe(true);
    pumpUntil(t, b.engine, T('2026-12-02T10:06:20Z'), 400);
    await settle(a, b);
    for (const s of SYMBOLS) expect(view(a, s), s).toEqual(view(b, s));

    // The new engine counted nothing twice: a fresh start from the database shows the same.
    await b.engine.stop();
    const check = new MarketModule(t.ctx, noSessions, { engine: { sources: (e) => [e.createSimulator(SYMBOLS)] } });
    await check.engine.start();
    await settle(check);
    for (const s of SYMBOLS) {
      const want = view(check, s);
      const got = view(b, s);
      expect(got.klines, s).toEqual(want.klines);
      expect(got.stats, s).toEqual(want.stats);
      expect(got.quote?.price, s).toBe(want.quote?.price);
    }
    await check.close();

    // Stored minutes: one row each, no gap, and the series unbroken across the handover.
    for (const s of SYMBOLS) {
      const rows = await oneMinuteRows(t, s);
      expect(rows.map((r) => new Date(r.open).toISOString().slice(11, 16))).toEqual([
        '10:00',
        '10:01',
        '10:02',
        '10:03',
        '10:04',
        '10:05',
      ]);
      expectUnbroken(rows, a.engine.simulatorSeed, s);
    }
    await a.close();
    await b.close();
  }, 120_000);

  it('a follower keeps its last quotes and marks them stale when the engine goes silent, and the next engine clears the mark', async () => {
    setClock(t, '2026-12-03T10:00:00.000Z');
    const bus = new LocalBus();
    const a = node(t, bus);
    const b = new MarketModule(t.ctx, noSessions, { cluster: bus, followers: true });
    await b.follow();
    await a.roleWork({ timers: false }).start();
    pumpUntil(t, a.engine, T('2026-12-03T10:00:20Z'), 400);
    await settle(a, b);
    const last = b.engine.latest('BTCUSDT')!;
    expect(last.stale).toBe(false);
    await a.engine.stop(); // dead: nothing more on the bus
    t.clock.advance(t.ctx.config.market.binanceStaleMs + 1000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(b.engine.latest('BTCUSDT')).toMatchObject({ price: last.price, stale: true });
    await a.roleWork({ timers: false }).start();
    a.engine.pump();
    await settle(a, b);
    expect(b.engine.latest('BTCUSDT')!.stale).toBe(false);
    expect(view(b, 'BTCUSDT')).toEqual(view(a, 'BTCUSDT'));
    await a.close();
    await b.close();
  }, 60_000);
});
