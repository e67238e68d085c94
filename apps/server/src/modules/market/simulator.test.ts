import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INSTRUMENTS, INTERVAL_MS, instrumentOf, parseAmount } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { SourceTick } from './price-source';
import { bidAsk } from './pricing';
import { SESSIONS, isOpen } from './sessions';
import { GENERATOR_VERSION, generateMinute, minuteCandle, simParamsOf } from './simulator';
import { SimulatorSource } from './simulator-source';
import { newEngine, pumpUntil, setClock } from './test-helpers';

const MIN = INTERVAL_MS['1m'];
const T = (iso: string) => Date.parse(iso);

function collect(seed: number, symbols: string[], fromMs: number, toMs: number, stepMs = 250): SourceTick[] {
  const ticks: SourceTick[] = [];
  const src = new SimulatorSource(seed, symbols, () => undefined);
  for (const s of symbols) src.resume(s, simParamsOf(s).ref, Math.floor(fromMs / MIN));
  src.start({ tick: (t) => ticks.push(t), book: () => undefined, depth: () => undefined, stale: () => undefined });
  for (let now = fromMs; now < toMs; now += stepMs) src.pump(now);
  src.pump(toMs);
  return ticks;
}

describe('the generator', () => {
  it('gives the same series for the same seed, whatever the pump cadence, and another for another seed', () => {
    const from = T('2026-11-18T10:00:00Z');
    const a = collect(42, ['BTCUSDT', 'EURUSD'], from, from + 3 * MIN, 250);
    const b = collect(42, ['BTCUSDT', 'EURUSD'], from, from + 3 * MIN, 1700);
    const c = collect(43, ['BTCUSDT', 'EURUSD'], from, from + 3 * MIN, 250);
    expect(a.length).toBeGreaterThan(500);
    const key = (ts: SourceTick[]) => ts.map((t) => `${t.symbol}@${t.time}=${t.price}x${t.amount}`).sort();
    expect(key(b)).toEqual(key(a));
    expect(key(c)).not.toEqual(key(a));
    // Several ticks a second, ascending times, within their minute.
    const btc = a.filter((t) => t.symbol === 'BTCUSDT');
    expect(btc.length / 180).toBeGreaterThan(1.5);
    for (let i = 1; i < btc.length; i++) expect(btc[i]!.time).toBeGreaterThanOrEqual(btc[i - 1]!.time);
  });

  it('is pinned: versions 1 and 2 of the generator must never change their output', () => {
    const p = simParamsOf('BTCUSDT');
    expect(GENERATOR_VERSION).toBe(2);
    // Tick count, first offset (ms), first and last price (units), end state, volume: recorded from v1.
    // BTC's tick is the unit it was first quoted in, so both versions give the same minute.
    for (const version of [1, 2] as const) {
      const m = generateMinute(42, p, 29_920_000, p.ref, version);
      expect([m.prices.length, m.offsets[0], m.prices[0], m.prices.at(-1), m.endState, minuteCandle(m).volume]).toEqual(
        [231, 152, 9500235, 9504495, 95044952233, 353925n],
      );
    }
    // EOS walks in 10^-5 USDT (10^-4 of its first unit, 0.1). Version 1 recorded 5 (0.5 in 0.1s), which is
    // 5000 of today's 0.0001 ticks, flat all minute; version 2 prices the same walk to the tick, and it moves.
    const eos = simParamsOf('EOSUSDT');
    const e1 = generateMinute(7, eos, 29_920_000, eos.ref, 1);
    expect([e1.prices.length, e1.prices[0], e1.endState, Math.min(...e1.prices), Math.max(...e1.prices)]).toEqual([
      177, 5000, 50008, 5000, 5000,
    ]);
    const e2 = generateMinute(7, eos, 29_920_000, eos.ref);
    expect([e2.prices.length, e2.prices[0], e2.endState, Math.min(...e2.prices), Math.max(...e2.prices)]).toEqual([
      177, 5000, 50008, 4997, 5004,
    ]);
    expect(e2.offsets).toEqual(e1.offsets);
    expect(e2.amounts).toEqual(e1.amounts);
  });

  it('moves crypto several times more than forex (per-group volatility)', () => {
    const spread = (symbol: string) => {
      const p = simParamsOf(symbol);
      let s = p.ref;
      const r: number[] = [];
      for (let m = 29_000_000; m < 29_000_000 + 1440; m++) {
        const g = generateMinute(1, p, m, s);
        r.push(g.endState / s - 1);
        s = g.endState;
      }
      const mean = r.reduce((x, y) => x + y, 0) / r.length;
      return Math.sqrt(r.reduce((x, y) => x + (y - mean) ** 2, 0) / r.length);
    };
    const btc = spread('BTCUSDT');
    const doge = spread('DOGEUSDT');
    const eur = spread('EURUSD');
    const aapl = spread('AAPLUSD');
    expect(btc / eur).toBeGreaterThan(3);
    expect(doge).toBeGreaterThan(btc);
    expect(aapl).toBeGreaterThan(eur);
    // BTC: ~0.5 a year over 525,600 minutes, so ~0.07% a minute.
    expect(btc).toBeGreaterThan(0.0003);
    expect(btc).toBeLessThan(0.002);
  });

  it('quotes bid below and ask above the price, one catalogue spread apart', () => {
    const eur = instrumentOf('EURUSD')!;
    expect(bidAsk(eur, 116_000)).toEqual({ bid: 115_996, ask: 116_004 }); // 0.7 bp of 1.16 = 0.8 pipette, half 4 units
    const eos = instrumentOf('EOSUSDT')!;
    // EOS at 0.5000: 5 bp is 1.25 ticks of 0.0001, half of it at least one tick each side (0.04 % apart).
    expect(bidAsk(eos, 5000)).toEqual({ bid: 4999, ask: 5001 });
    expect(bidAsk(eos, 1)).toEqual({ bid: 1, ask: 2 }); // never below one tick
  });

  it('keeps every instrument’s quoted spread a small fraction of its price: at least one tick, never one display unit', () => {
    for (const inst of INSTRUMENTS) {
      const price = Number(parseAmount(inst.referencePrice, inst.priceDecimals));
      const { bid, ask } = bidAsk(inst, price);
      expect(price - bid, inst.symbol).toBeGreaterThanOrEqual(1);
      expect(ask - price, inst.symbol).toBeGreaterThanOrEqual(1);
      // The catalogue's spread (at most 10 bp) and at most a tick's rounding each side: under 0.25 %.
      expect((ask - bid) / price, inst.symbol).toBeLessThan(0.0025);
    }
  });
});

describe('the simulator in the engine (database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_SEED: '4242', MARKET_BACKFILL_DAYS: '0' } });
  });
  afterAll(() => t.close());

  it('quotes a stock only in New York hours: none on Thanksgiving, none after the 13:00 early close, and across the DST change', async () => {
    setClock(t, '2026-10-30T12:00:00Z');
    const { engine, ticks } = newEngine(t, (e) => [e.createSimulator(['AAPLUSD'])]);
    await engine.start();
    await engine.backfillDone();
    pumpUntil(t, engine, T('2026-11-03T00:00:00Z'), 20_000);
    setClock(t, '2026-11-25T12:00:00Z'); // a jump of weeks: skipped like an outage, not replayed
    engine.pump();
    pumpUntil(t, engine, T('2026-11-28T00:00:00Z'), 20_000);
    const times = ticks.map((x) => x.time);
    expect(times.length).toBeGreaterThan(10_000);
    for (const time of times) expect(isOpen(SESSIONS.nyse, time), new Date(time).toISOString()).toBe(true);
    const day = (d: string) => times.filter((x) => new Date(x).toISOString().startsWith(d));
    const span = (d: string) => [
      new Date(Math.min(...day(d))).toISOString().slice(11, 16),
      new Date(Math.max(...day(d))).toISOString().slice(11, 16),
    ];
    expect(span('2026-10-30')).toEqual(['13:30', '19:59']); // EDT: 09:30–16:00 is 13:30–20:00 UTC
    expect(day('2026-10-31')).toEqual([]); // Saturday
    expect(day('2026-11-01')).toEqual([]); // Sunday (the change)
    expect(span('2026-11-02')).toEqual(['14:30', '20:59']); // EST: 14:30–21:00 UTC
    expect(day('2026-11-26')).toEqual([]); // Thanksgiving
    expect(span('2026-11-27')).toEqual(['14:30', '17:59']); // early close 13:00 EST
    await engine.stop();
    // Every stored minute regenerates to its candle.
    for (const minute of [T('2026-10-30T13:30:00Z'), T('2026-11-02T20:59:00Z'), T('2026-11-27T17:59:00Z')]) {
      expect((await engine.verifyMinute('AAPLUSD', minute)).ok).toBe(true);
    }
  }, 60_000);

  it('answers tickAtOrBefore from stored data, the same tick the clients saw, also after a restart and a crash', async () => {
    setClock(t, '2026-12-01T10:00:00.000Z');
    const first = newEngine(t, (e) => [e.createSimulator(['ETHUSDT', 'XAUUSD'])]);
    await first.engine.start();
    await first.engine.backfillDone();
    pumpUntil(t, first.engine, T('2026-12-01T10:03:30Z'), 700);
    // Crash in the middle of 10:03: nothing after the last completed write survives.
    await first.engine.flush();
    const seen = first.ticks.filter((x) => x.symbol === 'ETHUSDT');
    expect(seen.length).toBeGreaterThan(300);
    const live = await first.engine.tickAtOrBefore('ETHUSDT', T('2026-12-01T10:03:20Z'));
    const lastSeenBefore = (at: number) => seen.filter((x) => x.time <= at).at(-1)!;
    expect(live).toMatchObject({
      price: lastSeenBefore(T('2026-12-01T10:03:20Z')).price,
      time: lastSeenBefore(T('2026-12-01T10:03:20Z')).time,
      source: 'simulator',
    });

    setClock(t, '2026-12-01T10:08:10Z'); // down five minutes
    const second = newEngine(t, (e) => [e.createSimulator(['ETHUSDT', 'XAUUSD'])]);
    await second.engine.start();
    await second.engine.backfillDone();
    // 10:03 was broadcast in part before the crash: it is stored whole and regenerates.
    expect((await second.engine.verifyMinute('ETHUSDT', T('2026-12-01T10:03:00Z'))).ok).toBe(true);
    for (const at of ['10:00:00.500', '10:01:59.999', '10:02:30.000', '10:03:20.000', '10:03:29.000']) {
      const ms = T(`2026-12-01T${at}Z`);
      const want = lastSeenBefore(ms);
      expect(await second.engine.tickAtOrBefore('ETHUSDT', ms), at).toMatchObject({
        time: want.time,
        price: want.price,
      });
    }
    // 10:04–10:07 were not quoted (the outage): the last tick before 10:07 is 10:03's last.
    const during = await second.engine.tickAtOrBefore('ETHUSDT', T('2026-12-01T10:07:00Z'));
    expect(during!.time).toBeLessThan(T('2026-12-01T10:04:00Z'));
    // The series continues from 10:03's end state.
    pumpUntil(t, second.engine, T('2026-12-01T10:10:00Z'), 500);
    await second.engine.stop();
    const rows = await t.ctx.db.execute(
      sql`SELECT open_time, gen_ref, close FROM market_candles WHERE symbol = 'ETHUSDT' AND interval = '1m' ORDER BY open_time`,
    );
    const list = (rows as unknown as { rows: { open_time: Date; gen_ref: string; close: string }[] }).rows;
    expect(list.map((r) => new Date(r.open_time).toISOString().slice(11, 16))).toEqual([
      '10:00',
      '10:01',
      '10:02',
      '10:03',
      '10:08',
      '10:09',
    ]);
    const p = simParamsOf('ETHUSDT');
    const m3 = generateMinute(
      second.engine.simulatorSeed,
      p,
      T('2026-12-01T10:03:00Z') / MIN,
      Number(list[3]!.gen_ref),
    );
    expect(Number(list[4]!.gen_ref)).toBe(m3.endState);
    expect(await second.engine.tickAtOrBefore('ETHUSDT', T('2026-11-01T00:00:00Z'))).toBeNull();
  }, 60_000);

  it('detects a tampered stored minute', async () => {
    const minute = T('2026-12-01T10:01:00Z');
    const { engine } = newEngine(t);
    await engine.start();
    expect((await engine.verifyMinute('XAUUSD', minute)).ok).toBe(true);
    await t.ctx.db.execute(
      sql`UPDATE market_candles SET high = high + 1 WHERE symbol = 'XAUUSD' AND interval = '1m' AND open_time = ${new Date(minute)}`,
    );
    expect((await engine.verifyMinute('XAUUSD', minute)).ok).toBe(false);
    await engine.stop();
  });
});
