import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { NotAvailable, NotFound, PageLoadError } from '../components/page-state';
import { layoutHomePath } from '../lib/routing/paths';
import { MobileShell } from './layout/mobile-shell';
import type { RouteMeta } from './layout/use-route-meta';
import { LazyPage } from './lazy-page';
import { GuestOnly, RequireAuth } from './require-auth';
import { DESKTOP_ROUTES, MOBILE_ROUTES, type PageLoader } from './route-table';

/** '/' and '/splash' open the home of the current layout (docs/product.md §2), keeping any query. */
export function EntryRedirect() {
  const { search } = useLocation();
  return <Navigate to={layoutHomePath() + search} replace />;
}

/** A page of the other layout opens its counterpart in this one, keeping the query and state. */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, state } = useLocation();
  return <Navigate to={to + search} state={state as unknown} replace />;
}

export function pageElement(path: string, access: { auth: boolean; guest?: boolean }, page: PageLoader | undefined) {
  // Keyed by path: each page gets its own error boundary state.
  const content = page ? <LazyPage key={path} loader={page} /> : <NotAvailable />;
  if (access.auth) return <RequireAuth>{content}</RequireAuth>;
  return access.guest ? <GuestOnly>{content}</GuestOnly> : content;
}

export const notFoundRoute: RouteObject = {
  path: '*',
  handle: { title: 'notFound', tab: false } satisfies RouteMeta,
  element: <NotFound />,
};

/**
 * The mobile layout's routes. A desktop URL opens its mobile counterpart (route-table.ts `mobile`):
 * always while the desktop layout is off, and after a relaunch from desktop to mobile. The desktop
 * layout's routes are its own chunk (app/desktop/desktop-routes.tsx).
 */
export function buildRoutes(): RouteObject[] {
  const mobilePages: RouteObject[] = MOBILE_ROUTES.map((r) => ({
    path: r.path,
    handle: { title: r.title, tab: r.tab === true } satisfies RouteMeta,
    element: pageElement(r.path, r, r.page),
  }));
  const desktopRedirects: RouteObject[] = DESKTOP_ROUTES.map((r) => ({
    path: r.path,
    element: <RedirectKeepingQuery to={r.mobile} />,
  }));

  return [
    { path: '/', element: <EntryRedirect /> },
    { path: '/splash', element: <EntryRedirect /> },
    ...desktopRedirects,
    { element: <MobileShell />, errorElement: <PageLoadError />, children: [...mobilePages, notFoundRoute] },
  ];
}

export function createAppRouter(routes: RouteObject[] = buildRoutes()) {
  return createBrowserRouter(routes);
}
