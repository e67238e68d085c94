import { DESKTOP_BREAKPOINT_PX } from '@app/contract';

/**
 * THE switch for the desktop dashboard layout (spec §2 layout rules).
 *
 * When true: a window wider than DESKTOP_BREAKPOINT_PX (1000 px) opens the desktop dashboard
 * (/pages/desktop/dashboard/index), a narrower one the mobile home, and crossing the
 * breakpoint relaunches the app (full reload) in the other layout.
 *
 * It is false until the desktop pages are built (a later issue). While false, every width
 * gets the mobile layout, centred and capped at 450 px, desktop URLs redirect to their
 * mobile counterparts, and nothing relaunches on resize.
 */
export const DESKTOP_LAYOUT_ENABLED = false;

export type LayoutMode = 'mobile' | 'desktop';

export function layoutForWidth(widthPx: number): LayoutMode {
  return DESKTOP_LAYOUT_ENABLED && widthPx > DESKTOP_BREAKPOINT_PX ? 'desktop' : 'mobile';
}

export function currentLayout(): LayoutMode {
  return layoutForWidth(window.innerWidth);
}

/** The desktop pages live under this prefix (spec §2). */
export const DESKTOP_PREFIX = '/pages/desktop/';

export function isDesktopPath(pathname: string): boolean {
  return pathname.startsWith(DESKTOP_PREFIX);
}

/**
 * "The platform is desktop" (spec §8): the desktop layout is what the user is looking at.
 * This is also what the login-origin header reports (WEB when the URL contains "desktop").
 */
export function isDesktopPlatform(): boolean {
  return window.location.pathname.includes('desktop');
}
