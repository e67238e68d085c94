import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INTERVAL_MS } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { marketRepo, type CandleRow } from './repository';

const MIN = INTERVAL_MS['1m'];
const T = (iso: string) => Date.parse(iso);

const minute = (symbol: string, iso: string, open: number, high: number, low: number, close: number, volume: bigint): CandleRow => ({
  symbol, interval: '1m', openTime: T(iso), open, high, low, close, volume, quoteVolume: volume * BigInt(close), trades: 2,
  source: 'scripted', genRef: null, genVersion: null,
});

type Raw = { interval: string; open: string; high: string; low: string; close: string; volume: string; trades: number };
async function buckets(t: TestApp, symbol: string): Promise<Record<string, [number, number, number, number, number, number]>> {
  const res = await t.ctx.db.execute(sql`SELECT interval, open, high, low, close, volume, trades FROM market_candles WHERE symbol = ${symbol} AND interval <> '1m'`);
  const rows = (res as unknown as { rows: Raw[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.interval, [Number(r.open), Number(r.high), Number(r.low), Number(r.close), Number(r.volume), Number(r.trades)]]));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_SEED: '99', MARKET_BACKFILL_DAYS: '0' } });
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
    for (const interval of ['5m', '15m', '30m', '1h', '4h', '1d', '1w']) expect(eur[interval], interval).toEqual([100, 120, 95, 102, 7, 4]);
    // A later call merges into the same buckets; a minute already stored is not counted again.
    await marketRepo.closeMinutes(t.ctx.db, [
      minute('EURUSD', '2026-11-18T15:01:00Z', 105, 120, 101, 102, 4n),
      minute('EURUSD', '2026-11-18T15:02:00Z', 102, 103, 90, 91, 1n),
      minute('EURUSD', '2026-11-18T15:05:00Z', 91, 92, 91, 92, 1n),
    ]);
    const after = await buckets(t, 'EURUSD');
    expect(after['1h']).toEqual([100, 120, 90, 92, 9, 8]);
    const fives = await t.ctx.db.execute(sql`SELECT open_time, close, volume FROM market_candles WHERE symbol = 'EURUSD' AND interval = '5m' ORDER BY open_time`);
    expect((fives as unknown as { rows: { open_time: Date; close: string; volume: string }[] }).rows.map((r) => [new Date(r.open_time).getTime(), Number(r.close), Number(r.volume)]))
      .toEqual([[T('2026-11-18T15:00:00Z'), 91, 8], [T('2026-11-18T15:05:00Z'), 92, 1]]);
  });
});
