import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  HEADER_LANGS,
  HELP_CATEGORIES,
  LEGAL_KINDS,
  type AdminHelpArticle,
  type AdminLegalVersion,
  type HelpArticle,
  type HelpArticleList,
  type HelpCategoryCount,
  type LegalAcceptance,
  type LegalDocument,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import { HELP_SEED } from './seed/help';
import { LEGAL_SEED } from './seed/legal';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let support: string;
let compliance: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { OTP_DAILY_PER_IP: '10000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SCRYPT_COST: '1024' },
  });
  const [s, c] = [await createOperator(t, 'support'), await createOperator(t, 'compliance')];
  support = await operatorLogin(t, s);
  compliance = await operatorLogin(t, c);
});
afterAll(() => t.close());

describe('the seed', () => {
  it('has every help category and every legal kind in all 8 languages, no field empty', () => {
    for (const category of HELP_CATEGORIES)
      expect(HELP_SEED.filter((a) => a.category === category).length, category).toBeGreaterThanOrEqual(2);
    const texts = [...HELP_SEED.map((a) => a.translations), ...LEGAL_KINDS.map((k) => LEGAL_SEED[k])];
    for (const tr of texts) {
      for (const lang of HEADER_LANGS) {
        const text = tr[lang];
        expect(text?.title.trim(), `${lang}: ${tr.en.title}`).toBeTruthy();
        expect(text?.body.trim(), `${lang}: ${tr.en.title}`).toBeTruthy();
        // The API refuses control characters other than line breaks; the seed obeys the same rule.
        expect([...(text!.title + text!.body)].some((ch) => (ch < ' ' && ch !== '\n') || ch === '\u007f')).toBe(false);
      }
    }
    // The risk of seconds contracts is told in every language of the agreement and the about page.
    expect(LEGAL_SEED.agreement.en.body).toMatch(/Most retail traders of seconds contracts lose money/);
    expect(LEGAL_SEED.about.en.body).toMatch(/Most retail traders of such contracts lose money/);
  });

  it('is written once: the API shows every category with its articles, in the request language', async () => {
    const cats = await t.call<HelpCategoryCount[]>('GET', API.help.categories);
    expect(cats.code).toBe(0);
    expect(cats.data.map((c) => c.category)).toEqual([...HELP_CATEGORIES]);
    for (const c of cats.data) expect(c.count).toBe(HELP_SEED.filter((a) => a.category === c.category).length);
    const list = await t.call<HelpArticleList>('GET', `${API.help.list}?category=contracts`, undefined, { lang: 'ja' });
    expect(list.data.items.map((i) => [i.lang, i.fallback])).toEqual([
      ['ja', false],
      ['ja', false],
    ]);
    const detail = await t.call<HelpArticle>('GET', `${API.help.detail}?id=${list.data.items[1]!.id}`, undefined, {
      lang: 'ja',
    });
    expect(detail.data.body).toContain('大半');
    // A second service over the same database finds the articles there and adds none.
    const again = await t.call<HelpCategoryCount[]>('GET', API.help.categories);
    expect(again.data).toEqual(cats.data);
    const missing = await t.call('GET', `${API.help.detail}?id=00000000-0000-4000-8000-000000000000`);
    expect([missing.status, missing.code]).toEqual([404, code('HELP_ARTICLE_NOT_FOUND')]);
  });
});

describe('search', () => {
  const search = (q: string, lang = 'en') =>
    t.call<HelpArticleList>('GET', `${API.help.search}?q=${encodeURIComponent(q)}`, undefined, { lang });

  it('finds articles by words of the request language, case-insensitive, title matches first', async () => {
    const r = await search('WITHDRAW fund');
    expect(r.code).toBe(0);
    expect(r.data.items.length).toBeGreaterThan(0);
    expect(r.data.items[0]!.title.toLowerCase()).toContain('withdraw');
    const de = await search('auszahlung', 'de');
    expect(de.data.items.some((i) => i.category === 'withdrawals' && i.lang === 'de')).toBe(true);
    const zh = await search('秒合约', 'zh');
    expect(zh.data.items.some((i) => i.category === 'contracts')).toBe(true);
  });

  it('takes LIKE characters literally and answers nothing rather than everything', async () => {
    expect((await search('a%z')).data.items).toEqual([]);
    expect((await search('90 %')).data.items.some((i) => i.category === 'contracts')).toBe(true);
    expect((await search('_')).data.items).toEqual([]);
    expect((await search('\\')).data.items).toEqual([]);
    const tooLong = await search('x'.repeat(101));
    expect(tooLong.code).toBe(code('INVALID_PARAMETER'));
  });
});

describe('legal texts', () => {
  it('serve the current version in the request language, and a version that does not exist answers 2231', async () => {
    for (const kind of LEGAL_KINDS) {
      const r = await t.call<LegalDocument>('GET', `${API.legal.document}?kind=${kind}`, undefined, { lang: 'fr' });
      expect(r.code).toBe(0);
      expect([r.data.version, r.data.currentVersion, r.data.lang, r.data.fallback]).toEqual([1, 1, 'fr', false]);
    }
    const none = await t.call('GET', `${API.legal.document}?kind=privacy&version=7`);
    expect(none.code).toBe(code('LEGAL_DOCUMENT_NOT_FOUND'));
  });

  it('registration records the current agreement and privacy policy; a new version is published and the user still sees version 1 accepted', async () => {
    const user = await registerByEmail(t);
    const mine = async () =>
      (await t.call<{ items: LegalAcceptance[] }>('GET', API.legal.acceptances, undefined, { token: user.token })).data
        .items;
    const first = await mine();
    const agreement = first.find((a) => a.kind === 'agreement')!;
    expect(agreement).toMatchObject({ currentVersion: 1, acceptedVersion: 1 });
    expect(agreement.acceptedAt).toBe(t.clock.now().getTime());
    expect(first.find((a) => a.kind === 'privacy')).toMatchObject({ acceptedVersion: 1 });
    expect(first.find((a) => a.kind === 'about')).toMatchObject({ acceptedVersion: null, acceptedAt: null });

    // Support may not publish legal texts; compliance may, with English required.
    const body = {
      kind: 'agreement',
      translations: {
        en: { title: 'User agreement', body: 'Version two.\nSecond paragraph.' },
        de: { title: 'Nutzungsvereinbarung', body: 'Version zwei.' },
      },
    };
    expect((await t.post(ADMIN_API.legal.publish, body, { token: support })).code).toBe(
      code('OPERATOR_ROLE_FORBIDDEN'),
    );
    expect(
      (
        await t.post(
          ADMIN_API.legal.publish,
          { kind: 'agreement', translations: { de: body.translations.de } },
          { token: compliance },
        )
      ).code,
    ).toBe(code('FIELD_REQUIRED'));
    t.clock.advance(60_000);
    const v2 = await t.post<AdminLegalVersion>(ADMIN_API.legal.publish, body, { token: compliance });
    expect(v2.code, v2.msg).toBe(0);
    expect(v2.data.version).toBe(2);

    const after = (await mine()).find((a) => a.kind === 'agreement')!;
    expect(after).toMatchObject({ currentVersion: 2, acceptedVersion: 1, acceptedAt: agreement.acceptedAt });
    const doc = await t.call<LegalDocument>('GET', `${API.legal.document}?kind=agreement`, undefined, { lang: 'it' });
    expect(doc.data).toMatchObject({ version: 2, lang: 'en', fallback: true, body: 'Version two.\nSecond paragraph.' });
    const old = await t.call<LegalDocument>('GET', `${API.legal.document}?kind=agreement&version=1`, undefined, {
      lang: 'it',
    });
    expect(old.data).toMatchObject({
      version: 1,
      currentVersion: 2,
      lang: 'it',
      title: LEGAL_SEED.agreement.it!.title,
    });

    // Accepting: only the current version.
    expect((await t.post(API.legal.accept, { kind: 'agreement', version: 1 }, { token: user.token })).code).toBe(
      code('LEGAL_VERSION_NOT_CURRENT'),
    );
    const accepted = await t.post<LegalAcceptance>(
      API.legal.accept,
      { kind: 'agreement', version: 2 },
      { token: user.token },
    );
    expect(accepted.data).toMatchObject({ currentVersion: 2, acceptedVersion: 2, acceptedAt: t.clock.now().getTime() });
    expect((await t.post(API.legal.accept, { kind: 'agreement', version: 2 })).code).toBe(code('SESSION_EXPIRED'));

    // A new user accepts version 2 at registration; the back office counts acceptances per version.
    const newer = await registerByEmail(t);
    const theirs = (
      await t.call<{ items: LegalAcceptance[] }>('GET', API.legal.acceptances, undefined, { token: newer.token })
    ).data.items;
    expect(theirs.find((a) => a.kind === 'agreement')!.acceptedVersion).toBe(2);
    const versions = await t.call<{ items: AdminLegalVersion[] }>(
      'GET',
      `${ADMIN_API.legal.versions}?kind=agreement`,
      undefined,
      { token: compliance },
    );
    expect(versions.data.items.map((v) => [v.version, v.acceptances, v.publishedBy === null])).toEqual([
      [2, 2, false],
      [1, 1, true],
    ]);
  });
});

describe('the back office', () => {
  it('support writes, changes and unpublishes help articles; users see only published ones', async () => {
    const save = {
      category: 'fees',
      sort: 50,
      published: true,
      translations: { en: { title: 'Zebra fee test', body: 'One.\nTwo.' }, zh: { title: '斑马', body: '一' } },
    };
    expect((await t.post(ADMIN_API.help.save, save, { token: compliance })).code).toBe(code('OPERATOR_ROLE_FORBIDDEN'));
    const created = await t.post<AdminHelpArticle>(ADMIN_API.help.save, save, { token: support });
    expect(created.code, created.msg).toBe(0);
    const found = await t.call<HelpArticleList>('GET', `${API.help.search}?q=zebra`, undefined, { lang: 'ko' });
    expect(found.data.items).toEqual([
      { id: created.data.id, category: 'fees', title: 'Zebra fee test', lang: 'en', fallback: true },
    ]);
    const changed = await t.post<AdminHelpArticle>(
      ADMIN_API.help.save,
      { ...save, id: created.data.id, translations: { en: { title: 'Zebra fee test 2', body: 'Three.' } } },
      { token: support },
    );
    expect(changed.data.translations).toEqual({ en: { title: 'Zebra fee test 2', body: 'Three.' } });
    const off = await t.post<AdminHelpArticle>(
      ADMIN_API.help.publish,
      { id: created.data.id, published: false },
      { token: support },
    );
    expect(off.data.published).toBe(false);
    expect((await t.call<HelpArticleList>('GET', `${API.help.search}?q=zebra`)).data.items).toEqual([]);
    expect((await t.call('GET', `${API.help.detail}?id=${created.data.id}`)).code).toBe(code('HELP_ARTICLE_NOT_FOUND'));
    const all = await t.call<{ items: AdminHelpArticle[] }>('GET', `${ADMIN_API.help.list}?category=fees`, undefined, {
      token: support,
    });
    expect(all.data.items.some((a) => a.id === created.data.id && !a.published)).toBe(true);
  });
});
