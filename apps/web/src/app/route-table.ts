import type { ComponentType } from 'react';
import { DESKTOP_HOME_PATH, HOME_PATH, LOGIN_PATH, ORDER_HISTORY_PATH } from '../lib/paths';
import type { Messages } from '../locales';

/**
 * Every route of spec §2. A route without `page` shows the shared "not available yet"
 * page until a later issue builds it; building a screen means adding its `page` loader.
 */
export type RouteTitle = keyof Messages['routes'];
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface MobileRoute {
  path: string;
  title: RouteTitle;
  /** Needs a token; a visitor goes to login and comes back afterwards (spec §2, §6). */
  auth: boolean;
  /** One of the five tab pages: the tab bar shows and the top bar has no back button. */
  tab?: boolean;
  page?: PageLoader;
}

export interface DesktopRoute {
  /** Full path under /pages/desktop/. */
  path: string;
  title: RouteTitle;
  auth: boolean;
  /** Where this page lives in the mobile layout (used while the desktop layout is off). */
  mobile: string;
  page?: PageLoader;
}

/** Adapts a named export to what React.lazy expects. */
function named<M, K extends keyof M>(load: () => Promise<M>, key: K): PageLoader {
  return () => load().then((m) => ({ default: m[key] as ComponentType }));
}

const auth = () => import('../features/auth');
const profile = () => import('../features/profile');
const security = () => import('../features/security');
const home = () => import('../features/home');
const assets = () => import('../features/assets');
const otc = () => import('../features/otc');
const market = () => import('../features/market');
const trade = () => import('../features/trade');

export const HOME_ROUTE = HOME_PATH;
export const LOGIN_ROUTE = LOGIN_PATH;
export const DESKTOP_HOME_ROUTE = DESKTOP_HOME_PATH;

export const MOBILE_ROUTES: readonly MobileRoute[] = [
  // Home
  { path: HOME_ROUTE, title: 'home', auth: false, tab: true, page: named(home, 'HomePage') },
  { path: '/pages/home/coming-soon', title: 'comingSoon', auth: false, page: named(home, 'ComingSoonPage') },
  { path: '/pages/home/components/customer-service', title: 'customerService', auth: false },
  { path: '/pages/home/components/customer-service-mobile', title: 'customerService', auth: false },
  { path: '/pages/home/components/website-company', title: 'companyWebsite', auth: false },
  // Assets
  { path: '/pages/assets/index', title: 'assets', auth: true, tab: true, page: named(assets, 'AssetsPage') },
  { path: '/pages/assets/account', title: 'assetAccount', auth: true, page: named(assets, 'AccountPage') },
  { path: '/pages/assets/transfer', title: 'transfer', auth: true, page: named(assets, 'TransferPage') },
  { path: '/pages/assets/transfer-records', title: 'transferRecords', auth: true, page: named(assets, 'TransferRecordsPage') },
  { path: ORDER_HISTORY_PATH, title: 'orderHistory', auth: true, page: named(trade, 'OrderHistoryPage') },
  // Login, forgot password, register
  { path: LOGIN_ROUTE, title: 'login', auth: false, page: named(auth, 'LoginPhonePage') },
  { path: '/pages/login/email-login', title: 'emailLogin', auth: false, page: named(auth, 'LoginEmailPage') },
  { path: '/pages/forgot-password/index', title: 'forgotPassword', auth: false, page: named(auth, 'ForgotPasswordPage') },
  { path: '/pages/findPwd/phone-find', title: 'phoneFind', auth: false, page: named(auth, 'PhoneFindPage') },
  { path: '/pages/findPwd/email-find', title: 'emailFind', auth: false, page: named(auth, 'EmailFindPage') },
  { path: '/pages/register/index', title: 'register', auth: false, page: named(auth, 'RegisterPhonePage') },
  { path: '/pages/register/verify-code', title: 'verifyCode', auth: false, page: named(auth, 'PhoneVerifyCodePage') },
  { path: '/pages/register/select-country', title: 'selectCountry', auth: false, page: named(auth, 'SelectCountryPage') },
  { path: '/pages/register/email/index', title: 'emailRegister', auth: false, page: named(auth, 'RegisterEmailPage') },
  { path: '/pages/register/email/verify-code', title: 'verifyCode', auth: false, page: named(auth, 'EmailVerifyCodePage') },
  // Recharge (deposit)
  { path: '/pages/recharge/index', title: 'recharge', auth: true },
  { path: '/pages/recharge/recharge-records', title: 'rechargeRecords', auth: true },
  { path: '/pages/recharge/recharge-list', title: 'rechargeList', auth: true },
  // Manage account (financing)
  { path: '/pages/manage-account/index', title: 'financing', auth: true },
  { path: '/pages/manage-account/components/history-financing', title: 'financingHistory', auth: true },
  { path: '/pages/manage-account/components/buy-financing', title: 'buyFinancing', auth: true },
  // Withdraw
  { path: '/pages/withdraw/withdraw', title: 'withdraw', auth: true },
  { path: '/pages/withdraw/withdraw-history', title: 'withdrawHistory', auth: true },
  { path: '/pages/withdraw/withdraw-address', title: 'withdrawAddress', auth: true },
  { path: '/pages/withdraw/create-address', title: 'createAddress', auth: true },
  { path: '/pages/withdraw/withdraw-address-list', title: 'withdrawAddressList', auth: true },
  // Profile
  { path: '/pages/profile/index', title: 'profile', auth: true, tab: true, page: named(profile, 'ProfilePage') },
  { path: '/pages/profile/kyc-verification/index', title: 'kyc', auth: true },
  { path: '/pages/profile/kyc-verification/real-name-auth', title: 'realNameAuth', auth: true },
  { path: '/pages/profile/kyc-verification/advance-auth', title: 'advanceAuth', auth: true },
  { path: '/pages/profile/security-center/index', title: 'securityCenter', auth: true, page: named(security, 'SecurityCenterPage') },
  { path: '/pages/profile/security-center/change-password', title: 'changePassword', auth: true, page: named(security, 'ChangePasswordPage') },
  { path: '/pages/profile/security-center/payment-password', title: 'paymentPassword', auth: true, page: named(security, 'PaymentPasswordPage') },
  { path: '/pages/profile/security-center/forgot-fund-password', title: 'forgotFundPassword', auth: true, page: named(security, 'ForgotFundPasswordPage') },
  { path: '/pages/profile/reset-password', title: 'resetPassword', auth: true },
  { path: '/pages/profile/account-setting/index', title: 'accountSettings', auth: true, page: named(profile, 'AccountSettingsPage') },
  { path: '/pages/profile/account-setting/nickname', title: 'nickname', auth: true, page: named(profile, 'NicknamePage') },
  { path: '/pages/profile/account-setting/email', title: 'email', auth: true, page: named(profile, 'EmailPage') },
  { path: '/pages/profile/language', title: 'language', auth: false, page: named(profile, 'LanguagePage') },
  { path: '/pages/profile/helper-center', title: 'helpCenter', auth: false },
  { path: '/pages/profile/about-us', title: 'aboutUs', auth: false },
  // Notifications
  { path: '/pages/notification/index', title: 'notifications', auth: true },
  { path: '/pages/notification/detail', title: 'notificationDetail', auth: true },
  // Other
  { path: '/pages/quote/index', title: 'quote', auth: false, tab: true, page: named(market, 'QuotePage') },
  { path: '/pages/privacy-policy/privacy-policy', title: 'privacyPolicy', auth: false },
  { path: '/pages/trade-chart/index', title: 'tradeChart', auth: false, tab: true, page: named(trade, 'TradeChartPage') },
  { path: '/pages/trade-detail/index', title: 'tradeDetail', auth: true, page: named(trade, 'TradeDetailPage') },
  { path: '/pages/search/index', title: 'search', auth: false, page: named(market, 'SearchPage') },
  { path: '/pages/otc/index', title: 'otc', auth: true, page: named(otc, 'OtcPage') },
  { path: '/pages/wallet/index', title: 'wallet', auth: true, page: named(assets, 'WalletPage') },
  // Loans
  { path: '/pages/loan/index', title: 'loan', auth: true },
  { path: '/pages/loan/components/loan', title: 'loanApply', auth: true },
  { path: '/pages/loan/components/history-loan', title: 'loanHistory', auth: true },
  { path: '/pages/loan/components/list-pay-loan', title: 'loanRepayments', auth: true },
  { path: '/pages/loan/components/pay-a-loan', title: 'payLoan', auth: true },
  { path: '/pages/loan/components/pay-all-loan', title: 'payAllLoans', auth: true },
  { path: '/pages/loan/components/paid-history', title: 'paidHistory', auth: true },
  // Built-in pages of the original platform
  { path: '/choose-location', title: 'chooseLocation', auth: false },
  { path: '/open-location', title: 'openLocation', auth: false },
];

const D = '/pages/desktop/';

export const DESKTOP_ROUTES: readonly DesktopRoute[] = [
  { path: `${D}dashboard/index`, title: 'dashboard', auth: false, mobile: HOME_ROUTE },
  { path: `${D}trade/index`, title: 'tradeChart', auth: false, mobile: '/pages/trade-chart/index' },
  { path: `${D}asset/index`, title: 'assets', auth: true, mobile: '/pages/assets/index' },
  { path: `${D}manage/index`, title: 'financing', auth: true, mobile: '/pages/manage-account/index' },
  { path: `${D}manage/components/buy-financing`, title: 'buyFinancing', auth: true, mobile: '/pages/manage-account/components/buy-financing' },
  { path: `${D}loan/index`, title: 'loan', auth: true, mobile: '/pages/loan/index' },
  { path: `${D}loan/loan`, title: 'loanApply', auth: true, mobile: '/pages/loan/components/loan' },
  { path: `${D}loan/list-pay-loan`, title: 'loanRepayments', auth: true, mobile: '/pages/loan/components/list-pay-loan' },
  { path: `${D}loan/pay-a-loan`, title: 'payLoan', auth: true, mobile: '/pages/loan/components/pay-a-loan' },
  { path: `${D}loan/pay-all-loan`, title: 'payAllLoans', auth: true, mobile: '/pages/loan/components/pay-all-loan' },
  { path: `${D}recharge/index`, title: 'recharge', auth: true, mobile: '/pages/recharge/index' },
  { path: `${D}withdraw/index`, title: 'withdraw', auth: true, mobile: '/pages/withdraw/withdraw' },
  { path: `${D}withdraw/components/history`, title: 'withdrawHistory', auth: true, mobile: '/pages/withdraw/withdraw-history' },
  { path: `${D}login/login-phone`, title: 'login', auth: false, mobile: LOGIN_ROUTE },
  { path: `${D}login/login-email`, title: 'emailLogin', auth: false, mobile: '/pages/login/email-login' },
  { path: `${D}login/select-country`, title: 'selectCountry', auth: false, mobile: '/pages/register/select-country' },
  { path: `${D}forgot-password/index`, title: 'forgotPassword', auth: false, mobile: '/pages/forgot-password/index' },
  { path: `${D}register/register-phone`, title: 'register', auth: false, mobile: '/pages/register/index' },
  { path: `${D}register/register-email`, title: 'emailRegister', auth: false, mobile: '/pages/register/email/index' },
  { path: `${D}register/verify-code-phone`, title: 'verifyCode', auth: false, mobile: '/pages/register/verify-code' },
  { path: `${D}register/verify-code-email`, title: 'verifyCode', auth: false, mobile: '/pages/register/email/verify-code' },
  { path: `${D}language/index`, title: 'language', auth: false, mobile: '/pages/profile/language' },
  { path: `${D}kyc/index`, title: 'kyc', auth: true, mobile: '/pages/profile/kyc-verification/index' },
  { path: `${D}settings/change-password`, title: 'changePassword', auth: true, mobile: '/pages/profile/security-center/change-password' },
  { path: `${D}settings/set-fund-password`, title: 'paymentPassword', auth: true, mobile: '/pages/profile/security-center/payment-password' },
  { path: `${D}settings/forgot-fund-password`, title: 'forgotFundPassword', auth: true, mobile: '/pages/profile/security-center/forgot-fund-password' },
  { path: `${D}settings/account`, title: 'accountSettings', auth: true, mobile: '/pages/profile/account-setting/index' },
  { path: `${D}notification/index`, title: 'notifications', auth: true, mobile: '/pages/notification/index' },
  { path: `${D}otc/index`, title: 'otc', auth: true, mobile: '/pages/otc/index' },
  { path: `${D}wallet/index`, title: 'wallet', auth: true, mobile: '/pages/wallet/index' },
];
