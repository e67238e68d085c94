import { useSessionStore } from '../../../lib/session/session-store';
import { useBanners } from '../api/get-banners';

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
