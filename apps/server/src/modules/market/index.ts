/**
 * The market-data module's public face (docs/architecture.md "How a module is built"): other modules and the app import from
 * here only. Tests of other modules use ./testing.
 */
export { MarketModule } from './market-module';
export { marketRoutes } from './routes';
export type { EngineOptions } from './engine';
export type { Quote, RecordedTick } from './engine-state';
export { instrumentOrThrow } from './service';
export { sessionState } from './sessions';
