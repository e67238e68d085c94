/** API paths of spec §7 (and the few this project adds, marked). Served under one origin. */
export const API = {
  user: {
    login: '/asset/api/user/login',
    register: '/asset/api/user/register',
    sendOtp: '/asset/api/user/sendOtp',
    sendSmsOtp: '/asset/api/user/SendSmsOtp',
    forgotPassword: '/asset/api/user/forgot-password',
    logout: '/asset/api/user/logout',
    update: '/asset/api/user/update',
    info: '/asset/api/user/info',
    forgotFundPassword: '/asset/api/user/forgot-fund-password',
    // Added by this project (spec §7 does not show these bodies or paths):
    bindEmail: '/asset/api/user/bind-email',
    changePassword: '/asset/api/user/change-password',
    setFundPassword: '/asset/api/user/set-fund-password',
    changeFundPassword: '/asset/api/user/change-fund-password',
  },
  account: {
    accountSwitch: '/asset/api/account/accountSwitch',
    list: '/asset/api/account/list',
    transferAsset: '/asset/api/account/transferAsset',
    getValidAssetById: '/asset/api/account/getValidAssetById',
    getTransferLog: '/asset/api/account/getTransferLog',
    /** Added by this project: back to 100,000 demo USDT. */
    demoReset: '/asset/api/account/demoReset',
  },
  accountChange: {
    list: '/asset/api/accountchange/list',
  },
  asset: {
    list: '/asset/api/asset/list',
  },
  countryCode: {
    list: '/asset/api/countryCode/countryCodeList',
  },
  common: {
    upload: '/asset/api/common/upload',
    /** Private uploads, served only to their owner: GET with the token header. */
    file: '/asset/api/common/file',
  },
} as const;

/** Public URL prefix of avatars. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
