import { HEADER_LANGS, type HeaderLang, type HelpCategory, type HelpTranslations } from '@app/contract';
import { helpDe } from './help-de';
import { helpEn } from './help-en';
import { helpFr } from './help-fr';
import { helpIt } from './help-it';
import { helpJa } from './help-ja';
import { helpKo } from './help-ko';
import { helpZh } from './help-zh';
import { helpZhHk } from './help-zh-hk';

/** The seeded articles, in order within their category (docs/content.md "Helper centre"). */
export const HELP_SEED_KEYS = [
  'registration.register',
  'registration.passwords',
  'deposits.deposit',
  'deposits.minimums',
  'withdrawals.withdraw',
  'withdrawals.limits',
  'contracts.what',
  'contracts.risk',
  'demo.what',
  'demo.switch',
  'kyc.stages',
  'kyc.review',
  'loans.apply',
  'loans.repay',
  'financing.what',
  'financing.interest',
  'fees.list',
  'fees.never',
] as const satisfies readonly `${HelpCategory}.${string}`[];

export type HelpSeedKey = (typeof HELP_SEED_KEYS)[number];
/** One language's seed texts: [title, body], paragraphs separated by line breaks. */
export type HelpSeedTexts = Record<HelpSeedKey, readonly [string, string]>;

const BY_LANG: Record<HeaderLang, HelpSeedTexts> = {
  en: helpEn,
  zh: helpZh,
  'zh-HK': helpZhHk,
  ja: helpJa,
  ko: helpKo,
  de: helpDe,
  fr: helpFr,
  it: helpIt,
};

export const HELP_SEED: { category: HelpCategory; sort: number; translations: HelpTranslations }[] = HELP_SEED_KEYS.map(
  (key, i) => {
    const category = key.split('.')[0] as HelpCategory;
    const translations = Object.fromEntries(
      HEADER_LANGS.map((lang) => {
        const [title, body] = BY_LANG[lang][key];
        return [lang, { title, body }];
      }),
    ) as HelpTranslations;
    return { category, sort: 10 * (i - HELP_SEED_KEYS.findIndex((k) => k.startsWith(`${category}.`))), translations };
  },
);
