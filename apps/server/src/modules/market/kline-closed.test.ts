import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlineResult, TradingTime } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { setClock } from './test-helpers';

const T = (iso: string) => Date.parse(iso);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_SEED: '31', MARKET_BACKFILL_DAYS: '1' } });
  // Tuesday 2026-11-17 13:00 UTC is 08:00 in New York: the NYSE closed 16 hours ago (Monday 16:00)
  // and opens at 09:30; crypto never closes.
  setClock(t, '2026-11-17T13:00:00Z');
  await t.app.market.engine.start();
  await t.app.market.engine.backfillDone();
  for (let i = 0; i < 5; i++) {
    t.clock.advance(1000);
    t.app.market.engine.pump();
  }
  await t.app.market.engine.flush();
}, 120_000);
afterAll(() => t.close());

const get = <D>(url: string) => t.call<D>('GET', url);

describe('candle history of a closed market', () => {
  it("answers the last session's 1m candles, not an empty window of wall-clock time", async () => {
    const session = await get<TradingTime>('/asset/api/forex/contract/checkTradingTime?symbol=AAPLUSD');
    expect(session.data.open).toBe(false);
    const r = await get<KlineResult>('/api/market/kline?symbol=AAPLUSD&interval=1m&limit=300');
    expect(r.code).toBe(0);
    const c = r.data.candles;
    expect(c).toHaveLength(300);
    // Monday's session ended at 16:00 New York time (21:00 UTC): its last minute opened at 20:59.
    expect(c.at(-1)!.openTime).toBe(T('2026-11-16T20:59:00Z'));
    for (let i = 1; i < c.length; i++) expect(c[i]!.openTime - c[i - 1]!.openTime).toBe(60_000);
    // A range with `to` but no `from` also ends at the newest candles that exist.
    const before = await get<KlineResult>(
      `/api/market/kline?symbol=AAPLUSD&interval=1m&limit=10&to=${T('2026-11-17T12:00:00Z')}`,
    );
    expect(before.data.candles.map((x) => x.openTime)).toEqual(c.slice(-10).map((x) => x.openTime));
  });

  it('still ends an always-open market at the live candle', async () => {
    const c = (await get<KlineResult>('/api/market/kline?symbol=BTCUSDT&interval=1m&limit=5')).data.candles;
    expect(c.at(-1)!.openTime).toBe(T('2026-11-17T13:00:00Z'));
  });
});
