/** Spot orders' public face: the service (placing, cancelling, the matcher), its routes and settings, and its fills' volume. */
import type { DbOrTx } from '../../db/client';
import { spotRepo } from './repository';

export { SpotService } from './service';
export { spotRoutes } from './routes';
export type { SpotConfig } from '../../config';

/** USDT of filled spot orders, for the VIP tiers' 30-day volume (docs/vip.md; app.ts hands it to the vip module). */
export const spotVolume = {
  volumeUsdt: (db: DbOrTx, userId: number, mode: string, since: Date): Promise<bigint> =>
    spotRepo.volumeSince(db, userId, mode, since),
};
