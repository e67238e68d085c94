import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, toHeaderLang, type HeaderLang, type Language } from '@app/contract';
import { en, loadLocale } from '../../locales';
import { setNumberLocale } from '../format/number';
import { getSession, useSessionStore } from '../session/session-store';

/** Namespaces a `translation` key is looked up in when `translation` lacks it (i18next.d.ts names them too). */
const FALLBACK_NAMESPACES = ['trade', 'security'] as const;

/** BCP 47 tags for <html lang>, so screen readers pronounce each language correctly. */
const HTML_LANG: Record<Language, string> = {
  en: 'en',
  zh: 'zh-Hans',
  hk: 'zh-Hant-HK',
  jp: 'ja',
  kr: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
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

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = HTML_LANG[language];
  setNumberLocale(HTML_LANG[language]);
}

function hasLanguage(language: Language): boolean {
  return i18n.hasResourceBundle(language, 'translation');
}

/**
 * Makes one language's strings available to i18next (loads its chunk once). Switch only after
 * this resolves, so the UI never shows English or keys in between.
 */
export async function ensureLanguage(language: Language): Promise<void> {
  if (hasLanguage(language)) return;
  const messages = await loadLocale(language);
  i18n.addResourceBundle(language, 'translation', messages, true, true);
}

/**
 * Starts i18next in the stored language: its strings are loaded before this resolves, so
 * render after it (main.tsx) and the first paint is already in that language. If the chunk
 * cannot be loaded, the app starts in English.
 */
export async function initI18n(): Promise<typeof i18n> {
  const stored = currentLanguage();
  const resources: Partial<Record<Language, { translation: typeof en }>> = { en: { translation: en } };
  let language: Language = stored;
  if (stored !== 'en') {
    try {
      resources[stored] = { translation: await loadLocale(stored) };
    } catch {
      language = 'en';
    }
  }
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    // The strings some pages register when their chunk loads (locales/trade.ts, locales/security.ts),
    // looked up under their old keys of `translation` (`t('orders.…')`): off the first route.
    fallbackNS: FALLBACK_NAMESPACES,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLanguage(stored);

  // One source of truth: the session store. i18next and <html lang> follow it. A language
  // whose strings are not loaded yet (changeLanguage in preferences loads them first) switches
  // once they arrive.
  useSessionStore.subscribe((state, previous) => {
    if (state.language === previous.language) return;
    const next = state.language;
    applyDocumentLanguage(next);
    if (hasLanguage(next)) {
      void i18n.changeLanguage(next);
      return;
    }
    ensureLanguage(next).then(
      () => {
        if (currentLanguage() === next) void i18n.changeLanguage(next);
      },
      () => undefined, // Stays in the current words; English fills any gap.
    );
  });
  return i18n;
}

export { i18n };
