import { HEADER_LANGS, type HeaderLang, type LegalKind, type LegalTranslations } from '@app/contract';
import { legalDe } from './legal-de';
import { legalEn } from './legal-en';
import { legalFr } from './legal-fr';
import { legalIt } from './legal-it';
import { legalJa } from './legal-ja';
import { legalKo } from './legal-ko';
import { legalZh } from './legal-zh';
import { legalZhHk } from './legal-zh-hk';

/** One language's version-1 texts: [title, body], paragraphs separated by line breaks. */
export type LegalSeedTexts = Record<LegalKind, readonly [string, string]>;

const BY_LANG: Record<HeaderLang, LegalSeedTexts> = {
  en: legalEn,
  zh: legalZh,
  'zh-HK': legalZhHk,
  ja: legalJa,
  ko: legalKo,
  de: legalDe,
  fr: legalFr,
  it: legalIt,
};

/** Version 1 of each legal and company text, in every language (docs/content.md "Legal texts"). */
export const LEGAL_SEED = Object.fromEntries(
  (['about', 'company', 'privacy', 'agreement'] as const).map((kind) => [
    kind,
    Object.fromEntries(
      HEADER_LANGS.map((lang) => {
        const [title, body] = BY_LANG[lang][kind];
        return [lang, { title, body }];
      }),
    ) as LegalTranslations,
  ]),
) as Record<LegalKind, LegalTranslations>;
