import { useSessionStore } from '../../../lib/session/session-store';

/** What the security center shows: whether a fund password is set. */
export function useSecurityStatus() {
  const hasFundPassword = useSessionStore((s) => s.user?.hasFundPassword ?? false);
  return { hasFundPassword };
}
