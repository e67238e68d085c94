/** OTC instant exchange's public face: the service, its routes and settings. */
export { OtcService } from './service';
export { otcRoutes } from './routes';
export type { OtcConfig } from '../../config';
