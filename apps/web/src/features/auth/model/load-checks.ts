import { toastError } from '../../../lib/feedback/toast';
import { i18n } from '../../../lib/i18n';
import type * as AuthChecksModule from './checks';

/**
 * The auth forms' checks (model/checks.ts), loaded once; a failed load is tried again next time.
 * They resolve once the error catalogue's messages of the current language are there too (or could
 * not be loaded: English then), so a submit never shows an English message to a French user.
 */
type AuthChecks = typeof AuthChecksModule;

let loading: Promise<AuthChecks> | null = null;

export async function loadAuthChecks(): Promise<AuthChecks> {
  loading ??= import('./checks').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const checks = await loading;
  // The language may have changed since the checks loaded: wait for the current one's messages.
  await checks.loadCatalogMessages();
  return checks;
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
