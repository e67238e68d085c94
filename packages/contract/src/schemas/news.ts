import { Type, type Static } from 'typebox';
import { HEADER_LANGS, type HeaderLang } from '../lang';
import { Envelope, EpochMs, NullableEpochMs, PublicId, PublicIdParam, withError } from './common';
import { AdminPage, AdminPageInfo } from './admin';

/**
 * News and announcements (docs/product.md §7 `news/list`, `news/detail`; docs/content.md "News and
 * announcements"). Operators write a post with a translation per language, English required; a
 * user reads it in their language, or in English marked `fallback` when it has none in it. Bodies
 * are plain text, paragraphs separated by blank lines or line breaks: no HTML.
 */

export const NEWS_KINDS = ['news', 'announcement'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];
export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 500;
export const NEWS_BODY_MAX = 20_000;
/** An image is a path of this site (the CSP shows images from the page's own origin only). */
export const NEWS_IMAGE_PATTERN = '^/(?!/)[A-Za-z0-9._~/%-]*$';
/** A link is an app path or an https address. */
export const NEWS_LINK_PATTERN = '^(/(?!/)[A-Za-z0-9._~/%?=&#-]*|https://[^\\s]+)$';

export const NewsListQuery = Type.Object(
  {
    kind: Type.Optional(Type.Enum(NEWS_KINDS)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type NewsListQuery = Static<typeof NewsListQuery>;

/** A post as a user reads it: in `lang`, the request's language, or English with `fallback: true`. */
export const NewsItem = Type.Object({
  id: PublicId,
  kind: Type.Enum(NEWS_KINDS),
  lang: Type.String({
    description: "the language of title, summary and body: the request's, or en when it has none in it",
  }),
  fallback: Type.Boolean({
    description: "true when the post has no text in the request's language and English is shown",
  }),
  title: Type.String(),
  summary: Type.String(),
  image: Type.Union([Type.String(), Type.Null()], { description: 'a path of this site' }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'an app path or an https URL' }),
  publishAt: EpochMs,
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsPage = Type.Object({
  items: Type.Array(NewsItem),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type NewsPage = Static<typeof NewsPage>;
export const NewsListResponse = Envelope(NewsPage);

export const NewsDetailQuery = Type.Object({ id: PublicIdParam('NEWS_NOT_FOUND') }, { additionalProperties: false });
export const NewsDetail = Type.Object({
  ...NewsItem.properties,
  body: Type.String({ description: 'plain text; paragraphs separated by line breaks' }),
});
export type NewsDetail = Static<typeof NewsDetail>;
export const NewsDetailResponse = Envelope(NewsDetail);

/** Where the economic calendar widget lives (ECONOMIC_CALENDAR_URL), null when not configured. */
export const NewsCalendar = Type.Object({ url: Type.Union([Type.String(), Type.Null()]) });
export type NewsCalendar = Static<typeof NewsCalendar>;
export const NewsCalendarResponse = Envelope(NewsCalendar);

// ----- the back office ---------------------------------------------------------------------------

export const NewsTranslation = Type.Object(
  {
    title: Type.String({ maxLength: NEWS_TITLE_MAX }),
    summary: Type.String({ maxLength: NEWS_SUMMARY_MAX }),
    body: Type.String({
      maxLength: NEWS_BODY_MAX,
      multiline: true,
      description: 'plain text; paragraphs separated by line breaks',
    }),
  },
  { additionalProperties: false },
);
export type NewsTranslation = Static<typeof NewsTranslation>;
/** One translation per header language; `en` is required (checked by the server: NEWS_ENGLISH_REQUIRED). */
export const NewsTranslations = Type.Partial(
  Type.Object(
    Object.fromEntries(HEADER_LANGS.map((l) => [l, NewsTranslation])) as Record<HeaderLang, typeof NewsTranslation>,
  ),
  { additionalProperties: false, ...withError('NEWS_TRANSLATION_INVALID') },
);
export type NewsTranslations = Partial<Record<HeaderLang, NewsTranslation>>;

/** Create (no id) or change a post; a `publishAt` in the future schedules it. */
export const AdminNewsSave = Type.Object(
  {
    id: Type.Optional(PublicIdParam('NEWS_NOT_FOUND')),
    kind: Type.Enum(NEWS_KINDS),
    translations: NewsTranslations,
    image: Type.Optional(
      Type.Union(
        [Type.String({ maxLength: 300, pattern: NEWS_IMAGE_PATTERN, ...withError('NEWS_IMAGE_INVALID') }), Type.Null()],
        withError('NEWS_IMAGE_INVALID'),
      ),
    ),
    link: Type.Optional(
      Type.Union(
        [Type.String({ maxLength: 500, pattern: NEWS_LINK_PATTERN, ...withError('NEWS_LINK_INVALID') }), Type.Null()],
        withError('NEWS_LINK_INVALID'),
      ),
    ),
    publishAt: EpochMs,
  },
  { additionalProperties: false },
);
export type AdminNewsSave = Static<typeof AdminNewsSave>;

export const AdminNewsWithdraw = Type.Object({ id: PublicIdParam('NEWS_NOT_FOUND') }, { additionalProperties: false });
export type AdminNewsWithdraw = Static<typeof AdminNewsWithdraw>;

export const NEWS_STATES = ['scheduled', 'published', 'withdrawn'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const AdminNewsListQuery = Type.Object(
  { ...AdminPage, kind: Type.Optional(Type.Enum(NEWS_KINDS)) },
  { additionalProperties: false },
);
export type AdminNewsListQuery = Static<typeof AdminNewsListQuery>;

export const AdminNewsPost = Type.Object({
  id: PublicId,
  kind: Type.Enum(NEWS_KINDS),
  translations: NewsTranslations,
  image: Type.Union([Type.String(), Type.Null()]),
  link: Type.Union([Type.String(), Type.Null()]),
  publishAt: EpochMs,
  withdrawnAt: NullableEpochMs,
  state: Type.Enum(NEWS_STATES),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type AdminNewsPost = Static<typeof AdminNewsPost>;
export const AdminNewsPostResponse = Envelope(AdminNewsPost);
export const AdminNewsList = Type.Object({ items: Type.Array(AdminNewsPost), ...AdminPageInfo });
export type AdminNewsList = Static<typeof AdminNewsList>;
export const AdminNewsListResponse = Envelope(AdminNewsList);
