import type { HeaderLang } from '../lang';
import { ERRORS, ERROR_KEYS, interpolate, type ErrorKey, type ErrorMessages } from '../errors';
import { de } from './de';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { zh } from './zh';
import { zhHK } from './zh-HK';

const en = Object.fromEntries(ERROR_KEYS.map((k) => [k, ERRORS[k].en])) as ErrorMessages;

export const ERROR_MESSAGES: Record<HeaderLang, ErrorMessages> = {
  en,
  zh,
  'zh-HK': zhHK,
  ja,
  ko,
  de,
  fr,
  it,
};

/** The message of an error in a language, placeholders filled. */
export function errorMessage(key: ErrorKey, lang: HeaderLang, params?: Record<string, string | number>): string {
  return interpolate(ERROR_MESSAGES[lang][key], params);
}
