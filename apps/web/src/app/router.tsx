import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { NotAvailable, NotFound, PageLoadError } from '../components/page-state';
import { desktopCounterpart, mobileCounterpart } from '../lib/routing/counterparts';
import { currentLayout } from '../lib/routing/layout-mode';
import { layoutHomePath } from '../lib/routing/paths';
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

/** A page of the other layout opens its counterpart in this one, keeping the query and state. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, state } = useLocation();
  return <Navigate to={to + search} state={state as unknown} replace />;
}

/** The desktop layout is its own chunk (app/desktop/): a phone never loads it. */
const desktopShell: PageLoader = () => import('./desktop/desktop-shell').then((m) => ({ default: m.DesktopShell }));

function pageElement(path: string, access: { auth: boolean; guest?: boolean }, page: PageLoader | undefined) {
  // Keyed by path: each page gets its own error boundary state.
  const content = page ? <LazyPage key={path} loader={page} /> : <NotAvailable />;
  if (access.auth) return <RequireAuth>{content}</RequireAuth>;
  return access.guest ? <GuestOnly>{content}</GuestOnly> : content;
}

export function buildRoutes(layout = currentLayout()): RouteObject[] {
  const desktop = layout === 'desktop';
  const notFound: RouteObject = {
    path: '*',
    handle: { title: 'notFound', tab: false } satisfies RouteMeta,
    element: <NotFound />,
  };

  // The layout on screen renders its own pages; the other layout's URLs open their counterparts
  // (lib/routing/counterparts.ts), so a desktop window never shows a phone page and back.
  const mobilePages: RouteObject[] = MOBILE_ROUTES.map((r) =>
    desktop
      ? { path: r.path, element: <RedirectKeepingQuery to={desktopCounterpart(r.path)} /> }
      : { path: r.path, handle: { title: r.title, tab: r.tab === true } satisfies RouteMeta, element: pageElement(r.path, r, r.page) },
  );
  const desktopPages: RouteObject[] = DESKTOP_ROUTES.map((r) =>
    desktop
      ? { path: r.path, handle: { title: r.title, tab: false } satisfies RouteMeta, element: pageElement(r.path, r, r.page) }
      : { path: r.path, element: <RedirectKeepingQuery to={mobileCounterpart(r.path)} /> },
  );

  const shell: RouteObject = desktop
    ? { element: <LazyPage loader={desktopShell} />, errorElement: <PageLoadError />, children: [...desktopPages, notFound] }
    : { element: <MobileShell />, errorElement: <PageLoadError />, children: [...mobilePages, notFound] };

  return [
    { path: '/', element: <EntryRedirect /> },
    { path: '/splash', element: <EntryRedirect /> },
    ...(desktop ? mobilePages : desktopPages),
    shell,
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
