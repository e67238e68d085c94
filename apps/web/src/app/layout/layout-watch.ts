import { currentLayout, layoutForWidth } from '../../lib/routing/layout-mode';

/** How long the window must keep its new width before the app relaunches (one relaunch per drag). */
export const RELAUNCH_DEBOUNCE_MS = 300;

/**
 * Relaunches the app (docs/product.md §2 "when the mode changes, the application relaunches") when the
 * window crosses the desktop breakpoint: a full load of the same URL, which the new layout's
 * router opens as the counterpart of the page the user was on (app/route-table.ts `mobile`,
 * lib/routing/desktop-counterparts.ts), query kept. Session, language, theme and mode are in localStorage,
 * so they carry over. Debounced: dragging a window edge relaunches once, when the drag settles
 * (and not at all if it ends on the side it started).
 */
export function watchLayoutChanges(): void {
  const launched = currentLayout();
  let timer = 0;
  window.addEventListener('resize', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (layoutForWidth(window.innerWidth) !== launched) window.location.reload();
    }, RELAUNCH_DEBOUNCE_MS);
  });
}
