/** Helpers of the engine-and-followers tests (follower.test.ts, follower-nats.test.ts). */
import { CANDLE_INTERVALS } from '@app/contract';
import type { TestApp } from '../../../test/harness';
import type { ClusterBus } from '../cluster';
import { MarketModule } from './market-module';

export const SYMBOLS = ['BTCUSDT', 'EURUSD'];
export const noSessions = { authenticate: () => Promise.reject(new Error('no sessions in this test')) };

/** A market module of "another process" on the test's database and clock, on `bus`, with a manual engine. */
export function node(t: TestApp, bus: ClusterBus): MarketModule {
  return new MarketModule(t.ctx, noSessions, {
    cluster: bus,
    followers: true,
    engine: { sources: (e) => [e.createSimulator(SYMBOLS)] },
  });
}

/** What a client of either process sees of a symbol. */
export function view(m: MarketModule, symbol: string) {
  const e = m.engine;
  return {
    quote: e.latest(symbol),
    ticker: e.wsTick(symbol),
    klines: CANDLE_INTERVALS.map((i) => e.wsKline(symbol, i)),
    stats: e.stats(symbol),
    trades: e.recentTrades(symbol, 50),
    depth: e.wsDepth(symbol, 10),
  };
}

/** Lets the tee's batch (sent at the end of the engine's turn) and the followers' reads settle. */
export async function settle(...ms: MarketModule[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 0));
  for (const m of ms) {
    await m.engine.flush();
    await m.engine.followerReady();
  }
  await new Promise((r) => setTimeout(r, 0));
}
