import { DESKTOP_PATHS, PATHS } from './paths';

/**
 * The same page in the other layout (spec §2: crossing the 1000 px breakpoint relaunches the app,
 * and the user should land where they were, not on a home page).
 *
 * Every desktop route has one mobile counterpart. Every mobile route has a desktop counterpart:
 * its own desktop page where spec §2 lists one, otherwise the desktop page that shows the same
 * thing (the quote list and the trade chart are the dashboard's and the trade page's panels; the
 * profile and security pages are the desktop settings; assets sub-pages are the assets page).
 */
export const DESKTOP_TO_MOBILE: Readonly<Record<keyof typeof DESKTOP_PATHS, string>> = {
  dashboard: PATHS.home,
  trade: PATHS.tradeChart,
  asset: PATHS.assets,
  manage: PATHS.financing,
  buyFinancing: PATHS.buyFinancing,
  loan: PATHS.loan,
  loanApply: PATHS.loanApply,
  loanRepayments: PATHS.loanRepayments,
  payLoan: PATHS.payLoan,
  payAllLoans: PATHS.payAllLoans,
  recharge: PATHS.recharge,
  withdraw: PATHS.withdraw,
  withdrawHistory: PATHS.withdrawHistory,
  loginPhone: PATHS.login,
  loginEmail: PATHS.emailLogin,
  selectCountry: PATHS.selectCountry,
  forgotPassword: PATHS.forgotPassword,
  registerPhone: PATHS.register,
  registerEmail: PATHS.emailRegister,
  verifyCodePhone: PATHS.verifyCode,
  verifyCodeEmail: PATHS.emailVerifyCode,
  language: PATHS.language,
  kyc: PATHS.kyc,
  changePassword: PATHS.changePassword,
  setFundPassword: PATHS.paymentPassword,
  forgotFundPassword: PATHS.forgotFundPassword,
  account: PATHS.accountSettings,
  notifications: PATHS.notifications,
  otc: PATHS.otc,
  wallet: PATHS.wallet,
};

const D = DESKTOP_PATHS;

export const MOBILE_TO_DESKTOP: Readonly<Record<keyof typeof PATHS, string>> = {
  home: D.dashboard,
  comingSoon: D.dashboard,
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
  profile: D.account,
  kyc: D.kyc,
  realNameAuth: D.kyc,
  advanceAuth: D.kyc,
  securityCenter: D.changePassword,
  changePassword: D.changePassword,
  paymentPassword: D.setFundPassword,
  forgotFundPassword: D.forgotFundPassword,
  resetPassword: D.changePassword,
  accountSettings: D.account,
  nickname: D.account,
  email: D.account,
  language: D.language,
  helpCenter: D.dashboard,
  aboutUs: D.dashboard,
  notifications: D.notifications,
  notificationDetail: D.notifications,
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
  chooseLocation: D.dashboard,
  openLocation: D.dashboard,
};

const toMobile = new Map<string, string>(
  (Object.keys(DESKTOP_PATHS) as (keyof typeof DESKTOP_PATHS)[]).map((k) => [DESKTOP_PATHS[k], DESKTOP_TO_MOBILE[k]]),
);
const toDesktop = new Map<string, string>(
  (Object.keys(PATHS) as (keyof typeof PATHS)[]).map((k) => [PATHS[k], MOBILE_TO_DESKTOP[k]]),
);

/** The mobile page of a desktop path (the mobile home for a path no route knows). */
export function mobileCounterpart(desktopPath: string): string {
  return toMobile.get(desktopPath) ?? PATHS.home;
}

/** The desktop page of a mobile path (the dashboard for a path no route knows). */
export function desktopCounterpart(mobilePath: string): string {
  return toDesktop.get(mobilePath) ?? D.dashboard;
}

/** Where `pathname` lives in `layout`: itself when it already belongs there. */
export function counterpartIn(layout: 'mobile' | 'desktop', pathname: string): string {
  const desktop = toMobile.has(pathname);
  if (layout === 'desktop') return desktop ? pathname : desktopCounterpart(pathname);
  return desktop ? mobileCounterpart(pathname) : toDesktop.has(pathname) ? pathname : PATHS.home;
}
