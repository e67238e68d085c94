/**
 * The market bus: how ticks, trades, candles and depth reach this process's websocket hub. It
 * stays in-process: every process derives these from the engine's inputs itself (follower.ts),
 * and per-user order events come from the cluster bus (modules/cluster) with their ids.
 */
import type { CandleInterval, Depth, Trade, WsKline, WsTick } from '@app/contract';

export type MarketEvent =
  | { type: 'tick'; symbol: string; tick: WsTick }
  | { type: 'depth'; symbol: string; depth: Depth }
  /** One trade; the hub keeps the newest few per symbol in the `trades` topic's message. */
  | { type: 'trade'; symbol: string; trade: Trade }
  | { type: 'kline'; symbol: string; interval: CandleInterval; kline: WsKline };

export interface MarketBus {
  publish(event: MarketEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(handler: (event: MarketEvent) => void): () => void;
}

/** Delivers synchronously to every handler of this process. A failing handler does not stop the others. */
export class InProcessBus implements MarketBus {
  private readonly handlers = new Set<(event: MarketEvent) => void>();
  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  publish(event: MarketEvent): void {
    for (const h of this.handlers) {
      try {
        h(event);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  subscribe(handler: (event: MarketEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
