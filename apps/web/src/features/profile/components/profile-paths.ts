/** Routes the profile screens link to (spec §2). */
export const PROFILE_PATHS = {
  profile: '/pages/profile/index',
  kyc: '/pages/profile/kyc-verification/index',
  securityCenter: '/pages/profile/security-center/index',
  accountSettings: '/pages/profile/account-setting/index',
  nickname: '/pages/profile/account-setting/nickname',
  email: '/pages/profile/account-setting/email',
  language: '/pages/profile/language',
  helpCenter: '/pages/profile/helper-center',
  aboutUs: '/pages/profile/about-us',
} as const;
