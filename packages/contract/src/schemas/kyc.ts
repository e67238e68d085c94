import { Type, type Static } from 'typebox';
import { API } from '../paths';
import { AdminPage, AdminPageInfo } from './admin';
import { Envelope, EpochMs, withError } from './common';

/**
 * Identity verification (docs/product.md §1 "two-stage", §3 "KYC (id card)", §7 `idCard/*`; docs/kyc.md).
 * Stage 1, real name: document type, nationality, real name, ID number. Stage 2, advanced: the
 * document's front and back and a selfie holding it, as private uploads, then a review.
 */
export const KYC_DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/**
 * - `not_started`: nothing submitted;
 * - `primary`: the real-name stage is recorded; the documents are next;
 * - `pending`: the documents await an operator's review (nothing can be changed meanwhile);
 * - `verified`: approved; the data is locked (changes go through support);
 * - `rejected`: the reviewer said why; the user may correct either stage and submit again.
 */
export const KYC_STATES = ['not_started', 'primary', 'pending', 'verified', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

/** Why a reviewer rejects a submission; the web app words each in the user's language. */
export const KYC_REJECT_REASONS = [
  'document_unreadable',
  'document_expired',
  'document_not_accepted',
  'details_mismatch',
  'selfie_mismatch',
  'other',
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

export const KYC_REAL_NAME_MAX = 100;
export const KYC_ID_NUMBER_MAX = 40;

/** An ISO 3166-1 alpha-2 country code (upper case), checked against the country list. */
const Nationality = Type.String({
  minLength: 2,
  maxLength: 2,
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2, e.g. "DE"',
});

export const KycTypeQuery = Type.Object(
  {
    nationality: Type.Optional(Nationality),
  },
  { additionalProperties: false },
);
export const KycTypeResponse = Envelope(
  Type.Object({
    nationality: Type.Union([Nationality, Type.Null()], {
      description: 'the country asked for, or null for the list every country accepts',
    }),
    types: Type.Array(Type.Enum(KYC_DOCUMENT_TYPES)),
  }),
);

export const KycPrimaryBody = Type.Object(
  {
    documentType: Type.Enum(KYC_DOCUMENT_TYPES, withError('KYC_DOCUMENT_TYPE_INVALID')),
    nationality: Nationality,
    realName: Type.String({
      minLength: 1,
      maxLength: KYC_REAL_NAME_MAX,
      description: 'as written on the document; spaces at the ends are dropped',
    }),
    idNumber: Type.String({
      minLength: 3,
      maxLength: KYC_ID_NUMBER_MAX,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
      description: 'letters, digits, spaces and hyphens',
    }),
  },
  { additionalProperties: false },
);
export type KycPrimaryBody = Static<typeof KycPrimaryBody>;

/** A private upload of the user: the `path` `common/upload` answered for kind `private`. */
const PhotoPath = Type.String({
  maxLength: 200,
  description: `a path \`${API.common.upload}\` answered for kind \`private\`, e.g. ${API.common.file}/<name>`,
});

export const KycDocumentsBody = Type.Object(
  {
    frontImage: Type.Optional(PhotoPath),
    backImage: Type.Optional(PhotoPath),
    selfieImage: Type.Optional(PhotoPath),
  },
  {
    additionalProperties: false,
    description:
      "All three photos are needed (PHOTOS_TOO_FEW otherwise); each is the user's own private upload, each a different one.",
  },
);
export type KycDocumentsBody = Static<typeof KycDocumentsBody>;

export const KycInfo = Type.Object({
  state: Type.Enum(KYC_STATES),
  /** The real-name stage as submitted, or null before it. The ID number is shown to its owner in full. */
  primary: Type.Union([
    Type.Object({
      documentType: Type.Enum(KYC_DOCUMENT_TYPES),
      nationality: Nationality,
      realName: Type.String(),
      idNumber: Type.String(),
    }),
    Type.Null(),
  ]),
  /** The photos of the latest submission (private paths, readable by the user only), or null. */
  documents: Type.Union([
    Type.Object({ frontImage: Type.String(), backImage: Type.String(), selfieImage: Type.String() }),
    Type.Null(),
  ]),
  submittedAt: Type.Union([EpochMs, Type.Null()]),
  reviewedAt: Type.Union([EpochMs, Type.Null()]),
  /** Why the latest submission was rejected (state `rejected`), else null. */
  rejection: Type.Union([
    Type.Object({ reason: Type.Enum(KYC_REJECT_REASONS), note: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
});
export type KycInfo = Static<typeof KycInfo>;
export const KycInfoResponse = Envelope(KycInfo);

// ----- The review, in the back office (compliance; docs/kyc.md "Review") -----

export const KYC_DECISIONS = ['pending', 'verified', 'rejected'] as const;
export const KYC_PHOTO_SLOTS = ['front', 'back', 'selfie'] as const;
export type KycPhotoSlot = (typeof KYC_PHOTO_SLOTS)[number];

const SubmissionId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "the submission's id" });

export const KycQueueQuery = Type.Object(
  {
    decision: Type.Optional(
      Type.Enum(KYC_DECISIONS, {
        description: 'default `pending`: awaiting review, oldest first; decided ones newest first',
      }),
    ),
    ...AdminPage,
  },
  { additionalProperties: false },
);
export type KycQueueQuery = Static<typeof KycQueueQuery>;

export const KycQueueItem = Type.Object({
  id: Type.Integer(),
  uid: Type.String({ description: "the user's UID" }),
  realName: Type.String(),
  nationality: Type.String(),
  documentType: Type.Enum(KYC_DOCUMENT_TYPES),
  submittedAt: EpochMs,
  decision: Type.Enum(KYC_DECISIONS),
  decidedAt: Type.Union([EpochMs, Type.Null()]),
  sameIdNumber: Type.Integer({
    description: 'how many other accounts gave the same ID number under the same nationality',
  }),
});
export const KycQueue = Type.Object({ items: Type.Array(KycQueueItem), ...AdminPageInfo });
export type KycQueue = Static<typeof KycQueue>;
export const KycQueueResponse = Envelope(KycQueue);

export const KycSubmissionQuery = Type.Object({ id: SubmissionId }, { additionalProperties: false });
export const KycPhotoQuery = Type.Object(
  { id: SubmissionId, slot: Type.Enum(KYC_PHOTO_SLOTS) },
  { additionalProperties: false },
);

export const KycSubmissionDetail = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  documentType: Type.Enum(KYC_DOCUMENT_TYPES),
  nationality: Type.String(),
  realName: Type.String(),
  idNumber: Type.String(),
  submittedAt: EpochMs,
  decision: Type.Enum(KYC_DECISIONS),
  decidedAt: Type.Union([EpochMs, Type.Null()]),
  rejection: Type.Union([
    Type.Object({ reason: Type.Enum(KYC_REJECT_REASONS), note: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  /** The photos, each read through `kyc/photo` (audited). */
  photos: Type.Object({ front: Type.String(), back: Type.String(), selfie: Type.String() }),
  /** Other accounts that gave the same ID number under the same nationality, by UID. */
  sameIdNumber: Type.Array(Type.String()),
  /** The user's earlier submissions and what was decided, newest first. */
  earlier: Type.Array(
    Type.Object({
      id: Type.Integer(),
      submittedAt: EpochMs,
      decision: Type.Enum(KYC_DECISIONS),
      rejectReason: Type.Union([Type.Enum(KYC_REJECT_REASONS), Type.Null()]),
    }),
  ),
});
export type KycSubmissionDetail = Static<typeof KycSubmissionDetail>;
export const KycSubmissionResponse = Envelope(KycSubmissionDetail);

export const KYC_NOTE_MAX = 500;
export const KycDecideBody = Type.Object(
  {
    id: SubmissionId,
    verified: Type.Boolean(),
    reason: Type.Optional(Type.Enum(KYC_REJECT_REASONS, { description: 'required when rejecting' })),
    note: Type.Optional(Type.String({ maxLength: KYC_NOTE_MAX, description: 'shown to the user with the reason' })),
  },
  { additionalProperties: false },
);
export type KycDecideBody = Static<typeof KycDecideBody>;
