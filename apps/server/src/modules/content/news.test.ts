import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ADMIN_API,
  API,
  ERRORS,
  type AdminNewsList,
  type Banner,
  type AdminNewsPost,
  type NewsCalendar,
  type NewsDetail,
  type NewsPage,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let ops: TestOperator[];
let support: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SCRYPT_COST: '1024' } });
  ops = [await createOperator(t, 'support'), await createOperator(t, 'finance')];
  support = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
});
afterAll(() => t.close());

const en = {
  title: 'Maintenance on Sunday',
  summary: 'Deposits pause for an hour.',
  body: 'Deposits pause from 02:00 to 03:00 UTC.\n\nWithdrawals continue.',
};
const fr = {
  title: 'Maintenance dimanche',
  summary: 'Les dépôts s’arrêtent une heure.',
  body: 'Les dépôts s’arrêtent de 02:00 à 03:00 UTC.',
};

const save = (body: Record<string, unknown>, token = support) =>
  t.post<AdminNewsPost>(ADMIN_API.news.save, body, { token });
async function publish(over: Record<string, unknown> = {}): Promise<AdminNewsPost> {
  const res = await save({
    kind: 'news',
    translations: { en, fr },
    publishAt: t.clock.now().getTime() - 1000,
    ...over,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
const list = (query = '', lang = 'en') => t.call<NewsPage>('GET', `${API.news.list}${query}`, undefined, { lang });
const detail = (id: string, lang = 'en') =>
  t.call<NewsDetail>('GET', `${API.news.detail}?id=${id}`, undefined, { lang });

describe('news and announcements', () => {
  it("answers a published post in the request's language, English marked as the fallback", async () => {
    const post = await publish();
    expect(post.state).toBe('published');
    const inFr = await list('', 'fr');
    expect(inFr.data.items.find((i) => i.id === post.id)).toMatchObject({
      lang: 'fr',
      fallback: false,
      title: fr.title,
      summary: fr.summary,
      kind: 'news',
    });
    const inDe = await detail(post.id, 'de');
    expect(inDe.data).toMatchObject({ lang: 'en', fallback: true, title: en.title, body: en.body });
    expect((await detail(post.id, 'en')).data.fallback).toBe(false);
    expect((await detail(post.id, 'fr')).data.body).toBe(fr.body);
  });

  it('lists newest first, of one kind when asked, and pages', async () => {
    const older = await publish({ kind: 'announcement', publishAt: t.clock.now().getTime() - 60_000 });
    const newer = await publish({ kind: 'announcement' });
    const page = await list('?kind=announcement&size=1');
    expect(page.data).toMatchObject({ page: 1, size: 1 });
    expect(page.data.total).toBeGreaterThanOrEqual(2);
    expect(page.data.items.map((i) => i.id)).toEqual([newer.id]);
    const all = (await list('?kind=announcement&size=100')).data.items.map((i) => i.id);
    expect(all.indexOf(newer.id)).toBeLessThan(all.indexOf(older.id));
    expect((await list('?kind=news&size=100')).data.items.every((i) => i.kind === 'news')).toBe(true);
  });

  it('hides a scheduled post until its time, and a withdrawn one for good', async () => {
    const scheduled = await publish({ publishAt: t.clock.now().getTime() + 60_000 });
    expect(scheduled.state).toBe('scheduled');
    expect((await detail(scheduled.id)).code).toBe(code('NEWS_NOT_FOUND'));
    expect((await list('?size=100')).data.items.some((i) => i.id === scheduled.id)).toBe(false);
    t.clock.advance(61_000);
    expect((await detail(scheduled.id)).code).toBe(0);
    support = await operatorLogin(t, ops[0]!);
    const withdrawn = await t.post<AdminNewsPost>(ADMIN_API.news.withdraw, { id: scheduled.id }, { token: support });
    expect(withdrawn.data.state).toBe('withdrawn');
    expect((await detail(scheduled.id)).code).toBe(code('NEWS_NOT_FOUND'));
    expect((await list('?size=100')).data.items.some((i) => i.id === scheduled.id)).toBe(false);
    expect((await t.post(ADMIN_API.news.withdraw, { id: scheduled.id }, { token: support })).code).toBe(
      code('NEWS_ALREADY_WITHDRAWN'),
    );
    const actions = rowsOf(
      await t.ctx.db.execute(sql`SELECT action FROM audit_log WHERE target_id = ${scheduled.id} ORDER BY id`),
    ).map((r) => r.action);
    expect(actions).toEqual(['content.news.create', 'content.news.withdraw']);
  });

  it('changes a post (reschedules it) and lists every state in the back office', async () => {
    const post = await publish();
    const changed = await save({
      id: post.id,
      kind: 'announcement',
      translations: { en: { ...en, title: 'Changed' } },
      publishAt: t.clock.now().getTime() + 3_600_000,
    });
    expect(changed.data).toMatchObject({ id: post.id, kind: 'announcement', state: 'scheduled' });
    expect(changed.data.translations.fr).toBeUndefined();
    const admin = await t.call<AdminNewsList>('GET', `${ADMIN_API.news.list}?size=100`, undefined, { token: support });
    expect(admin.data.items.find((i) => i.id === post.id)?.translations.en?.title).toBe('Changed');
  });

  it('requires English, a title and body per language, a path image and an app or https link', async () => {
    const now = t.clock.now().getTime();
    expect((await save({ kind: 'news', translations: { fr }, publishAt: now })).code).toBe(
      code('NEWS_ENGLISH_REQUIRED'),
    );
    expect((await save({ kind: 'news', translations: { en: { ...en, body: '  ' } }, publishAt: now })).code).toBe(
      code('NEWS_ENGLISH_REQUIRED'),
    );
    expect((await save({ kind: 'news', translations: { en, fr: { ...fr, title: '' } }, publishAt: now })).code).toBe(
      code('NEWS_TRANSLATION_INVALID'),
    );
    expect((await save({ kind: 'news', translations: { en, xx: fr }, publishAt: now })).code).not.toBe(0);
    expect(
      (await save({ kind: 'news', translations: { en }, image: 'https://evil.example/x.png', publishAt: now })).code,
    ).toBe(code('NEWS_IMAGE_INVALID'));
    expect((await save({ kind: 'news', translations: { en }, link: 'javascript:alert(1)', publishAt: now })).code).toBe(
      code('NEWS_LINK_INVALID'),
    );
    expect((await save({ kind: 'news', translations: { en }, link: '//evil.example', publishAt: now })).code).toBe(
      code('NEWS_LINK_INVALID'),
    );
    // An empty tab of the editor is no translation; an unknown id is not found.
    const ok = await save({
      kind: 'news',
      translations: { en, de: { title: '', summary: '', body: '' } },
      image: '/banners/otc.svg',
      link: '/pages/otc/index',
      publishAt: now,
    });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.translations.de).toBeUndefined();
    expect((await save({ id: crypto.randomUUID(), kind: 'news', translations: { en }, publishAt: now })).code).toBe(
      code('NEWS_NOT_FOUND'),
    );
    expect((await detail('not-an-id')).code).toBe(code('NEWS_NOT_FOUND'));
  });

  it('is written by support and admin only', async () => {
    const res = await save({ kind: 'news', translations: { en }, publishAt: t.clock.now().getTime() }, finance);
    expect(res.code).not.toBe(0);
    expect((await t.call('GET', ADMIN_API.news.list)).code).not.toBe(0);
  });

  it('says the calendar is not configured, and the CSP allows no frame', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.news.calendar });
    expect((res.json() as { data: NewsCalendar }).data.url).toBeNull();
    expect(String(res.headers['content-security-policy'])).not.toMatch(/frame-src|child-src/);
  });
});

describe('the economic calendar, configured', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ env: { ECONOMIC_CALENDAR_URL: 'https://calendar.example.com/widget?theme=dark' } });
  });
  afterAll(() => c.close());

  it('answers its address and allows exactly its origin in frame-src and child-src', async () => {
    const res = await c.app.inject({ method: 'GET', url: API.news.calendar });
    expect((res.json() as { data: NewsCalendar }).data.url).toBe('https://calendar.example.com/widget?theme=dark');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-src https://calendar.example.com;');
    expect(csp).toContain('child-src https://calendar.example.com;');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('home banners', () => {
  it("adds published posts with an image after the shipped banners, in the request's language", async () => {
    const ops = await createOperator(t, 'admin');
    const token = await operatorLogin(t, ops);
    const post = await t.post<AdminNewsPost>(
      ADMIN_API.news.save,
      {
        kind: 'announcement',
        translations: { en, fr },
        image: '/banners/otc.svg',
        publishAt: t.clock.now().getTime() - 1,
      },
      { token },
    );
    expect(post.code, post.msg).toBe(0);
    const banners = await t.call<Banner[]>('GET', `${API.banner.list}?position=home`, undefined, { lang: 'fr' });
    const mine = banners.data.find((b) => b.title === fr.title);
    expect(mine).toMatchObject({ image: '/banners/otc.svg', link: `/pages/news/detail?id=${post.data.id}` });
    expect(banners.data[0]!.id).toBe(1);
    expect(
      (await t.call<Banner[]>('GET', `${API.banner.list}?position=quote`)).data.some((b) => b.title === en.title),
    ).toBe(false);
    await t.post(ADMIN_API.news.withdraw, { id: post.data.id }, { token });
    expect(
      (await t.call<Banner[]>('GET', `${API.banner.list}?position=home`, undefined, { lang: 'fr' })).data.some(
        (b) => b.title === fr.title,
      ),
    ).toBe(false);
  });
});
