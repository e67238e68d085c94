import { counterpartIn } from '../../lib/routing/counterparts';
import { currentLayout, desktopLayoutEnabled, layoutForWidth } from '../../lib/routing/layout-mode';

/** How long the window must keep its new width before the app relaunches (one relaunch per drag). */
export const RELAUNCH_DEBOUNCE_MS = 300;

/**
 * Relaunches the app (spec §2 "when the mode changes, the application relaunches") when the
 * window crosses the desktop breakpoint: a full load of the counterpart of the page the user is on
 * (lib/routing/counterparts.ts), with its query. Session, language, theme and mode are in
 * localStorage, so they carry over. Debounced: dragging a window edge across the breakpoint and
 * back relaunches at most once, when the drag settles. Does nothing while the desktop layout is off.
 */
export function watchLayoutChanges(): void {
  if (!desktopLayoutEnabled()) return;
  const launched = currentLayout();
  let timer = 0;
  window.addEventListener('resize', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      const next = layoutForWidth(window.innerWidth);
      if (next === launched) return;
      const { pathname, search } = window.location;
      window.location.replace(counterpartIn(next, pathname) + search);
    }, RELAUNCH_DEBOUNCE_MS);
  });
}
