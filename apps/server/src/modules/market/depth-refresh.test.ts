import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentOf } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { refreshedDepth, syntheticDepth } from './pricing';
import { newEngine, pumpUntil, setClock } from './test-helpers';

const BTC = instrumentOf('BTCUSDT')!;

describe('refreshedDepth', () => {
  it('keeps every price, changes a few sizes, the same way for the same step', () => {
    const book = syntheticDepth(BTC, 5, 9_499_000, 9_501_000, 1_000);
    const a = refreshedDepth(BTC, 5, book, 1_040, 40);
    expect(refreshedDepth(BTC, 5, book, 1_041, 40)).toEqual({ ...a, time: 1_041 });
    expect(a.bids.map(([p]) => p)).toEqual(book.bids.map(([p]) => p));
    expect(a.asks.map(([p]) => p)).toEqual(book.asks.map(([p]) => p));
    // Over many steps about one level in seven changes per step, never all of them.
    let changed = 0;
    let levels = 0;
    for (let step = 1; step <= 200; step++) {
      const next = refreshedDepth(BTC, 5, book, 1_000 + step * 40, 40);
      const sides = [
        [next.bids, book.bids],
        [next.asks, book.asks],
      ] as const;
      for (const [now, before] of sides) {
        now.forEach(([, amount], k) => {
          levels += 1;
          if (amount !== before[k]![1]) changed += 1;
        });
      }
    }
    expect(changed / levels).toBeGreaterThan(0.08);
    expect(changed / levels).toBeLessThan(0.22);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_SEED: '41', MARKET_BACKFILL_DAYS: '0', MARKET_SIM_DEPTH_MS: '40' } });
  // A Saturday: crypto trades, the stock markets are closed.
  setClock(t, '2026-11-21T12:00:00Z');
}, 120_000);
afterAll(() => t.close());

describe('MARKET_SIM_DEPTH_MS', () => {
  it("refreshes a watched open instrument's book that often between trades; a closed market's or an unwatched one's not", async () => {
    const { engine, bus } = newEngine(t);
    const books = new Map<string, number>();
    bus.subscribe((e) => {
      if (e.type === 'depth') books.set(e.symbol, (books.get(e.symbol) ?? 0) + 1);
    });
    // The module asks the hub; here SOLUSDT's book has no watcher.
    engine.depthWatched = (symbol) => symbol !== 'SOLUSDT';
    await engine.start();
    await engine.backfillDone();
    pumpUntil(t, engine, t.clock.now().getTime() + 2000, 100);
    books.clear();
    pumpUntil(t, engine, t.clock.now().getTime() + 2000, 40);
    // 2 s in steps of 40 ms: a book per step, whatever the ticks (about 3 a second) did.
    expect(books.get('BTCUSDT')).toBeGreaterThanOrEqual(50);
    expect(books.get('ETHUSDT')).toBeGreaterThanOrEqual(50);
    expect(books.get('AAPLUSD') ?? 0).toBe(0);
    // Unwatched: only its trades rebuild it, at most every 250 ms.
    expect(books.get('SOLUSDT') ?? 0).toBeLessThanOrEqual(8);
    // The book follows the price: its best levels are the quote's bid and ask.
    const btc = engine.symbols.get('BTCUSDT')!;
    expect([btc.depth!.bids[0]![0], btc.depth!.asks[0]![0]]).toEqual([btc.quote!.bid, btc.quote!.ask]);
    await engine.stop();
  });
});
