import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  ERRORS,
  errorMessage,
  LANGUAGES,
  toHeaderLang,
  type ErrorKey,
  type HeaderLang,
  type Language,
} from '@app/contract';
import { LOCALES } from '../../locales';
import { setNumberLocale } from '../format/number';
import { getSession, useSessionStore } from '../session/session-store';

/** BCP 47 tags for <html lang>, so screen readers pronounce each language correctly. */
const HTML_LANG: Record<Language, string> = {
  en: 'en', zh: 'zh-Hans', hk: 'zh-Hant-HK', jp: 'ja', kr: 'ko', de: 'de', fr: 'fr', it: 'it',
};

/** The BCP 47 tag of a client language code (for <html lang>, Intl). */
export function htmlLang(language: Language): string {
  return HTML_LANG[language];
}

export function currentLanguage(): Language {
  return getSession().language;
}

/** The `lang` header value of the current language (jp→ja, kr→ko, hk→zh-HK). */
export function currentHeaderLang(): HeaderLang {
  return toHeaderLang(currentLanguage());
}

/**
 * The localized message of an API error-catalogue key, exactly the words the server uses.
 * Falls back to English while a translation is missing from the contract package.
 */
export function catalogMessage(key: ErrorKey, params?: Record<string, string | number>): string {
  try {
    const message = errorMessage(key, currentHeaderLang(), params);
    if (message) return message;
  } catch {
    // A missing translation: fall through to English.
  }
  return errorMessage(key, 'en', params) || ERRORS[key].en;
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
  setNumberLocale(HTML_LANG[language]);
}

export function initI18n(): typeof i18n {
  const language = currentLanguage();
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: LOCALES[l] }])),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLanguage(language);

  // One source of truth: the session store. i18next and <html lang> follow it.
  useSessionStore.subscribe((state, previous) => {
    if (state.language !== previous.language) {
      void i18n.changeLanguage(state.language);
      applyDocumentLanguage(state.language);
    }
  });
  return i18n;
}

export { i18n };
