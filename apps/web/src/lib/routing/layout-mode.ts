/**
 * Which layout this launch of the app uses (docs/product.md §2 layout rules): a window wider than
 * DESKTOP_BREAKPOINT (1000 px) gets the desktop layout, a narrower one the mobile layout, and
 * crossing the breakpoint relaunches the app on the counterpart route of the page the user was on
 * (app/layout/layout-watch.ts; the counterparts: app/route-table.ts, lib/routing/desktop-counterparts.ts).
 */
/**
 * The contract's DESKTOP_BREAKPOINT_PX (docs/product.md §2: wider than 1000 px is desktop), written here
 * because this module is in the entry chunk, which must not pull in the contract's constants
 * module (the bundler then splits it and the entry's neighbours into a chunk of their own, and
 * the phone's first route grows); layout-mode.test.ts checks the two agree.
 */
export const DESKTOP_BREAKPOINT = 1000;

export type LayoutMode = 'mobile' | 'desktop';

export function layoutForWidth(widthPx: number): LayoutMode {
  return widthPx > DESKTOP_BREAKPOINT ? 'desktop' : 'mobile';
}

let launched: LayoutMode | undefined;

/**
 * The layout of this launch: decided once, from the window's width when the app starts. The app
 * relaunches when the window crosses the breakpoint, so this is the layout on screen.
 */
export function currentLayout(): LayoutMode {
  launched ??= layoutForWidth(window.innerWidth);
  return launched;
}

/** The desktop pages live under this prefix (docs/product.md §2). */
export const DESKTOP_PREFIX = '/pages/desktop/';

export function isDesktopPath(pathname: string): boolean {
  return pathname.startsWith(DESKTOP_PREFIX);
}

/**
 * "The platform is desktop" (docs/product.md §8): the desktop layout is what the user is looking at, or the
 * URL is a desktop one (docs/product.md §7: the login origin is WEB when the URL contains "desktop").
 */
export function isDesktopPlatform(): boolean {
  return currentLayout() === 'desktop' || window.location.pathname.includes('desktop');
}
