/**
 * What the app's shell mounts from the trade feature on every page (kept apart from index.ts,
 * whose pages load lazily): the user's order events and the results of settled contracts.
 */
export { ContractResults } from './components/contract-results';
