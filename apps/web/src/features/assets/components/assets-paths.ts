import type { WalletName } from '@app/contract';
import { PATHS } from '../../../lib/routing/paths';

export const ASSETS_PATHS = {
  index: PATHS.assets,
  account: PATHS.assetAccount,
  transfer: PATHS.transfer,
  transferRecords: PATHS.transferRecords,
  wallet: PATHS.wallet,
} as const;

export const accountPath = (wallet: WalletName) => `${ASSETS_PATHS.account}?wallet=${wallet}`;
