import { useEffect, useState } from 'react';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Language } from '@app/contract';

/** The UI kit's built-in texts (its "Confirm", "Loading", ...) in one language. */
export type KitLocale = typeof enUS;

/** English is bundled; each other language is a chunk loaded when it is used, like locales/. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: KitLocale }>> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  it: () => import('antd-mobile/es/locales/it-IT'),
};

const loaded = new Map<Language, KitLocale>([['en', enUS]]);

/** Loads the kit's texts of a language (once). English stands in if the chunk cannot load. */
export async function loadKitLocale(language: Language): Promise<KitLocale> {
  const known = loaded.get(language);
  if (known) return known;
  try {
    const locale = (await LOADERS[language as Exclude<Language, 'en'>]()).default;
    loaded.set(language, locale);
    return locale;
  } catch {
    return enUS;
  }
}

/** The kit's texts of `language`: English until its chunk has arrived (main.tsx loads it before the first render). */
export function useKitLocale(language: Language): KitLocale {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (loaded.has(language)) return;
    let live = true;
    void loadKitLocale(language).then(() => {
      if (live) setArrived((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded.get(language) ?? enUS;
}
