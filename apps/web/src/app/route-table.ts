import type { ComponentType } from 'react';
import { DESKTOP_PATHS, layoutHomePath, PATHS } from '../lib/routing/paths';
import type { Messages } from '../locales';

/**
 * Every route of docs/product.md §2. A route without `page` shows the shared "not available yet"
 * page until a later issue builds it; building a screen means adding its `page` loader (a
 * desktop page: its loader in app/desktop/desktop-routes.tsx, so that it travels with the desktop chunk).
 */
export type RouteTitle = keyof Messages['routes'];
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface MobileRoute {
  path: string;
  title: RouteTitle;
  /** Needs a token; a visitor goes to login and comes back afterwards (docs/product.md §2, §6). */
  auth: boolean;
  /** Log-in and register entry pages: a logged-in user opening one goes home (or where ?redirect= says). */
  guest?: boolean;
  /** One of the five tab pages: the tab bar shows and the top bar has no back button. */
  tab?: boolean;
  page?: PageLoader;
  /** Asks for the page's first data; called with `page` when the app opens at this route (lazily: the entry holds no library). */
  prefetch?: () => void;
}

export interface DesktopRoute {
  /** Full path under /pages/desktop/. */
  path: string;
  title: RouteTitle;
  auth: boolean;
  guest?: boolean;
  /**
   * The same page in the mobile layout: a desktop URL opens it there (while the desktop layout
   * is off, and after a relaunch from desktop to mobile). The other way round is
   * lib/routing/desktop-counterparts.ts. Which desktop pages are built: app/desktop/desktop-routes.tsx.
   */
  mobile: string;
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
const kyc = () => import('../features/kyc');
const recharge = () => import('../features/recharge');
const withdraw = () => import('../features/withdraw');
const loan = () => import('../features/loan');
const financing = () => import('../features/financing');
const appVersion = () => import('../features/app-version');
const help = () => import('../features/help');
const locationPages = () => import('../features/location');
const notification = () => import('../features/notification');
const news = () => import('../features/news');
const support = () => import('../features/support');
const vip = () => import('../features/vip');
const guide = () => import('../features/guide');
const ranking = () => import('../features/ranking');

export const MOBILE_ROUTES: readonly MobileRoute[] = [
  // Home
  {
    path: PATHS.home,
    title: 'home',
    auth: false,
    tab: true,
    page: named(home, 'HomePage'),
    prefetch: () => void import('../features/home/prefetch').then((m) => m.prefetchHome()),
  },
  { path: PATHS.comingSoon, title: 'comingSoon', auth: false, page: named(home, 'ComingSoonPage') },
  // The home shortcuts' pages (issue 34): a visitor sees the tiers, the steps and the rankings, and is asked to log in for their own.
  { path: PATHS.vip, title: 'vip', auth: false, page: named(vip, 'VipPage') },
  { path: PATHS.noviceGuide, title: 'noviceGuide', auth: false, page: named(guide, 'GuidePage') },
  { path: PATHS.ranking, title: 'ranking', auth: false, page: named(ranking, 'RankingPage') },
  // Customer service: a visitor sees the chat's log-in prompt (the conversation is tied to the UID).
  { path: PATHS.customerService, title: 'customerService', auth: false, page: named(support, 'CustomerServicePage') },
  {
    path: PATHS.customerServiceMobile,
    title: 'customerService',
    auth: false,
    page: named(support, 'CustomerServiceMobilePage'),
  },
  { path: PATHS.companyWebsite, title: 'companyWebsite', auth: false, page: named(help, 'CompanyPage') },
  // Assets
  { path: PATHS.assets, title: 'assets', auth: true, tab: true, page: named(assets, 'AssetsPage') },
  { path: PATHS.assetAccount, title: 'assetAccount', auth: true, page: named(assets, 'AccountPage') },
  { path: PATHS.transfer, title: 'transfer', auth: true, page: named(assets, 'TransferPage') },
  { path: PATHS.transferRecords, title: 'transferRecords', auth: true, page: named(assets, 'TransferRecordsPage') },
  { path: PATHS.orderHistory, title: 'orderHistory', auth: true, page: named(trade, 'OrderHistoryPage') },
  // Login, forgot password, register
  { path: PATHS.login, title: 'login', auth: false, guest: true, page: named(auth, 'LoginPhonePage') },
  { path: PATHS.emailLogin, title: 'emailLogin', auth: false, guest: true, page: named(auth, 'LoginEmailPage') },
  { path: PATHS.forgotPassword, title: 'forgotPassword', auth: false, page: named(auth, 'ForgotPasswordPage') },
  { path: PATHS.phoneFind, title: 'phoneFind', auth: false, page: named(auth, 'PhoneFindPage') },
  { path: PATHS.emailFind, title: 'emailFind', auth: false, page: named(auth, 'EmailFindPage') },
  { path: PATHS.register, title: 'register', auth: false, guest: true, page: named(auth, 'RegisterPhonePage') },
  { path: PATHS.verifyCode, title: 'verifyCode', auth: false, page: named(auth, 'PhoneVerifyCodePage') },
  { path: PATHS.selectCountry, title: 'selectCountry', auth: false, page: named(auth, 'SelectCountryPage') },
  {
    path: PATHS.emailRegister,
    title: 'emailRegister',
    auth: false,
    guest: true,
    page: named(auth, 'RegisterEmailPage'),
  },
  { path: PATHS.emailVerifyCode, title: 'verifyCode', auth: false, page: named(auth, 'EmailVerifyCodePage') },
  // Recharge (deposit)
  { path: PATHS.recharge, title: 'recharge', auth: true, page: named(recharge, 'RechargePage') },
  { path: PATHS.rechargeRecords, title: 'rechargeRecords', auth: true, page: named(recharge, 'RechargeRecordsPage') },
  { path: PATHS.rechargeList, title: 'rechargeList', auth: true, page: named(recharge, 'RechargeListPage') },
  // Manage account (financing)
  { path: PATHS.financing, title: 'financing', auth: true, page: named(financing, 'FinancingPage') },
  {
    path: PATHS.financingHistory,
    title: 'financingHistory',
    auth: true,
    page: named(financing, 'FinancingHistoryPage'),
  },
  { path: PATHS.buyFinancing, title: 'buyFinancing', auth: true, page: named(financing, 'BuyFinancingPage') },
  // Withdraw
  { path: PATHS.withdraw, title: 'withdraw', auth: true, page: named(withdraw, 'WithdrawPage') },
  { path: PATHS.withdrawHistory, title: 'withdrawHistory', auth: true, page: named(withdraw, 'WithdrawHistoryPage') },
  { path: PATHS.withdrawAddress, title: 'withdrawAddress', auth: true, page: named(withdraw, 'WithdrawAddressPage') },
  { path: PATHS.createAddress, title: 'createAddress', auth: true, page: named(withdraw, 'CreateAddressPage') },
  {
    path: PATHS.withdrawAddressList,
    title: 'withdrawAddressList',
    auth: true,
    page: named(withdraw, 'WithdrawAddressListPage'),
  },
  // The "this wasn't me" link of a new-address e-mail, opened from a mail client: no login; the desktop layout shows it too.
  { path: PATHS.withdrawFreeze, title: 'withdraw', auth: false, page: named(withdraw, 'WithdrawFreezePage') },
  // Profile
  { path: PATHS.profile, title: 'profile', auth: true, tab: true, page: named(profile, 'ProfilePage') },
  { path: PATHS.kyc, title: 'kyc', auth: true, page: named(kyc, 'KycPage') },
  { path: PATHS.realNameAuth, title: 'realNameAuth', auth: true, page: named(kyc, 'RealNamePage') },
  { path: PATHS.advanceAuth, title: 'advanceAuth', auth: true, page: named(kyc, 'DocumentsPage') },
  { path: PATHS.securityCenter, title: 'securityCenter', auth: true, page: named(security, 'SecurityCenterPage') },
  { path: PATHS.changePassword, title: 'changePassword', auth: true, page: named(security, 'ChangePasswordPage') },
  { path: PATHS.paymentPassword, title: 'paymentPassword', auth: true, page: named(security, 'PaymentPasswordPage') },
  {
    path: PATHS.forgotFundPassword,
    title: 'forgotFundPassword',
    auth: true,
    page: named(security, 'ForgotFundPasswordPage'),
  },
  { path: PATHS.resetPassword, title: 'resetPassword', auth: true, page: named(security, 'ResetPasswordPage') },
  { path: PATHS.accountSettings, title: 'accountSettings', auth: true, page: named(profile, 'AccountSettingsPage') },
  { path: PATHS.nickname, title: 'nickname', auth: true, page: named(profile, 'NicknamePage') },
  { path: PATHS.email, title: 'email', auth: true, page: named(profile, 'EmailPage') },
  { path: PATHS.language, title: 'language', auth: false, page: named(profile, 'LanguagePage') },
  { path: PATHS.helpCenter, title: 'helpCenter', auth: false, page: named(help, 'HelpCenterPage') },
  { path: PATHS.aboutUs, title: 'aboutUs', auth: false, page: named(help, 'AboutUsPage') },
  { path: PATHS.appDownload, title: 'appDownload', auth: false, page: named(appVersion, 'AppDownloadPage') },
  { path: PATHS.appVersion, title: 'appVersion', auth: false, page: named(appVersion, 'VersionPage') },
  // Notifications
  { path: PATHS.notifications, title: 'notifications', auth: true, page: named(notification, 'NotificationsPage') },
  {
    path: PATHS.notificationDetail,
    title: 'notificationDetail',
    auth: true,
    page: named(notification, 'NotificationDetailPage'),
  },
  { path: PATHS.news, title: 'news', auth: false, page: named(news, 'NewsPage') },
  { path: PATHS.newsDetail, title: 'newsDetail', auth: false, page: named(news, 'NewsDetailPage') },
  // Other
  { path: PATHS.quote, title: 'quote', auth: false, tab: true, page: named(market, 'QuotePage') },
  { path: PATHS.privacyPolicy, title: 'privacyPolicy', auth: false, page: named(help, 'PrivacyPolicyPage') },
  { path: PATHS.tradeChart, title: 'tradeChart', auth: false, tab: true, page: named(trade, 'TradeChartPage') },
  { path: PATHS.tradeDetail, title: 'tradeDetail', auth: true, page: named(trade, 'TradeDetailPage') },
  { path: PATHS.search, title: 'search', auth: false, page: named(market, 'SearchPage') },
  { path: PATHS.otc, title: 'otc', auth: true, page: named(otc, 'OtcPage') },
  { path: PATHS.wallet, title: 'wallet', auth: true, page: named(assets, 'WalletPage') },
  // Loans
  { path: PATHS.loan, title: 'loan', auth: true, page: named(loan, 'LoanPage') },
  { path: PATHS.loanApply, title: 'loanApply', auth: true, page: named(loan, 'LoanApplyPage') },
  { path: PATHS.loanHistory, title: 'loanHistory', auth: true, page: named(loan, 'LoanHistoryPage') },
  { path: PATHS.loanRepayments, title: 'loanRepayments', auth: true, page: named(loan, 'LoanRepaymentsPage') },
  { path: PATHS.payLoan, title: 'payLoan', auth: true, page: named(loan, 'PayLoanPage') },
  { path: PATHS.payAllLoans, title: 'payAllLoans', auth: true, page: named(loan, 'PayAllLoansPage') },
  { path: PATHS.paidHistory, title: 'paidHistory', auth: true, page: named(loan, 'PaidHistoryPage') },
  // Built-in pages of the original platform
  {
    path: PATHS.chooseLocation,
    title: 'chooseLocation',
    auth: false,
    page: named(locationPages, 'ChooseLocationPage'),
  },
  { path: PATHS.openLocation, title: 'openLocation', auth: false, page: named(locationPages, 'OpenLocationPage') },
];

export const DESKTOP_ROUTES: readonly DesktopRoute[] = [
  { path: DESKTOP_PATHS.dashboard, title: 'dashboard', auth: false, mobile: PATHS.home },
  { path: DESKTOP_PATHS.trade, title: 'tradeChart', auth: false, mobile: PATHS.tradeChart },
  { path: DESKTOP_PATHS.asset, title: 'assets', auth: true, mobile: PATHS.assets },
  { path: DESKTOP_PATHS.manage, title: 'financing', auth: true, mobile: PATHS.financing },
  { path: DESKTOP_PATHS.buyFinancing, title: 'buyFinancing', auth: true, mobile: PATHS.buyFinancing },
  { path: DESKTOP_PATHS.loan, title: 'loan', auth: true, mobile: PATHS.loan },
  { path: DESKTOP_PATHS.loanApply, title: 'loanApply', auth: true, mobile: PATHS.loanApply },
  { path: DESKTOP_PATHS.loanRepayments, title: 'loanRepayments', auth: true, mobile: PATHS.loanRepayments },
  { path: DESKTOP_PATHS.payLoan, title: 'payLoan', auth: true, mobile: PATHS.payLoan },
  { path: DESKTOP_PATHS.payAllLoans, title: 'payAllLoans', auth: true, mobile: PATHS.payAllLoans },
  { path: DESKTOP_PATHS.recharge, title: 'recharge', auth: true, mobile: PATHS.recharge },
  { path: DESKTOP_PATHS.withdraw, title: 'withdraw', auth: true, mobile: PATHS.withdraw },
  { path: DESKTOP_PATHS.withdrawHistory, title: 'withdrawHistory', auth: true, mobile: PATHS.withdrawHistory },
  { path: DESKTOP_PATHS.loginPhone, title: 'login', auth: false, guest: true, mobile: PATHS.login },
  { path: DESKTOP_PATHS.loginEmail, title: 'emailLogin', auth: false, guest: true, mobile: PATHS.emailLogin },
  { path: DESKTOP_PATHS.selectCountry, title: 'selectCountry', auth: false, mobile: PATHS.selectCountry },
  { path: DESKTOP_PATHS.forgotPassword, title: 'forgotPassword', auth: false, mobile: PATHS.forgotPassword },
  { path: DESKTOP_PATHS.registerPhone, title: 'register', auth: false, guest: true, mobile: PATHS.register },
  { path: DESKTOP_PATHS.registerEmail, title: 'emailRegister', auth: false, guest: true, mobile: PATHS.emailRegister },
  { path: DESKTOP_PATHS.verifyCodePhone, title: 'verifyCode', auth: false, mobile: PATHS.verifyCode },
  { path: DESKTOP_PATHS.verifyCodeEmail, title: 'verifyCode', auth: false, mobile: PATHS.emailVerifyCode },
  { path: DESKTOP_PATHS.language, title: 'language', auth: false, mobile: PATHS.language },
  { path: DESKTOP_PATHS.kyc, title: 'kyc', auth: true, mobile: PATHS.kyc },
  { path: DESKTOP_PATHS.changePassword, title: 'changePassword', auth: true, mobile: PATHS.changePassword },
  { path: DESKTOP_PATHS.setFundPassword, title: 'paymentPassword', auth: true, mobile: PATHS.paymentPassword },
  { path: DESKTOP_PATHS.forgotFundPassword, title: 'forgotFundPassword', auth: true, mobile: PATHS.forgotFundPassword },
  { path: DESKTOP_PATHS.resetPassword, title: 'resetPassword', auth: true, mobile: PATHS.resetPassword },
  { path: DESKTOP_PATHS.account, title: 'accountSettings', auth: true, mobile: PATHS.accountSettings },
  { path: DESKTOP_PATHS.notifications, title: 'notifications', auth: true, mobile: PATHS.notifications },
  { path: DESKTOP_PATHS.news, title: 'news', auth: false, mobile: PATHS.news },
  { path: DESKTOP_PATHS.otc, title: 'otc', auth: true, mobile: PATHS.otc },
  { path: DESKTOP_PATHS.wallet, title: 'wallet', auth: true, mobile: PATHS.wallet },
  { path: DESKTOP_PATHS.appDownload, title: 'appDownload', auth: false, mobile: PATHS.appDownload },
  { path: DESKTOP_PATHS.vip, title: 'vip', auth: false, mobile: PATHS.vip },
  { path: DESKTOP_PATHS.noviceGuide, title: 'noviceGuide', auth: false, mobile: PATHS.noviceGuide },
  { path: DESKTOP_PATHS.ranking, title: 'ranking', auth: false, mobile: PATHS.ranking },
  { path: DESKTOP_PATHS.appVersion, title: 'appVersion', auth: false, mobile: PATHS.appVersion },
];

/**
 * Starts loading the page the app opens at (its code, and its first data where the route names
 * it) before anything renders: main.tsx calls it first, so the page's chunk travels beside the
 * language strings and the first render instead of after them. A page the visitor may not see
 * (it needs a session) is left alone; a failure here is LazyPage's to report when it loads the page.
 */
export function preloadPage(pathname: string, loggedIn: boolean): void {
  const path = pathname === '/' || pathname === '/splash' ? layoutHomePath() : pathname;
  const route = MOBILE_ROUTES.find((r) => r.path === path);
  if (!route?.page || (route.auth && !loggedIn)) return;
  route.page().catch(() => undefined);
  route.prefetch?.();
}
