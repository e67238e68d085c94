import type { Language } from '@app/contract';
import { en, type Messages } from './en';

export type { Messages };
export { en };

/**
 * Every UI string, keyed by the client language code (spec §9). English (the fallback and the
 * type source) is bundled; each other language is its own chunk, loaded only when it is used.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  zh: () => import('./zh').then((m) => m.zh),
  hk: () => import('./hk').then((m) => m.hk),
  jp: () => import('./jp').then((m) => m.jp),
  kr: () => import('./kr').then((m) => m.kr),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
};

/** The UI strings of one language (English at once, any other from its chunk). */
export function loadLocale(language: Language): Promise<Messages> {
  return language === 'en' ? Promise.resolve(en) : LOADERS[language]();
}
