import type { Language } from '@app/contract';
import type { Messages } from './en';

/**
 * Each language's strings as a chunk of its own, English included: the entry (main.tsx) loads
 * the stored language's strings with this, before the libraries, to paint the page's first view
 * in them (app/first-view.ts); lib/i18n gets the same chunk through ./index.ts.
 */
const LOADERS: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  zh: () => import('./zh').then((m) => m.zh),
  hk: () => import('./hk').then((m) => m.hk),
  jp: () => import('./jp').then((m) => m.jp),
  kr: () => import('./kr').then((m) => m.kr),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
};

export function loadMessages(language: Language): Promise<Messages> {
  return LOADERS[language]();
}
