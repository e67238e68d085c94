import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Compile } from 'typebox/compile';
import { DEPTH_DEFAULT_LEVELS, DepthResponse, KlineResponse, TickerListResponse } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ScriptedSource, setClock } from './test-helpers';
import { SnapshotCache } from './snapshot-cache';

// Market reads are serialised once per engine change (snapshot-cache.ts): within one tick the
// same bytes, without rebuilding; after a tick, a minute or a session change, a fresh answer.
let t: TestApp;
let src: ScriptedSource;
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_SEED: '5', MARKET_BACKFILL_DAYS: '0' },
    marketEngine: { sources: () => [src] },
  });
  src = new ScriptedSource(['BTCUSDT', 'AAPLUSD'], () => t.clock.now().getTime());
  // Wednesday 2026-11-18 20:59:30 UTC: New York closes at 21:00 UTC (16:00 EST).
  setClock(t, '2026-11-18T20:59:30Z');
  await t.app.market.engine.start();
  src.tick('BTCUSDT', '50000.00');
  src.tick('AAPLUSD', '200.00');
}, 60_000);
afterAll(() => t.close());

const raw = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const TICKERS = '/api/market/getTickerList';
const DEPTH = '/api/market/byTypeDepthUpdate?symbol=BTCUSDT';
const KLINE = '/api/market/kline?symbol=BTCUSDT&interval=1m';

describe('market read snapshots', () => {
  it('answer byte-identical bodies within one tick without rebuilding them, valid against the response schema', async () => {
    const tickers = vi.spyOn(t.app.market.service, 'tickers');
    const depth = vi.spyOn(t.app.market.service, 'depth');
    const kline = vi.spyOn(t.app.market.service, 'kline');
    try {
      for (const [url, spy, schema] of [
        [TICKERS, tickers, TickerListResponse],
        [DEPTH, depth, DepthResponse],
        [KLINE, kline, KlineResponse],
      ] as const) {
        const a = await raw(url);
        const b = await raw(url);
        expect(b, url).toBe(a);
        expect(spy, url).toHaveBeenCalledTimes(1);
        const body = JSON.parse(a) as { code: number };
        expect(body.code).toBe(0);
        expect(Compile(schema).Check(body), url).toBe(true);
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('change with a new tick', async () => {
    const before = [await raw(TICKERS), await raw(DEPTH), await raw(KLINE)];
    src.tick('BTCUSDT', '50123.45');
    const after = [await raw(TICKERS), await raw(DEPTH), await raw(KLINE)];
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toContain('"price":"50123.45"');
    expect(after[2]).toContain('"close":"50123.45"');
    // A scripted feed relays no depth: the answer is what a fresh build gives.
    expect(JSON.parse(after[1]!).data).toEqual(
      JSON.parse(JSON.stringify(t.app.market.service.depth('BTCUSDT', DEPTH_DEFAULT_LEVELS))),
    );
  });

  it("change when a session closes with no tick at all (a ticker's open), and answer what a fresh build would", async () => {
    const open = JSON.parse(await raw(`${TICKERS}?type=STOCK`)) as { data: { symbol: string; open: boolean }[] };
    expect(open.data.find((x) => x.symbol === 'AAPLUSD')!.open).toBe(true);
    setClock(t, '2026-11-18T21:00:00Z');
    const closed = JSON.parse(await raw(`${TICKERS}?type=STOCK`)) as { data: { symbol: string; open: boolean }[] };
    expect(closed.data.find((x) => x.symbol === 'AAPLUSD')!.open).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: `${TICKERS}?type=STOCK` });
    expect(JSON.parse(res.body).data).toEqual(JSON.parse(JSON.stringify(t.app.market.service.tickers('STOCK'))));
  });
});

describe('SnapshotCache on its own', () => {
  it('builds once for requests that miss together, and a failed build fails each of them and stores nothing', async () => {
    const cache = new SnapshotCache(
      () => 1,
      () => 0,
    );
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const build = async () => {
      builds++;
      await gate;
      return `body${builds}`;
    };
    const waiting = Array.from({ length: 20 }, () => cache.get('k', build));
    release();
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('body1'));
    expect(builds).toBe(1);

    const failing = Array.from({ length: 5 }, () =>
      cache.get('bad', async () => {
        builds++;
        await Promise.resolve();
        throw new Error('no');
      }),
    );
    for (const f of failing) await expect(f).rejects.toThrow('no');
    expect(builds).toBe(2);
    expect(await cache.get('bad', () => 'fine')).toBe('fine');
  });
});
