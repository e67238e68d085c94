import { toastError } from '../../../lib/feedback/toast';
import { i18n } from '../../../lib/i18n';
import type * as AuthChecksModule from './checks';

/** The auth forms' checks (model/checks.ts), loaded once; a failed load is tried again next time. */
type AuthChecks = typeof AuthChecksModule;

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

/**
 * The checks, or null once the user has been told they could not load: offline in the words of
 * every request made offline (the API client's), else as a page whose code failed to load.
 */
export async function authChecksOrToast(): Promise<AuthChecks | null> {
  try {
    return await loadAuthChecks();
  } catch {
    toastError(i18n.t(navigator.onLine ? 'pageState.errorText' : 'network.offline'));
    return null;
  }
}
