/** Spot orders' public face: the service (placing, cancelling, the matcher), its routes and settings. */
export { SpotService, SPOT_PAIRS, type SpotMarket } from './service';
export { spotRoutes } from './routes';
export type { SpotConfig } from '../../config';
