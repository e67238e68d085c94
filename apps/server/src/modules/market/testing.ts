/** What tests of other modules use to drive market data (not for shipped code). */
export { ScriptedSource, newEngine, pumpUntil, setClock, type SeenTick } from './test-helpers';
// The parts the benches measure on their own (bench:ws, bench:backfill).
export { InProcessBus } from './bus';
export { MarketEngine } from './engine';
export { MarketHub } from './ws-hub';
export type { PriceSink, PriceSource } from './price-source';
