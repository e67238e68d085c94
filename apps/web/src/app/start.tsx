/**
 * The app itself, loaded by main.tsx: the libraries, the router, the language, the first render.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadKitLocale } from './antd-mobile-locale';
import { installFeedback } from './feedback';
import { watchLayoutChanges } from './layout/layout-watch';
import { Providers } from './providers';
import { loadDesktopLayout } from './desktop-layout';
import { buildRoutes, createAppRouter } from './router';
import { currentLayout } from '../lib/routing/layout-mode';
import { initI18n } from '../lib/i18n';
import { registerNavigate } from '../lib/routing/navigation';
import { installNetworkToasts } from '../lib/feedback/network-status';
import { getSession } from '../lib/session/session-store';
import { initTheme } from '../lib/session/theme';
import { nextTask } from '../lib/browser/after-paint';

/** When the update check's code loads (features/app-version/update-watch.ts). */
const UPDATE_CHECK_AFTER_MS = 3000;

// Order matters: toasts are routed before anything can toast; language and theme before the
// first render (the stored language's strings load first: no English flash).
installFeedback();
initTheme();
watchLayoutChanges();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The desktop layout's routes are their own chunk (main.tsx has already asked for it).
const routes =
  currentLayout() === 'desktop'
    ? loadDesktopLayout().then((m) => m.buildDesktopRoutes())
    : Promise.resolve(buildRoutes());

// The UI kit's texts of a stored language other than English load beside the app's. The router
// is created a task after this module's start-up: matching the address against every route
// compiles their patterns, 15-25 ms here (four times that on a slow phone), and the two together
// were one task that held the trade chart's visitor (issue 34).
void Promise.all([routes, initI18n(), loadKitLocale(getSession().language)])
  .then(nextTask)
  .then(([routeObjects]) => {
    const router = createAppRouter(routeObjects);
    registerNavigate((to, options) => {
      void router.navigate(to, options);
    });
    installNetworkToasts(); // Its toasts speak the loaded language.
    // The notice stream follows the session (one per browser, shared by its tabs); its code is not the first route's.
    void import('../lib/notices/lifecycle').then(
      (m) => m.installNoticeStream(),
      () => undefined,
    );
    // The update check (a new web deployment, or the installed app's update), out of the first page's way:
    // its code a few seconds after the start, its first question when the browser is idle.
    window.setTimeout(() => {
      void import('../features/app-version/update-watch').then(
        (m) => m.installUpdateWatch(),
        () => undefined,
      );
    }, UPDATE_CHECK_AFTER_MS);
    const root = createRoot(rootElement);
    // A transition: React renders the app in slices and lets the browser breathe between them,
    // instead of one long task that holds up everything else on a slow phone.
    startTransition(() => {
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
  });
