import type { Language, Theme } from '@app/contract';
import { syncPreferenceToServer } from '../api/update-user';
import { ensureLanguage } from '../i18n';
import { useSessionStore } from './session-store';

/**
 * Language and theme changes: applied at once (persisted; i18next, the `lang` header and the
 * document follow the store), then saved to the server when logged in. A language's strings are
 * loaded before it is applied, so the UI switches in one step; rejects if they cannot be loaded.
 * The error catalogue's messages of the language load with them, so a form checked right after
 * the switch speaks the new language.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([ensureLanguage(language), loadCatalogMessages(language)]);
  useSessionStore.getState().setLanguage(language);
  syncPreferenceToServer({ language });
}

/**
 * The error catalogue's messages of a language (lib/i18n/catalog.ts, which comes with the forms'
 * chunks, not here: the theme switch is on every desktop page). English stands in if they cannot load.
 */
function loadCatalogMessages(language: Language): Promise<void> {
  return import('../i18n/catalog').then(
    (m) => m.loadCatalogMessages(language),
    () => undefined,
  );
}

export function changeTheme(theme: Theme): void {
  useSessionStore.getState().setTheme(theme);
  syncPreferenceToServer({ theme });
}
