import type { ToastKind } from '../lib/feedback/toast';
import './toast.css';

/**
 * The app's toast: one short message at a time, just under the top bar, gone after a moment.
 * Plain DOM, no UI kit (issue 14: the kit's toast brought its animation library to every page,
 * and a toast must also show when the network is gone before any more code could load).
 * The messages go into one polite live region that exists from the start, so screen readers
 * announce each of them.
 */

/** Long enough to read a sentence; errors stay a little longer. */
const DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 2000, error: 3000 };
/** The fade-out (toast.css) before the message leaves the page. */
const FADE_MS = 200;

const SVG_NS = 'http://www.w3.org/2000/svg';

let region: HTMLElement | null = null;
let hideTimer = 0;
let removeTimer = 0;

/** The toasts' live region; main.tsx creates it at start, before any message. */
export function toastRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'app-toast';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return region;
}

function checkIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    width: '36',
    height: '36',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'aria-hidden': 'true',
    class: 'app-toast__icon',
  })) {
    svg.setAttribute(k, v);
  }
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M5 12.5l4.5 4.5L19 7');
  svg.append(path);
  return svg;
}

/** Shows `message` (replacing a toast still on screen). */
export function showToast(message: string, kind: ToastKind): void {
  const host = toastRegion();
  window.clearTimeout(hideTimer);
  window.clearTimeout(removeTimer);
  const main = document.createElement('div');
  main.className = `app-toast__main app-toast__main--${kind}`;
  if (kind === 'success') main.append(checkIcon());
  const text = document.createElement('span');
  text.className = 'app-toast__text';
  text.textContent = message;
  main.append(text);
  host.replaceChildren(main);
  hideTimer = window.setTimeout(() => {
    main.classList.add('app-toast__main--leaving');
    removeTimer = window.setTimeout(() => main.remove(), FADE_MS);
  }, DURATION_MS[kind]);
}
