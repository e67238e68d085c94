/**
 * Languages of docs/product.md §9. The client-side codes (`jp`, `kr`, `hk`) are what the app stores;
 * the header codes are what travels in `lang` (docs/product.md §7: jp→ja, kr→ko, hk→zh-HK).
 */
export const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const HEADER_LANGS = ['en', 'zh', 'zh-HK', 'ja', 'ko', 'de', 'fr', 'it'] as const;
export type HeaderLang = (typeof HEADER_LANGS)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

const TO_HEADER: Record<Language, HeaderLang> = {
  en: 'en',
  zh: 'zh',
  hk: 'zh-HK',
  jp: 'ja',
  kr: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
};

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kr: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

export function toHeaderLang(lang: Language): HeaderLang {
  return TO_HEADER[lang];
}

/**
 * Reads a `lang` header leniently: accepts header codes, client codes and common variants
 * (`zh-CN`, `zh-TW`, `ja-JP`, any case). Anything else is English.
 */
export function parseHeaderLang(value: string | undefined | null): HeaderLang {
  if (!value) return 'en';
  const v = value.trim().toLowerCase();
  if (v === 'zh-hk' || v === 'hk' || v === 'zh-tw' || v === 'zh-hant') return 'zh-HK';
  if (v === 'jp') return 'ja';
  if (v === 'kr') return 'ko';
  const base = v.split(/[-_]/)[0] ?? '';
  return (HEADER_LANGS as readonly string[]).includes(base) ? (base as HeaderLang) : 'en';
}
