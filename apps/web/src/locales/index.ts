import type { Language } from '@app/contract';
import { en, type Messages } from './en';
import { loadMessages } from './load';

export type { Messages };
export { en };

/**
 * Every UI string, keyed by the client language code (docs/product.md §9). English (the fallback and the
 * type source) is bundled with the app; each language is its own chunk (./load.ts), loaded only
 * when it is used.
 */
export function loadLocale(language: Language): Promise<Messages> {
  return language === 'en' ? Promise.resolve(en) : loadMessages(language);
}
