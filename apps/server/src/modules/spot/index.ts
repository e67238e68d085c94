/** Spot orders' public face: the service (placing, cancelling, the matcher), its routes and settings. */
export { SpotService } from './service';
export { spotRoutes } from './routes';
export type { SpotConfig } from '../../config';
