import type { Language, Theme } from '@app/contract';
import { syncPreferenceToServer } from '../api/update-user';
import { ensureLanguage } from '../i18n';
import { useSessionStore } from './session-store';

/**
 * Language and theme changes: applied at once (persisted; i18next, the `lang` header and the
 * document follow the store), then saved to the server when logged in. A language's strings are
 * loaded before it is applied, so the UI switches in one step; rejects if they cannot be loaded.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  useSessionStore.getState().setLanguage(language);
  syncPreferenceToServer({ language });
}

export function changeTheme(theme: Theme): void {
  useSessionStore.getState().setTheme(theme);
  syncPreferenceToServer({ theme });
}
