/** OTC instant exchange's public face: the service, its routes and settings, and its trades' volume for the VIP tiers. */
import type { TradingVolumeSource } from '../vip';
import { otcRepo } from './repository';

export { OtcService } from './service';
export { otcRoutes } from './routes';
export type { OtcConfig } from '../../config';

/** USDT traded over the counter, for the VIP tiers' 30-day volume (docs/vip.md). */
export const otcVolume: TradingVolumeSource = {
  volumeUsdt: (db, userId, mode, since) => otcRepo.volumeSince(db, userId, mode, since),
};
