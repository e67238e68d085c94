import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS, ERROR_KEYS } from './errors';
import { ERROR_MESSAGES, errorMessage } from './messages/index';
import { HEADER_LANGS, parseHeaderLang } from './lang';
import { renderErrorDocs } from './error-docs';

describe('error catalogue', () => {
  it('gives every error its own code', () => {
    const codes = ERROR_KEYS.map((k) => ERRORS[k].code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ERRORS.SESSION_EXPIRED.code).toBe(301);
  });

  it('has every message in all eight languages, with the same placeholders', () => {
    for (const lang of HEADER_LANGS) {
      for (const k of ERROR_KEYS) {
        const msg = ERROR_MESSAGES[lang][k];
        expect(msg, `${lang} ${k}`).toBeTruthy();
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(msg), `${lang} ${k}`).toEqual(placeholders(ERRORS[k].en));
      }
    }
  });

  it('keeps the docs/product.md §5 and §8 messages word for word in English', () => {
    expect(errorMessage('PASSWORD_TOO_SHORT', 'en')).toBe('Password can not be less than 6 characters');
    expect(errorMessage('PASSWORDS_MISMATCH', 'en')).toBe('Passwords inconsistent');
    expect(errorMessage('PHONE_INVALID', 'en')).toBe('Incorrect phone number format');
    expect(errorMessage('FIELD_REQUIRED', 'en')).toBe('This field is required');
    expect(errorMessage('IMAGE_TOO_LARGE', 'en')).toBe('Your picture is bigger than 5M, Please change');
    expect(errorMessage('RESEND_TOO_SOON', 'en')).toBe('Please resend after 60 seconds');
    expect(errorMessage('ACCOUNT_NOT_FOUND', 'en')).toBe('This account does not exist');
    expect(errorMessage('ACCOUNT_EXISTS', 'en')).toBe('This account already exists');
    expect(errorMessage('LOGIN_LOCKED', 'en', { minutes: 3 })).toBe(
      'Too many failed attempts, please try again in 3 minutes',
    );
  });

  it('maps the lang header as docs/product.md §7 says', () => {
    expect(parseHeaderLang('jp')).toBe('ja');
    expect(parseHeaderLang('kr')).toBe('ko');
    expect(parseHeaderLang('hk')).toBe('zh-HK');
    expect(parseHeaderLang('zh-HK')).toBe('zh-HK');
    expect(parseHeaderLang('de-CH')).toBe('de');
    expect(parseHeaderLang('xx')).toBe('en');
    expect(parseHeaderLang(undefined)).toBe('en');
  });

  it('matches docs/error-codes.md (regenerate with npm run docs:errors)', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/error-codes.md'), 'utf8');
    expect(doc).toBe(renderErrorDocs());
  });
});
