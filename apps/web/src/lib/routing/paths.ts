import { currentLayout, DESKTOP_PREFIX } from './layout-mode';

/**
 * Every route path of docs/product.md §2, written once. The route table (app/route-table.ts) and the
 * features' links both read these, so a path cannot drift between the two.
 */
export const PATHS = {
  // Home
  home: '/pages/home/index',
  comingSoon: '/pages/home/coming-soon',
  /** Added by this project (issue 34): the home shortcuts' VIP, Novice Guide and Rise and Drop Ranking pages (docs/vip.md, docs/content.md). */
  vip: '/pages/home/vip',
  noviceGuide: '/pages/home/novice-guide',
  ranking: '/pages/home/ranking',
  customerService: '/pages/home/components/customer-service',
  customerServiceMobile: '/pages/home/components/customer-service-mobile',
  companyWebsite: '/pages/home/components/website-company',
  // Assets
  assets: '/pages/assets/index',
  assetAccount: '/pages/assets/account',
  transfer: '/pages/assets/transfer',
  transferRecords: '/pages/assets/transfer-records',
  /** The user's seconds contracts and spot orders (the Asset tab's order history, docs/product.md §2). */
  orderHistory: '/pages/assets/order-history',
  // Login, forgot password, register
  login: '/pages/login/login',
  emailLogin: '/pages/login/email-login',
  forgotPassword: '/pages/forgot-password/index',
  phoneFind: '/pages/findPwd/phone-find',
  emailFind: '/pages/findPwd/email-find',
  register: '/pages/register/index',
  verifyCode: '/pages/register/verify-code',
  selectCountry: '/pages/register/select-country',
  emailRegister: '/pages/register/email/index',
  emailVerifyCode: '/pages/register/email/verify-code',
  // Recharge (deposit)
  recharge: '/pages/recharge/index',
  rechargeRecords: '/pages/recharge/recharge-records',
  rechargeList: '/pages/recharge/recharge-list',
  // Manage account (financing)
  financing: '/pages/manage-account/index',
  financingHistory: '/pages/manage-account/components/history-financing',
  buyFinancing: '/pages/manage-account/components/buy-financing',
  // Withdraw
  withdraw: '/pages/withdraw/withdraw',
  withdrawHistory: '/pages/withdraw/withdraw-history',
  withdrawAddress: '/pages/withdraw/withdraw-address',
  createAddress: '/pages/withdraw/create-address',
  withdrawAddressList: '/pages/withdraw/withdraw-address-list',
  /** The "this wasn't me" link of a new-address e-mail: no login, the same page in both layouts. */
  withdrawFreeze: '/pages/withdraw/freeze',
  // Profile
  profile: '/pages/profile/index',
  kyc: '/pages/profile/kyc-verification/index',
  realNameAuth: '/pages/profile/kyc-verification/real-name-auth',
  advanceAuth: '/pages/profile/kyc-verification/advance-auth',
  securityCenter: '/pages/profile/security-center/index',
  changePassword: '/pages/profile/security-center/change-password',
  paymentPassword: '/pages/profile/security-center/payment-password',
  forgotFundPassword: '/pages/profile/security-center/forgot-fund-password',
  resetPassword: '/pages/profile/reset-password',
  accountSettings: '/pages/profile/account-setting/index',
  nickname: '/pages/profile/account-setting/nickname',
  email: '/pages/profile/account-setting/email',
  language: '/pages/profile/language',
  helpCenter: '/pages/profile/helper-center',
  aboutUs: '/pages/profile/about-us',
  /** Added by this project: the app's download QR codes, and the version with its update check and clear cache (docs/app-version.md). */
  appDownload: '/pages/profile/app-download',
  appVersion: '/pages/profile/version',
  // Notifications
  notifications: '/pages/notification/index',
  notificationDetail: '/pages/notification/detail',
  /** Added by this project: news and announcements with the economic calendar (docs/content.md). */
  news: '/pages/news/index',
  newsDetail: '/pages/news/detail',
  // Other
  quote: '/pages/quote/index',
  search: '/pages/search/index',
  privacyPolicy: '/pages/privacy-policy/privacy-policy',
  tradeChart: '/pages/trade-chart/index',
  tradeDetail: '/pages/trade-detail/index',
  otc: '/pages/otc/index',
  wallet: '/pages/wallet/index',
  // Loans
  loan: '/pages/loan/index',
  loanApply: '/pages/loan/components/loan',
  loanHistory: '/pages/loan/components/history-loan',
  loanRepayments: '/pages/loan/components/list-pay-loan',
  payLoan: '/pages/loan/components/pay-a-loan',
  payAllLoans: '/pages/loan/components/pay-all-loan',
  paidHistory: '/pages/loan/components/paid-history',
  // Built-in pages of the original platform
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

const D = DESKTOP_PREFIX;

/** The desktop layout's pages (docs/product.md §2), all under DESKTOP_PREFIX. */
export const DESKTOP_PATHS = {
  dashboard: `${D}dashboard/index`,
  trade: `${D}trade/index`,
  asset: `${D}asset/index`,
  manage: `${D}manage/index`,
  buyFinancing: `${D}manage/components/buy-financing`,
  loan: `${D}loan/index`,
  loanApply: `${D}loan/loan`,
  loanRepayments: `${D}loan/list-pay-loan`,
  payLoan: `${D}loan/pay-a-loan`,
  payAllLoans: `${D}loan/pay-all-loan`,
  recharge: `${D}recharge/index`,
  withdraw: `${D}withdraw/index`,
  withdrawHistory: `${D}withdraw/components/history`,
  loginPhone: `${D}login/login-phone`,
  loginEmail: `${D}login/login-email`,
  selectCountry: `${D}login/select-country`,
  forgotPassword: `${D}forgot-password/index`,
  registerPhone: `${D}register/register-phone`,
  registerEmail: `${D}register/register-email`,
  verifyCodePhone: `${D}register/verify-code-phone`,
  verifyCodeEmail: `${D}register/verify-code-email`,
  language: `${D}language/index`,
  kyc: `${D}kyc/index`,
  changePassword: `${D}settings/change-password`,
  setFundPassword: `${D}settings/set-fund-password`,
  forgotFundPassword: `${D}settings/forgot-fund-password`,
  /** Added by this project: the signed-in reset of the login password by code (the phone's /pages/profile/reset-password). */
  resetPassword: `${D}settings/reset-password`,
  account: `${D}settings/account`,
  notifications: `${D}notification/index`,
  /** Added by this project: news, announcements (a post opens beside the list) and the economic calendar. */
  news: `${D}news/index`,
  otc: `${D}otc/index`,
  wallet: `${D}wallet/index`,
  /** Added by this project (issue 34): the VIP, novice guide and ranking pages of the home shortcuts. */
  vip: `${D}vip/index`,
  noviceGuide: `${D}novice-guide/index`,
  ranking: `${D}ranking/index`,
  /** Added by this project: the app download and version pages in the settings layout. */
  appDownload: `${D}settings/app-download`,
  appVersion: `${D}settings/version`,
} as const;

export const HOME_PATH = PATHS.home;
export const DESKTOP_HOME_PATH = DESKTOP_PATHS.dashboard;
export const LOGIN_PATH = PATHS.login;

/** The home of the layout in use (the desktop dashboard or the mobile home). */
export function layoutHomePath(): string {
  return currentLayout() === 'desktop' ? DESKTOP_HOME_PATH : HOME_PATH;
}

export const TAB_PATHS = {
  home: PATHS.home,
  quote: PATHS.quote,
  trade: PATHS.tradeChart,
  asset: PATHS.assets,
  profile: PATHS.profile,
} as const;

/** Login, remembering where to return afterwards. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Pages of several features that link to each other (routes compose them in app/). */
export const ASSETS_PATH = PATHS.assets;
export const OTC_PATH = PATHS.otc;
export const WALLET_PATH = PATHS.wallet;
export const TRANSFER_PATH = PATHS.transfer;
export const ORDER_HISTORY_PATH = PATHS.orderHistory;
