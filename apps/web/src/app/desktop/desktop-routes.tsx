import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoadError } from '../../components/page-state';
import { desktopCounterpart } from '../../lib/routing/desktop-counterparts';
import type { RouteMeta } from '../layout/use-route-meta';
import { DESKTOP_PATHS, PATHS } from '../../lib/routing/paths';
import { DESKTOP_ROUTES, MOBILE_ROUTES, type PageLoader } from '../route-table';
import { EntryRedirect, notFoundRoute, pageElement, RedirectKeepingQuery } from '../router';
import { desktopCard } from './desktop-card';
import { DesktopShell } from './desktop-shell';
import { settingsPage } from './settings-layout';
import { useSessionStore } from '../../lib/session/session-store';

const auth = () => import('../../features/auth');
const profile = () => import('../../features/profile');
const security = () => import('../../features/security');
// The features' desktop-only pages: their own entry files, so the mobile chunks never carry them.
const assetsDesk = () => import('../../features/assets/desktop-pages');
const otcDesk = () => import('../../features/otc/desktop-pages');
const profileDesk = () => import('../../features/profile/desktop-pages');
const authDesk = () => import('../../features/auth/desktop-pages');
const kycDesk = () => import('../../features/kyc/desktop-pages');
const rechargeDesk = () => import('../../features/recharge/desktop-pages');
const withdrawDesk = () => import('../../features/withdraw/desktop-pages');
const loanDesk = () => import('../../features/loan/desktop-pages');
const financingDesk = () => import('../../features/financing/desktop-pages');
const appVersion = () => import('../../features/app-version');
const locationPages = () => import('../../features/location');
const notificationDesk = () => import('../../features/notification/desktop-pages');
const newsDesk = () => import('../../features/news/desktop-pages');
const supportDesk = () => import('../../features/support/desktop-pages');
const helpPages = () => import('../../features/help');
const vipDesk = () => import('../../features/vip/desktop-pages');
const guideDesk = () => import('../../features/guide/desktop-pages');
const rankingDesk = () => import('../../features/ranking/desktop-pages');
/** The trading dashboard, its own chunk: the markets, chart, book, order entry, orders and account panels. */
const dashboard: PageLoader = () => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }));

/** A feature's page (its chunk, shared with the mobile layout) as a desktop page (./desktop-card.tsx). */
function page<M>(load: () => Promise<M>, key: keyof M, wide = false): PageLoader {
  return () => load().then((m) => ({ default: desktopCard(m[key] as ComponentType, wide) }));
}

/** A feature's desktop page, filling the desktop frame. */
function full<M>(load: () => Promise<M>, key: keyof M): PageLoader {
  return () => load().then((m) => ({ default: m[key] as ComponentType }));
}

/** A settings page in the settings layout (./settings-layout.tsx); `panel` false for a page with its own panels. */
function settings<M>(load: () => Promise<M>, key: keyof M, panel = true): PageLoader {
  return () => load().then((m) => ({ default: settingsPage(m[key] as ComponentType, panel) }));
}

let languagePage: ComponentType | undefined;
/** Language: a settings page for a signed-in user, the account forms' card for a visitor (it needs no session). */
const language: PageLoader = () =>
  profile().then((m) => {
    if (!languagePage) {
      const Card = desktopCard(m.LanguagePage);
      const InSettings = settingsPage(m.LanguagePage);
      const LanguageDeskPage = () => (useSessionStore((st) => st.token !== null) ? <InSettings /> : <Card />);
      languagePage = LanguageDeskPage;
    }
    return { default: languagePage };
  });

/** The desktop pages built so far; every other desktop route says "not available yet" in the desktop frame. */
export const DESKTOP_PAGES: Partial<Record<string, PageLoader>> = {
  [DESKTOP_PATHS.dashboard]: dashboard,
  [DESKTOP_PATHS.trade]: dashboard,
  [DESKTOP_PATHS.loginPhone]: page(auth, 'LoginPhonePage'),
  [DESKTOP_PATHS.loginEmail]: page(auth, 'LoginEmailPage'),
  [DESKTOP_PATHS.selectCountry]: page(auth, 'SelectCountryPage', true),
  [DESKTOP_PATHS.registerPhone]: page(auth, 'RegisterPhonePage'),
  [DESKTOP_PATHS.registerEmail]: page(auth, 'RegisterEmailPage'),
  [DESKTOP_PATHS.verifyCodePhone]: page(auth, 'PhoneVerifyCodePage'),
  [DESKTOP_PATHS.verifyCodeEmail]: page(auth, 'EmailVerifyCodePage'),
  [DESKTOP_PATHS.language]: language,
  [DESKTOP_PATHS.forgotPassword]: page(authDesk, 'ForgotPasswordDeskPage', true),
  [DESKTOP_PATHS.asset]: full(assetsDesk, 'AssetDeskPage'),
  [DESKTOP_PATHS.wallet]: full(assetsDesk, 'WalletDeskPage'),
  [DESKTOP_PATHS.otc]: full(otcDesk, 'OtcDeskPage'),
  [DESKTOP_PATHS.account]: settings(profileDesk, 'AccountDeskPage', false),
  [DESKTOP_PATHS.kyc]: settings(kycDesk, 'KycDeskPage', false),
  [DESKTOP_PATHS.recharge]: full(rechargeDesk, 'RechargeDeskPage'),
  [DESKTOP_PATHS.withdraw]: full(withdrawDesk, 'WithdrawDeskPage'),
  [DESKTOP_PATHS.withdrawHistory]: full(withdrawDesk, 'WithdrawHistoryDeskPage'),
  [DESKTOP_PATHS.loan]: full(loanDesk, 'LoanDeskPage'),
  [DESKTOP_PATHS.loanApply]: full(loanDesk, 'LoanApplyDeskPage'),
  [DESKTOP_PATHS.loanRepayments]: full(loanDesk, 'LoanRepaymentsDeskPage'),
  [DESKTOP_PATHS.payLoan]: full(loanDesk, 'PayLoanDeskPage'),
  [DESKTOP_PATHS.payAllLoans]: full(loanDesk, 'PayAllLoansDeskPage'),
  [DESKTOP_PATHS.manage]: full(financingDesk, 'FinancingDeskPage'),
  [DESKTOP_PATHS.buyFinancing]: full(financingDesk, 'BuyFinancingDeskPage'),
  [DESKTOP_PATHS.notifications]: full(notificationDesk, 'NotificationDeskPage'),
  [DESKTOP_PATHS.news]: full(newsDesk, 'NewsDeskPage'),
  [DESKTOP_PATHS.changePassword]: settings(security, 'ChangePasswordPage'),
  [DESKTOP_PATHS.setFundPassword]: settings(security, 'PaymentPasswordPage'),
  [DESKTOP_PATHS.forgotFundPassword]: settings(security, 'ForgotFundPasswordPage'),
  [DESKTOP_PATHS.resetPassword]: settings(security, 'ResetPasswordPage'),
  [DESKTOP_PATHS.appDownload]: settings(appVersion, 'AppDownloadPage', false),
  [DESKTOP_PATHS.appVersion]: settings(appVersion, 'VersionPage', false),
  [DESKTOP_PATHS.vip]: full(vipDesk, 'VipDeskPage'),
  [DESKTOP_PATHS.noviceGuide]: full(guideDesk, 'GuideDeskPage'),
  [DESKTOP_PATHS.ranking]: full(rankingDesk, 'RankingDeskPage'),
};

/**
 * The desktop layout's routes (docs/product.md §2's 30 desktop routes), in the desktop shell. A mobile URL
 * opens its desktop counterpart (lib/routing/desktop-counterparts.ts), so links the features write
 * with mobile paths, and a relaunch from mobile to desktop, land on desktop pages: a desktop
 * window never shows a phone page. A route without a desktop page yet says "not available yet"
 * inside the desktop frame.
 */
export function buildDesktopRoutes(): RouteObject[] {
  const desktopPages: RouteObject[] = DESKTOP_ROUTES.map((r) => ({
    path: r.path,
    handle: { title: r.title, tab: false } satisfies RouteMeta,
    element: pageElement(r.path, r, DESKTOP_PAGES[r.path]),
  }));
  // The freeze link of a new-address e-mail opens the same page in either layout; customer service
  // (docs/product.md §2 lists no desktop route for it) shows its chat in the desktop frame at the same URLs.
  const supportPage = full(supportDesk, 'SupportDeskPage');
  const deskLinkPages: Partial<Record<string, PageLoader>> = {
    [PATHS.customerService]: supportPage,
    [PATHS.customerServiceMobile]: supportPage,
    // The built-in location pages (docs/product.md §2 lists them without a layout): the same page, in a desktop card.
    [PATHS.chooseLocation]: page(locationPages, 'ChooseLocationPage', true),
    [PATHS.openLocation]: page(locationPages, 'OpenLocationPage', true),
    // The helper centre and the legal and company texts (docs/product.md §2 lists no desktop routes for them): the same pages, in a wide desktop card.
    [PATHS.helpCenter]: page(helpPages, 'HelpCenterPage', true),
    [PATHS.aboutUs]: page(helpPages, 'AboutUsPage', true),
    [PATHS.privacyPolicy]: page(helpPages, 'PrivacyPolicyPage', true),
    [PATHS.companyWebsite]: page(helpPages, 'CompanyPage', true),
  };
  const isLinkPage = (path: string) => path === PATHS.withdrawFreeze || path in deskLinkPages;
  const linkPages: RouteObject[] = MOBILE_ROUTES.filter((r) => isLinkPage(r.path)).map((r) => ({
    path: r.path,
    handle: { title: r.title, tab: false } satisfies RouteMeta,
    element: pageElement(r.path, r, deskLinkPages[r.path] ?? r.page),
  }));
  const mobileRedirects: RouteObject[] = MOBILE_ROUTES.filter((r) => !isLinkPage(r.path)).map((r) => ({
    path: r.path,
    element: <RedirectKeepingQuery to={desktopCounterpart(r.path)} />,
  }));
  return [
    { path: '/', element: <EntryRedirect /> },
    { path: '/splash', element: <EntryRedirect /> },
    ...mobileRedirects,
    {
      element: <DesktopShell />,
      errorElement: <PageLoadError />,
      children: [...desktopPages, ...linkPages, notFoundRoute],
    },
  ];
}
