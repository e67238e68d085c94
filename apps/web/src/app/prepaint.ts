import { DESKTOP_ROUTES, MOBILE_ROUTES } from './route-table';
import { currentLayout, isDesktopPath } from '../lib/routing/layout-mode';
import { HOME_PATH, PATHS, TAB_PATHS } from '../lib/routing/paths';

/**
 * The mobile shell painted by the entry before any library has loaded (issue 14): the frame, the
 * top bar and, on the tab pages, the tab bar, in the app's own classes (styles/components.css,
 * already loaded with the page) and the stored theme. It holds no text, so it is right in every
 * language: the title and the tab labels come with the app, which replaces the whole of #root on
 * its first render (React clears the container it mounts into). Hidden from assistive technology
 * and without controls: nothing in it can be used before the app runs.
 *
 * Its icons are those of components/icons.tsx, as markup (a test compares the two). On the home,
 * quote, trade chart and login pages the entry then paints the page's first view into it (app/first-view.ts).
 */
export const PREPAINT_ICONS = {
  back: '<path d="M15 5l-7 7 7 7"></path>',
  home: '<path d="M3 10.5L12 3l9 7.5"></path><path d="M5 9.5V21h5v-6h4v6h5V9.5"></path>',
  quote: '<path d="M3 17l5-5 4 4 8-9"></path><path d="M15 7h5v5"></path>',
  trade:
    '<path d="M7 3v4M7 17v4M17 3v6M17 17v4"></path><rect x="4.5" y="7" width="5" height="10" rx="1"></rect><rect x="14.5" y="9" width="5" height="8" rx="1"></rect>',
  asset:
    '<rect x="3" y="6" width="18" height="14" rx="2.5"></rect><path d="M3 10h18"></path><path d="M16 15h2"></path><path d="M6 6l9-3 1.5 3"></path>',
  profile: '<circle cx="12" cy="8" r="4"></circle><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"></path>',
} as const;

/** The tab bar's order (components/tab-bar.tsx). */
const TABS = [
  [TAB_PATHS.home, 'home'],
  [TAB_PATHS.quote, 'quote'],
  [TAB_PATHS.trade, 'trade'],
  [TAB_PATHS.asset, 'asset'],
  [TAB_PATHS.profile, 'profile'],
] as const;

const svg = (shape: string) =>
  `<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${shape}</svg>`;

/**
 * Which shell the app will show at this path: the tab bar (with the active tab's path), the back
 * button, or none (the desktop layout, whose shell this does not draw). The route guards are
 * followed as the app follows them: a page that needs a session sends a visitor to login, a guest
 * page sends a logged-in user home.
 */
export function prepaintShell(pathname: string, loggedIn: boolean): { tab: string } | { back: true } | null {
  if (currentLayout() === 'desktop') return null;
  let path = pathname === '/' || pathname === '/splash' ? HOME_PATH : pathname;
  if (isDesktopPath(path)) {
    const desktop = DESKTOP_ROUTES.find((r) => r.path === path);
    if (!desktop) return { back: true };
    path = desktop.mobile;
  }
  const route = MOBILE_ROUTES.find((r) => r.path === path);
  if (!route) return { back: true }; // The "not found" page.
  if (route.auth && !loggedIn) return { back: true }; // Login.
  if (route.guest && loggedIn) return { tab: HOME_PATH };
  return route.tab ? { tab: route.path } : { back: true };
}

/** The pages whose first view the entry paints into the shell (app/first-view.ts, app/first-view-trade.ts). */
export type FirstViewPage = 'home' | 'quote' | 'trade' | 'login';

/** Which first view the entry paints at this path, given the shell painted there. */
export function firstViewPage(pathname: string, shell: { tab: string } | { back: true } | null): FirstViewPage | null {
  if (!shell) return null;
  // Log in by phone or e-mail: the same header. The back-button shell: a logged-in user is sent home.
  if ('back' in shell) return pathname === PATHS.login || pathname === PATHS.emailLogin ? 'login' : null;
  const path = pathname === '/' || pathname === '/splash' ? HOME_PATH : pathname;
  if (path === HOME_PATH && shell.tab === HOME_PATH) return 'home';
  if (path === TAB_PATHS.quote && shell.tab === TAB_PATHS.quote) return 'quote';
  if (path === TAB_PATHS.trade && shell.tab === TAB_PATHS.trade) return 'trade';
  return null;
}

/** The shell's markup for `prepaintShell`'s answer. */
export function prepaintMarkup(shell: { tab: string } | { back: true }): string {
  const back = 'back' in shell ? `<span class="icon-button">${svg(PREPAINT_ICONS.back)}</span>` : '';
  const top = `<div class="top-bar"><div class="top-bar__side">${back}</div><div class="top-bar__title"></div><div class="top-bar__side top-bar__side--end"></div></div>`;
  const tabs =
    'tab' in shell
      ? `<div class="tab-bar">${TABS.map(
          ([path, icon]) =>
            `<span class="tab-bar__item${path === shell.tab ? ' is-active' : ''}">${svg(PREPAINT_ICONS[icon])}<span class="tab-bar__label">&nbsp;</span></span>`,
        ).join('')}</div>`
      : '';
  return `<div class="app-frame${'tab' in shell ? ' app-frame--tabs' : ''}" aria-hidden="true">${top}<div class="app-main"></div>${tabs}</div>`;
}

/**
 * Paints the shell into #root unless the app has already rendered there; returns the shell's
 * answer and element (app/first-view.ts paints into it), or null when nothing was painted.
 */
export function prepaint(
  root: HTMLElement,
  pathname: string,
  loggedIn: boolean,
): { shell: { tab: string } | { back: true }; element: HTMLElement } | null {
  const shell = prepaintShell(pathname, loggedIn);
  if (!shell || root.firstChild) return null;
  root.innerHTML = prepaintMarkup(shell);
  return root.firstElementChild instanceof HTMLElement ? { shell, element: root.firstElementChild } : null;
}
