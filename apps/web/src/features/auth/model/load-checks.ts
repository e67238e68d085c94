import { toastError } from '../../../lib/feedback/toast';

/** The auth forms' checks (model/checks.ts), loaded once; a failed load is tried again next time. */
type AuthChecks = typeof import('./checks');

let loading: Promise<AuthChecks> | null = null;

export function loadAuthChecks(): Promise<AuthChecks> {
  loading ??= import('./checks').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts loading the checks (a form got focus or a touch): on submit they are there. */
export function warmAuthChecks(): void {
  loadAuthChecks().catch(() => undefined);
}

/** The checks, or null once the user has been told (`failedMessage`) that they could not load. */
export async function authChecksOr(failedMessage: string): Promise<AuthChecks | null> {
  try {
    return await loadAuthChecks();
  } catch {
    toastError(failedMessage);
    return null;
  }
}
