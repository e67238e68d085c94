import { DESKTOP_PATHS, PATHS } from './paths';

/**
 * Every mobile route's desktop counterpart (app/route-table.ts DESKTOP_ROUTES `mobile` has the other way round):
 * its own desktop page where docs/product.md §2 lists one, otherwise the desktop page that shows the same
 * thing (the quote list is the dashboard's markets panel, the trade chart and trade detail the
 * trade page; profile and security are the desktop settings; the assets sub-pages the assets page).
 * Loaded only by the desktop layout's chunk (app/desktop/desktop-routes.tsx).
 */
const D = DESKTOP_PATHS;

export const MOBILE_TO_DESKTOP: Readonly<Record<keyof typeof PATHS, string>> = {
  home: D.dashboard,
  comingSoon: D.dashboard,
  vip: D.vip,
  noviceGuide: D.noviceGuide,
  ranking: D.ranking,
  customerService: D.dashboard,
  customerServiceMobile: D.dashboard,
  companyWebsite: D.dashboard,
  assets: D.asset,
  assetAccount: D.asset,
  transfer: D.asset,
  transferRecords: D.asset,
  orderHistory: D.trade,
  login: D.loginPhone,
  emailLogin: D.loginEmail,
  forgotPassword: D.forgotPassword,
  phoneFind: D.forgotPassword,
  emailFind: D.forgotPassword,
  register: D.registerPhone,
  verifyCode: D.verifyCodePhone,
  selectCountry: D.selectCountry,
  emailRegister: D.registerEmail,
  emailVerifyCode: D.verifyCodeEmail,
  recharge: D.recharge,
  rechargeRecords: D.recharge,
  rechargeList: D.recharge,
  financing: D.manage,
  financingHistory: D.manage,
  buyFinancing: D.buyFinancing,
  withdraw: D.withdraw,
  withdrawHistory: D.withdrawHistory,
  withdrawAddress: D.withdraw,
  createAddress: D.withdraw,
  withdrawAddressList: D.withdraw,
  // Not used to redirect: the desktop layout shows the freeze link's page itself (app/desktop/desktop-routes.tsx).
  withdrawFreeze: D.withdraw,
  profile: D.account,
  kyc: D.kyc,
  realNameAuth: D.kyc,
  advanceAuth: D.kyc,
  securityCenter: D.changePassword,
  changePassword: D.changePassword,
  paymentPassword: D.setFundPassword,
  forgotFundPassword: D.forgotFundPassword,
  resetPassword: D.resetPassword,
  accountSettings: D.account,
  nickname: D.account,
  email: D.account,
  language: D.language,
  helpCenter: D.dashboard,
  aboutUs: D.dashboard,
  appDownload: D.appDownload,
  appVersion: D.appVersion,
  notifications: D.notifications,
  notificationDetail: D.notifications,
  news: D.news,
  newsDetail: D.news,
  quote: D.dashboard,
  search: D.dashboard,
  privacyPolicy: D.dashboard,
  tradeChart: D.trade,
  tradeDetail: D.trade,
  otc: D.otc,
  wallet: D.wallet,
  loan: D.loan,
  loanApply: D.loanApply,
  loanHistory: D.loan,
  loanRepayments: D.loanRepayments,
  payLoan: D.payLoan,
  payAllLoans: D.payAllLoans,
  paidHistory: D.loanRepayments,
  // Not used to redirect: the desktop layout shows the two location pages itself (app/desktop/desktop-routes.tsx).
  chooseLocation: D.dashboard,
  openLocation: D.dashboard,
};

const toDesktop = new Map<string, string>(
  (Object.keys(PATHS) as (keyof typeof PATHS)[]).map((k) => [PATHS[k], MOBILE_TO_DESKTOP[k]]),
);

/** The desktop page of a mobile path (the dashboard for a path no route knows). */
export function desktopCounterpart(mobilePath: string): string {
  return toDesktop.get(mobilePath) ?? D.dashboard;
}
