/** What tests of other modules use to drive market data (not for shipped code). */
export { ScriptedSource, newEngine, pumpUntil, setClock, type SeenTick } from './test-helpers';
