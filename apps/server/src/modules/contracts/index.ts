/** Seconds contracts' public face: the service, the settlement worker, their routes and the settings they take. */
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { LedgerReads, MoneyCommands } from '../ledger';
import type { MarketModule } from '../market';
import type { ContractConfig } from '../../config';
import { CONTRACT_INVARIANTS, contractsRepo } from './repository';
import { ContractService } from './service';
import { ContractSettler } from './settlement';

export { ContractService } from './service';
export { ContractSettler } from './settlement';
export { contractRoutes } from './routes';
export { contractsRepo } from './repository';
export type { ContractConfig } from '../../config';

/** USDT staked on seconds contracts, for the VIP tiers' 30-day volume (docs/vip.md; app.ts hands it to the vip module). */
export const contractVolume = {
  volumeUsdt: (db: DbOrTx, userId: number, mode: string, since: Date): Promise<bigint> =>
    contractsRepo.volumeSince(db, userId, mode, since),
};

/** The contracts module: its service and settlement worker, its invariants registered with the ledger's verifier. */
export function createContracts(
  ctx: AppContext,
  deps: { ledger: LedgerReads; money: MoneyCommands; market: MarketModule },
  config: ContractConfig,
) {
  deps.ledger.registerInvariants(CONTRACT_INVARIANTS);
  return {
    service: new ContractService(ctx, deps.money, deps.market, config),
    settler: new ContractSettler(ctx, deps.money, deps.market, config),
  };
}
