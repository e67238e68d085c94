import { PATHS } from '../../../lib/routing/paths';

/** Routes the profile screens link to (docs/product.md §2). */
export const PROFILE_PATHS = {
  profile: PATHS.profile,
  kyc: PATHS.kyc,
  securityCenter: PATHS.securityCenter,
  accountSettings: PATHS.accountSettings,
  nickname: PATHS.nickname,
  email: PATHS.email,
  language: PATHS.language,
  helpCenter: PATHS.helpCenter,
  aboutUs: PATHS.aboutUs,
  appDownload: PATHS.appDownload,
  appVersion: PATHS.appVersion,
  financing: PATHS.financing,
  loan: PATHS.loan,
} as const;
