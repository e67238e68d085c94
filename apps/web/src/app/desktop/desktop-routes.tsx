import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoadError } from '../../components/page-state';
import { desktopCounterpart } from '../../lib/routing/desktop-counterparts';
import type { RouteMeta } from '../layout/use-route-meta';
import { DESKTOP_PATHS } from '../../lib/routing/paths';
import { DESKTOP_ROUTES, MOBILE_ROUTES, type PageLoader } from '../route-table';
import { EntryRedirect, notFoundRoute, pageElement, RedirectKeepingQuery } from '../router';
import { desktopCard } from './desktop-card';
import { DesktopShell } from './desktop-shell';

const auth = () => import('../../features/auth');
const profile = () => import('../../features/profile');
/** The trading dashboard, its own chunk: the markets, chart, book, order entry, orders and account panels. */
const dashboard: PageLoader = () => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }));

/** A feature's page (its chunk, shared with the mobile layout) as a desktop page (./desktop-card.tsx). */
function page<M>(load: () => Promise<M>, key: keyof M, wide = false): PageLoader {
  return () => load().then((m) => ({ default: desktopCard(m[key] as ComponentType, wide) }));
}

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
  [DESKTOP_PATHS.language]: page(profile, 'LanguagePage'),
};

/**
 * The desktop layout's routes (spec §2's 30 desktop routes), in the desktop shell. A mobile URL
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
  const mobileRedirects: RouteObject[] = MOBILE_ROUTES.map((r) => ({
    path: r.path,
    element: <RedirectKeepingQuery to={desktopCounterpart(r.path)} />,
  }));
  return [
    { path: '/', element: <EntryRedirect /> },
    { path: '/splash', element: <EntryRedirect /> },
    ...mobileRedirects,
    { element: <DesktopShell />, errorElement: <PageLoadError />, children: [...desktopPages, notFoundRoute] },
  ];
}
