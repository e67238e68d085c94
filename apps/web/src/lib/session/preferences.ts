import type { Language, Theme } from '@app/contract';
import { syncPreferenceToServer } from '../api/update-user';
import { useSessionStore } from './session-store';

/**
 * Language and theme changes: applied at once (persisted; i18next, the `lang` header and the
 * document follow the store), then saved to the server when logged in.
 */
export function changeLanguage(language: Language): void {
  useSessionStore.getState().setLanguage(language);
  syncPreferenceToServer({ language });
}

export function changeTheme(theme: Theme): void {
  useSessionStore.getState().setTheme(theme);
  syncPreferenceToServer({ theme });
}
