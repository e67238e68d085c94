import { Type, type Static } from 'typebox';
import { Envelope, EpochMs, NullableEpochMs, withError } from './common';
import { HEADER_LANGS } from '../lang';

/**
 * Legal and company texts (issue 20, docs/content.md "Legal texts"): about us, the website
 * company, the privacy policy and the user agreement. Each kind has numbered versions; a published
 * version never changes (a change is a new version). A user accepts the agreement and the privacy
 * policy at registration, and can see which version they accepted and when.
 */

export const LEGAL_KINDS = ['about', 'company', 'privacy', 'agreement'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LegalKindSchema = Type.Enum(LEGAL_KINDS);
/** The kinds a user accepts (at registration, or when a new version asks for it). */
export const ACCEPTED_LEGAL_KINDS = ['agreement', 'privacy'] as const;
export type AcceptedLegalKind = (typeof ACCEPTED_LEGAL_KINDS)[number];

export const LEGAL_TITLE_MAX = 200;
export const LEGAL_BODY_MAX = 60_000;
export const LEGAL_VERSION_MAX = 1_000_000;

const Version = Type.Integer({ minimum: 1, maximum: LEGAL_VERSION_MAX, ...withError('LEGAL_DOCUMENT_NOT_FOUND') });

export const LegalDocumentQuery = Type.Object(
  {
    kind: LegalKindSchema,
    /** Absent: the current (newest) version. */
    version: Type.Optional(Version),
  },
  { additionalProperties: false },
);
export type LegalDocumentQuery = Static<typeof LegalDocumentQuery>;

export const LegalDocument = Type.Object({
  kind: LegalKindSchema,
  version: Type.Integer({ minimum: 1 }),
  /** The newest version of this kind (the shown one may be older). */
  currentVersion: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  body: Type.String({ description: 'paragraphs separated by line breaks (plain text)' }),
  lang: Type.Enum(HEADER_LANGS, { description: 'the language of the text shown' }),
  fallback: Type.Boolean({
    description: 'true when this version has no text in the request language and English is shown',
  }),
  publishedAt: EpochMs,
});
export type LegalDocument = Static<typeof LegalDocument>;
export const LegalDocumentResponse = Envelope(LegalDocument);

export const LegalAcceptance = Type.Object({
  kind: LegalKindSchema,
  currentVersion: Type.Integer({ minimum: 1 }),
  /** The newest version of this kind the user accepted; null when none. */
  acceptedVersion: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  acceptedAt: NullableEpochMs,
});
export type LegalAcceptance = Static<typeof LegalAcceptance>;
export const LegalAcceptancesResponse = Envelope(Type.Object({ items: Type.Array(LegalAcceptance) }));

export const LegalAcceptBody = Type.Object(
  {
    kind: Type.Enum(ACCEPTED_LEGAL_KINDS),
    /** The version the user read: it must be the current one (LEGAL_VERSION_NOT_CURRENT otherwise). */
    version: Version,
  },
  { additionalProperties: false },
);
export type LegalAcceptBody = Static<typeof LegalAcceptBody>;
export const LegalAcceptResponse = Envelope(LegalAcceptance);

/* ----- The back office ----- */

export const LegalText = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: LEGAL_TITLE_MAX }),
    body: Type.String({
      minLength: 1,
      maxLength: LEGAL_BODY_MAX,
      multiline: true,
      description: 'paragraphs separated by line breaks (plain text)',
    }),
  },
  { additionalProperties: false },
);
export type LegalText = Static<typeof LegalText>;
/** A text per language; English is required. */
export const LegalTranslations = Type.Object(
  {
    en: LegalText,
    zh: Type.Optional(LegalText),
    'zh-HK': Type.Optional(LegalText),
    ja: Type.Optional(LegalText),
    ko: Type.Optional(LegalText),
    de: Type.Optional(LegalText),
    fr: Type.Optional(LegalText),
    it: Type.Optional(LegalText),
  },
  { additionalProperties: false },
);
export type LegalTranslations = Static<typeof LegalTranslations>;

export const AdminLegalVersion = Type.Object({
  kind: LegalKindSchema,
  version: Type.Integer({ minimum: 1 }),
  translations: LegalTranslations,
  publishedAt: EpochMs,
  /** The operator's e-mail; null for the seeded version 1. */
  publishedBy: Type.Union([Type.String(), Type.Null()]),
  /** Users who accepted this version. */
  acceptances: Type.Integer({ minimum: 0 }),
});
export type AdminLegalVersion = Static<typeof AdminLegalVersion>;
export const AdminLegalVersionsQuery = Type.Object({ kind: LegalKindSchema }, { additionalProperties: false });
export type AdminLegalVersionsQuery = Static<typeof AdminLegalVersionsQuery>;
export const AdminLegalVersionsResponse = Envelope(
  Type.Object({ items: Type.Array(AdminLegalVersion, { description: 'newest first' }) }),
);

export const LegalPublishBody = Type.Object(
  { kind: LegalKindSchema, translations: LegalTranslations },
  { additionalProperties: false },
);
export type LegalPublishBody = Static<typeof LegalPublishBody>;
export const AdminLegalVersionResponse = Envelope(AdminLegalVersion);
