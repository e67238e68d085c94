import {
  PRODUCT_NAME_LANGS,
  PRODUCT_NAME_MAX,
  type HeaderLang,
  type ProductNameLang,
  type ProductNames,
} from '@app/contract';
import type { Problems } from './withdrawal-forms';

/**
 * A financing or loan product's name in every language (issue 34): the English one is required and
 * shown wherever a language has none; the other seven are optional. The forms' checks mirror the
 * contract's (PRODUCT_NAME_MAX each); the server's answer is the last word.
 */

/** The languages as the back office (in English) names them. */
export const LANG_LABELS: Record<HeaderLang, string> = {
  en: 'English',
  zh: 'Chinese (simplified)',
  'zh-HK': 'Chinese (traditional)',
  ja: 'Japanese',
  ko: 'Korean',
  de: 'German',
  fr: 'French',
  it: 'Italian',
};

/** The other languages' names as a form holds them: one text per language, empty when there is none. */
export type NameDrafts = Record<ProductNameLang, string>;
export type NameField = 'name' | `names.${ProductNameLang}`;

export const noNames = (): NameDrafts => Object.fromEntries(PRODUCT_NAME_LANGS.map((l) => [l, ''])) as NameDrafts;

/** A product's names as its form starts. */
export function nameDrafts(names: ProductNames): NameDrafts {
  return { ...noNames(), ...names };
}

/** What is wrong with the names: the English one is required; each at most PRODUCT_NAME_MAX characters. */
export function nameProblems(english: string, names: NameDrafts): Problems<NameField> {
  const out: Problems<NameField> = {};
  const name = english.trim();
  if (!name) out.name = 'Give the product a name in English: every language without its own shows it.';
  else if (name.length > PRODUCT_NAME_MAX) out.name = `The name has at most ${PRODUCT_NAME_MAX} characters.`;
  for (const lang of PRODUCT_NAME_LANGS) {
    if (names[lang].trim().length > PRODUCT_NAME_MAX)
      out[`names.${lang}`] = `The name has at most ${PRODUCT_NAME_MAX} characters.`;
  }
  return out;
}

/** The names a save sends: trimmed, the empty ones left out (those languages show the English name). */
export function namesBody(names: NameDrafts): ProductNames {
  const out: ProductNames = {};
  for (const lang of PRODUCT_NAME_LANGS) {
    const text = names[lang].trim();
    if (text) out[lang] = text;
  }
  return out;
}

/** Which languages a product has a name of its own in, besides English: "Japanese, German", or "English only". */
export function namedIn(names: ProductNames): string {
  const langs = PRODUCT_NAME_LANGS.filter((l) => names[l]);
  return langs.length ? langs.map((l) => LANG_LABELS[l]).join(', ') : 'English only';
}
