import {
  HEADER_LANGS,
  NEWS_BODY_MAX,
  NEWS_IMAGE_PATTERN,
  NEWS_LINK_PATTERN,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type AdminNewsPost,
  type AdminNewsSave,
  type HeaderLang,
  type NewsKind,
  type NewsState,
  type NewsTranslations,
} from '@app/contract';
import { localInputToMs, msToLocalInput } from './format';

/**
 * The back office's news and announcements (docs/content.md) in plain words: the editor's draft,
 * its checks mirroring the server's (NEWS_ENGLISH_REQUIRED, NEWS_TRANSLATION_INVALID,
 * NEWS_IMAGE_INVALID, NEWS_LINK_INVALID) and the body it sends. The server has the last word.
 */

export const LANG_LABELS: Record<HeaderLang, string> = {
  en: 'English',
  zh: '简体中文',
  'zh-HK': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};
export const KIND_LABELS: Record<NewsKind, string> = { news: 'News', announcement: 'Announcement' };
export const STATE_LABELS: Record<NewsState, string> = {
  scheduled: 'Scheduled',
  published: 'Published',
  withdrawn: 'Withdrawn',
};

export interface TextDraft {
  title: string;
  summary: string;
  body: string;
}
export interface NewsDraft {
  kind: NewsKind;
  texts: Record<HeaderLang, TextDraft>;
  image: string;
  link: string;
  /** `datetime-local` value; empty: now. */
  publishAt: string;
}

const emptyText = (): TextDraft => ({ title: '', summary: '', body: '' });

export function newNewsDraft(): NewsDraft {
  return {
    kind: 'news',
    texts: Object.fromEntries(HEADER_LANGS.map((l) => [l, emptyText()])) as Record<HeaderLang, TextDraft>,
    image: '',
    link: '',
    publishAt: '',
  };
}

export function newsDraft(post: AdminNewsPost): NewsDraft {
  const texts = Object.fromEntries(HEADER_LANGS.map((l) => [l, { ...emptyText(), ...post.translations[l] }])) as Record<
    HeaderLang,
    TextDraft
  >;
  return {
    kind: post.kind,
    texts,
    image: post.image ?? '',
    link: post.link ?? '',
    publishAt: msToLocalInput(post.publishAt),
  };
}

/** Whether a language's tab has anything written in it. */
export const hasText = (t: TextDraft) => Boolean(t.title.trim() || t.summary.trim() || t.body.trim());

export type NewsProblems = {
  fields: Partial<Record<'image' | 'link' | 'publishAt', string>>;
  texts: Partial<Record<HeaderLang, string>>;
};

export function newsProblems(d: NewsDraft): NewsProblems {
  const fields: NewsProblems['fields'] = {};
  const texts: NewsProblems['texts'] = {};
  for (const lang of HEADER_LANGS) {
    const t = d.texts[lang];
    if (lang !== 'en' && !hasText(t)) continue;
    if (!t.title.trim() || !t.body.trim())
      texts[lang] =
        lang === 'en'
          ? 'English needs a title and a text (the fallback of every language).'
          : 'A language needs a title and a text, or nothing at all.';
    else if (t.title.length > NEWS_TITLE_MAX || t.summary.length > NEWS_SUMMARY_MAX || t.body.length > NEWS_BODY_MAX)
      texts[lang] =
        `At most ${NEWS_TITLE_MAX} characters of title, ${NEWS_SUMMARY_MAX} of summary and ${NEWS_BODY_MAX} of text.`;
  }
  if (d.image.trim() && !new RegExp(NEWS_IMAGE_PATTERN).test(d.image.trim()))
    fields.image = 'A path of this site starting with /, for example /banners/otc.svg.';
  if (d.link.trim() && !new RegExp(NEWS_LINK_PATTERN).test(d.link.trim()))
    fields.link = 'An app page starting with / or an https:// address.';
  if (d.publishAt && localInputToMs(d.publishAt) === undefined) fields.publishAt = 'A date and time, or empty for now.';
  return { fields, texts };
}

export const hasNewsProblems = (p: NewsProblems) => Object.keys(p.fields).length + Object.keys(p.texts).length > 0;

/** The save body: languages left empty are not sent; an empty publish time is `now`. */
export function newsBody(d: NewsDraft, now: number, id?: string): AdminNewsSave {
  const translations: NewsTranslations = {};
  for (const lang of HEADER_LANGS) {
    const t = d.texts[lang];
    if (lang === 'en' || hasText(t))
      translations[lang] = { title: t.title.trim(), summary: t.summary.trim(), body: t.body.trim() };
  }
  return {
    ...(id ? { id } : {}),
    kind: d.kind,
    translations,
    image: d.image.trim() || null,
    link: d.link.trim() || null,
    publishAt: (d.publishAt ? localInputToMs(d.publishAt) : undefined) ?? now,
  };
}
