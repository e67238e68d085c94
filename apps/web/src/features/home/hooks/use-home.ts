import { useSessionStore } from '../../../lib/session/session-store';
import { useBanners } from '../api/get-banners';
import { useShortcuts } from '../api/get-shortcuts';
import { FALLBACK_SHORTCUTS, shortcutsFrom, type Shortcut } from '../components/shortcuts';

/** Who the home page greets: the logged-in user's nickname, or null for a visitor. */
export function useHomeGreeting() {
  const user = useSessionStore((s) => s.user);
  const loggedIn = useSessionStore((s) => s.token !== null);
  return { loggedIn, nickname: loggedIn && user ? user.nickname : null };
}

/** The home banners, turning on their own unless there is one or the user asks for less motion. */
export function useHomeBanners() {
  const { data, isPending } = useBanners('home');
  const loggedIn = useSessionStore((s) => s.token !== null);
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  // A sign-up banner leads a logged-in user to its member link instead (never to register).
  const banners = (data ?? []).map((b) => (loggedIn && b.memberLink ? { ...b, link: b.memberLink } : b));
  return { banners, loading: isPending, autoplay: !reducedMotion && banners.length > 1, loop: banners.length > 1 };
}

/**
 * The shortcut grid from the server's configuration (docs/content.md "Home shortcuts"); null while it
 * loads (the grid keeps its place empty rather than show a shortcut an operator hid), the default
 * shortcuts if it cannot be read.
 */
export function useHomeShortcuts(): readonly Shortcut[] | null {
  const { data, isError } = useShortcuts();
  if (data) return shortcutsFrom(data);
  return isError ? FALLBACK_SHORTCUTS : null;
}
