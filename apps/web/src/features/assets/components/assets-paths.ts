import type { WalletName } from '@app/contract';

export const ASSETS_PATHS = {
  index: '/pages/assets/index',
  account: '/pages/assets/account',
  transfer: '/pages/assets/transfer',
  transferRecords: '/pages/assets/transfer-records',
  wallet: '/pages/wallet/index',
} as const;

export const accountPath = (wallet: WalletName) => `${ASSETS_PATHS.account}?wallet=${wallet}`;

