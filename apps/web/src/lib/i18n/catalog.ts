import { ERRORS, interpolate, type ErrorKey, type ErrorMessages, type Language } from '@app/contract';
import { currentLanguage } from '.';

/**
 * The API error catalogue's messages, for the forms that check input before sending it, which
 * import this module: English (the catalogue itself, always there) and the current language's,
 * loaded once it is needed (about 2 KB gzip each, a chunk per language, like locales/). The first
 * route does not need them (the server sends its messages already localized), so they stay out of
 * lib/i18n/index.ts.
 *
 * The current language's messages start loading with this module, that is with the first page that
 * has a form, and a language switch loads the new language's before it applies it
 * (lib/session/preferences.ts). Until they arrive the messages are English.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<ErrorMessages>> = {
  zh: () => import('@app/contract/messages/zh').then((m) => m.zh),
  hk: () => import('@app/contract/messages/zh-HK').then((m) => m.zhHK),
  jp: () => import('@app/contract/messages/ja').then((m) => m.ja),
  kr: () => import('@app/contract/messages/ko').then((m) => m.ko),
  de: () => import('@app/contract/messages/de').then((m) => m.de),
  fr: () => import('@app/contract/messages/fr').then((m) => m.fr),
  it: () => import('@app/contract/messages/it').then((m) => m.it),
};

const loaded = new Map<Language, ErrorMessages>();
const loading = new Map<Language, Promise<void>>();

/**
 * Loads the messages of a language, by default the current one (once; English needs nothing).
 * Never rejects: if they cannot be loaded they stay English, and the next call tries again.
 */
export function loadCatalogMessages(language: Language = currentLanguage()): Promise<void> {
  if (language === 'en' || loaded.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]()
      .then(
        (messages) => void loaded.set(language, messages),
        () => undefined,
      )
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

void loadCatalogMessages();

/**
 * The localized message of an API error-catalogue key, exactly the words the server uses.
 * English while the current language's messages have not arrived (or a translation is missing).
 */
export function catalogMessage(key: ErrorKey, params?: Record<string, string | number>): string {
  const template = loaded.get(currentLanguage())?.[key] || ERRORS[key].en;
  return interpolate(template, params);
}

/** The same once the current language's messages are there: for a message shown after a wait anyway. */
export async function loadedCatalogMessage(key: ErrorKey, params?: Record<string, string | number>): Promise<string> {
  await loadCatalogMessages();
  return catalogMessage(key, params);
}
