import { currentLayout, DESKTOP_LAYOUT_ENABLED, layoutForWidth } from '../../lib/routing/layout-mode';

/**
 * Relaunches the app (full reload at '/', which opens the mode's home) when the window
 * crosses the desktop breakpoint (spec §2). Does nothing while the desktop layout is off.
 */
export function watchLayoutChanges(): void {
  if (!DESKTOP_LAYOUT_ENABLED) return;
  const initial = currentLayout();
  let frame = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (layoutForWidth(window.innerWidth) !== initial) window.location.replace('/');
    });
  });
}
