import { PATHS } from '../../../lib/routing/paths';

/** Where the identity verification's pages are (mobile layout). */
export const KYC_PATHS = {
  index: PATHS.kyc,
  realName: PATHS.realNameAuth,
  documents: PATHS.advanceAuth,
} as const;
