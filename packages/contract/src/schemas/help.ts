import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, PublicId, PublicIdParam } from './common';
import { HEADER_LANGS } from '../lang';

/**
 * The helper centre (issue 20, docs/content.md "Helper centre"): short articles by category, in
 * every language (English required, the fallback of the others), written and published by
 * operators; seeded with real help for this product.
 */

export const HELP_CATEGORIES = [
  'registration',
  'deposits',
  'withdrawals',
  'contracts',
  'demo',
  'kyc',
  'loans',
  'financing',
  'fees',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];
export const HelpCategorySchema = Type.Enum(HELP_CATEGORIES);

export const HELP_TITLE_MAX = 200;
export const HELP_BODY_MAX = 20_000;
export const HELP_QUERY_MAX = 100;
/** The most articles one search answers. */
export const HELP_SEARCH_LIMIT = 50;

const Lang = Type.Enum(HEADER_LANGS, { description: 'the language of the text shown' });
const Fallback = Type.Boolean({
  description: 'true when the article has no text in the request language and English is shown',
});

export const HelpCategoryCount = Type.Object({
  category: HelpCategorySchema,
  count: Type.Integer({ minimum: 0, description: 'published articles' }),
});
export const HelpCategoriesResponse = Envelope(Type.Array(HelpCategoryCount));
export type HelpCategoryCount = Static<typeof HelpCategoryCount>;

export const HelpArticleSummary = Type.Object({
  id: PublicId,
  category: HelpCategorySchema,
  title: Type.String(),
  lang: Lang,
  fallback: Fallback,
});
export type HelpArticleSummary = Static<typeof HelpArticleSummary>;
export const HelpArticleList = Type.Object({ items: Type.Array(HelpArticleSummary) });
export type HelpArticleList = Static<typeof HelpArticleList>;
export const HelpArticleListResponse = Envelope(HelpArticleList);

export const HelpListQuery = Type.Object({ category: HelpCategorySchema }, { additionalProperties: false });
export type HelpListQuery = Static<typeof HelpListQuery>;

export const HelpSearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: HELP_QUERY_MAX,
      description:
        'words looked for in titles and bodies, case-insensitive, in the request language (English for articles without it)',
    }),
  },
  { additionalProperties: false },
);
export type HelpSearchQuery = Static<typeof HelpSearchQuery>;

export const HelpDetailQuery = Type.Object(
  { id: PublicIdParam('HELP_ARTICLE_NOT_FOUND') },
  { additionalProperties: false },
);
export type HelpDetailQuery = Static<typeof HelpDetailQuery>;

export const HelpArticle = Type.Object({
  ...HelpArticleSummary.properties,
  body: Type.String({ description: 'paragraphs separated by line breaks (plain text)' }),
  updatedAt: EpochMs,
});
export type HelpArticle = Static<typeof HelpArticle>;
export const HelpArticleResponse = Envelope(HelpArticle);

/* ----- The back office ----- */

export const HelpText = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: HELP_TITLE_MAX }),
    body: Type.String({
      minLength: 1,
      maxLength: HELP_BODY_MAX,
      multiline: true,
      description: 'paragraphs separated by line breaks (plain text)',
    }),
  },
  { additionalProperties: false },
);
export type HelpText = Static<typeof HelpText>;

/** A text per language; English is required. */
export const HelpTranslations = Type.Object(
  {
    en: HelpText,
    zh: Type.Optional(HelpText),
    'zh-HK': Type.Optional(HelpText),
    ja: Type.Optional(HelpText),
    ko: Type.Optional(HelpText),
    de: Type.Optional(HelpText),
    fr: Type.Optional(HelpText),
    it: Type.Optional(HelpText),
  },
  { additionalProperties: false },
);
export type HelpTranslations = Static<typeof HelpTranslations>;

export const AdminHelpArticle = Type.Object({
  id: PublicId,
  category: HelpCategorySchema,
  sort: Type.Integer(),
  published: Type.Boolean(),
  translations: HelpTranslations,
  updatedAt: EpochMs,
});
export type AdminHelpArticle = Static<typeof AdminHelpArticle>;
export const AdminHelpListQuery = Type.Object(
  { category: Type.Optional(HelpCategorySchema) },
  { additionalProperties: false },
);
export type AdminHelpListQuery = Static<typeof AdminHelpListQuery>;
export const AdminHelpListResponse = Envelope(Type.Object({ items: Type.Array(AdminHelpArticle) }));
export const AdminHelpArticleResponse = Envelope(AdminHelpArticle);

export const HelpArticleSave = Type.Object(
  {
    /** Absent: a new article. */
    id: Type.Optional(PublicIdParam('HELP_ARTICLE_NOT_FOUND')),
    category: HelpCategorySchema,
    sort: Type.Integer({ minimum: 0, maximum: 10_000, description: 'order within the category, lowest first' }),
    published: Type.Boolean(),
    translations: HelpTranslations,
  },
  { additionalProperties: false },
);
export type HelpArticleSave = Static<typeof HelpArticleSave>;

export const HelpArticlePublish = Type.Object(
  {
    id: PublicIdParam('HELP_ARTICLE_NOT_FOUND'),
    published: Type.Boolean({ description: 'false unpublishes: users no longer see it; the article is kept' }),
  },
  { additionalProperties: false },
);
export type HelpArticlePublish = Static<typeof HelpArticlePublish>;
