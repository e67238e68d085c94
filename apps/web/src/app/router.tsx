import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { NotAvailable, NotFound, PageLoadError } from '../components/page-state';
import { DESKTOP_LAYOUT_ENABLED } from '../lib/routing/layout-mode';
import { layoutHomePath } from '../lib/routing/paths';
import { DesktopShell } from './layout/desktop-shell';
import { MobileShell } from './layout/mobile-shell';
import type { RouteMeta } from './layout/use-route-meta';
import { LazyPage } from './lazy-page';
import { GuestOnly, RequireAuth } from './require-auth';
import { DESKTOP_ROUTES, MOBILE_ROUTES, type PageLoader } from './route-table';

/** '/' and '/splash' open the home of the current layout (spec §2), keeping any query. */
function EntryRedirect() {
  const { search } = useLocation();
  return <Navigate to={layoutHomePath() + search} replace />;
}

/** While the desktop layout is off, a desktop URL opens the same page in the mobile layout. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={to + search} replace />;
}

function pageElement(path: string, access: { auth: boolean; guest?: boolean }, page: PageLoader | undefined) {
  // Keyed by path: each page gets its own error boundary state.
  const content = page ? <LazyPage key={path} loader={page} /> : <NotAvailable />;
  if (access.auth) return <RequireAuth>{content}</RequireAuth>;
  return access.guest ? <GuestOnly>{content}</GuestOnly> : content;
}

export function buildRoutes(): RouteObject[] {
  const mobilePages: RouteObject[] = MOBILE_ROUTES.map((r) => ({
    path: r.path,
    handle: { title: r.title, tab: r.tab === true } satisfies RouteMeta,
    element: pageElement(r.path, r, r.page),
  }));

  const desktopPages: RouteObject[] = DESKTOP_ROUTES.map((r) =>
    DESKTOP_LAYOUT_ENABLED
      ? { path: r.path, handle: { title: r.title, tab: false } satisfies RouteMeta, element: pageElement(r.path, r, r.page) }
      : { path: r.path, element: <RedirectKeepingQuery to={r.mobile} /> },
  );

  const notFound: RouteObject = {
    path: '*',
    handle: { title: 'notFound', tab: false } satisfies RouteMeta,
    element: <NotFound />,
  };

  return [
    { path: '/', element: <EntryRedirect /> },
    { path: '/splash', element: <EntryRedirect /> },
    {
      element: <MobileShell />,
      errorElement: <PageLoadError />,
      children: [...mobilePages, ...(DESKTOP_LAYOUT_ENABLED ? [] : desktopPages), notFound],
    },
    ...(DESKTOP_LAYOUT_ENABLED
      ? [{ element: <DesktopShell />, errorElement: <PageLoadError />, children: desktopPages }]
      : []),
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
