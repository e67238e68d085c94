/** Helpers shared by the market tests (not shipped code paths). */
import { instrumentOf, parseAmount } from '@app/contract';
import type { PriceSink, PriceSource } from './price-source';
import type { TestApp } from '../../../test/harness';
import { MarketEngine } from './engine';
import { InProcessBus, type MarketEvent } from './bus';

export interface SeenTick {
  symbol: string;
  time: number;
  price: string;
}

/** Puts the test clock at an instant (the harness clock only moves forward by itself). */
export function setClock(t: TestApp, iso: string | number): void {
  const target = typeof iso === 'number' ? iso : Date.parse(iso);
  t.clock.advance(target - t.clock.now().getTime());
}

/** A second engine on the same database and clock: a restart of the first. */
export function newEngine(
  t: TestApp,
  sources?: (e: MarketEngine) => PriceSource[],
): { engine: MarketEngine; ticks: SeenTick[]; bus: InProcessBus } {
  const bus = new InProcessBus();
  const ticks: SeenTick[] = [];
  // Only what the tests compare: keeping every event of days of simulation would not fit in memory.
  bus.subscribe((e: MarketEvent) => {
    if (
      e.type === 'tick' &&
      (!ticks.length || ticks.at(-1)!.time !== e.tick.time || ticks.at(-1)!.symbol !== e.symbol)
    ) {
      ticks.push({ symbol: e.symbol, time: e.tick.time, price: e.tick.price });
    }
  });
  const engine = new MarketEngine(t.ctx, bus, t.ctx.config.market, sources ? { sources } : {});
  return { engine, ticks, bus };
}

/** Pumps from the clock's time to `untilMs` in steps, moving the clock. */
export function pumpUntil(t: TestApp, engine: MarketEngine, untilMs: number, stepMs = 1000): void {
  while (t.clock.now().getTime() < untilMs) {
    t.clock.advance(Math.min(stepMs, untilMs - t.clock.now().getTime()));
    engine.pump();
  }
}

/**
 * A price source whose ticks a test writes: stored like a real feed's (not regenerable), so
 * `tickAtOrBefore` answers from them. `tick` stamps the test clock's time unless given one.
 */
export class ScriptedSource implements PriceSource {
  readonly name = 'scripted';
  readonly regenerable = false;
  private sink: PriceSink | undefined;
  constructor(
    readonly symbols: readonly string[],
    private readonly now: () => number,
  ) {}
  start(sink: PriceSink): void {
    this.sink = sink;
  }
  pump(): void {}
  stop(): void {}
  tick(symbol: string, price: string, time = this.now()): void {
    const inst = instrumentOf(symbol)!;
    this.sink!.tick({ symbol, time, price: Number(parseAmount(price, inst.priceDecimals)), amount: 1 });
  }
}
