import { Type, type Static } from 'typebox';
import { AdminPage, AdminPageInfo } from './admin';
import { Envelope, EpochMs, withError } from './common';

/**
 * Four eyes (issue 16; docs/back-office.md, four eyes): an action that moves money by an
 * operator's decision is asked by one operator and approved by another, and only then done.
 */
export const APPROVAL_ACTIONS = ['balance.credit', 'ledger.reverse'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** The limits of a request's fields, for the schemas below and the back office's forms. */
export const APPROVAL_UID_PATTERN = '^[0-9]{8}$';
export const APPROVAL_ASSET_MAX_LENGTH = 10;
export const APPROVAL_AMOUNT_MAX_LENGTH = 40;
export const APPROVAL_NOTE_MAX = 200;

const Uid = Type.String({ minLength: 8, maxLength: 8, pattern: APPROVAL_UID_PATTERN });
const Note = Type.String({
  minLength: 1,
  maxLength: APPROVAL_NOTE_MAX,
  description: 'why: kept with the request, the ledger transaction and the audit record',
});

export const CreditRequestBody = Type.Object(
  {
    uid: Uid,
    asset: Type.String({ minLength: 1, maxLength: APPROVAL_ASSET_MAX_LENGTH }),
    // Digits and one point, as every customer amount (wallet's AmountString): no spaces, signs or exponents.
    amount: Type.String({
      minLength: 1,
      maxLength: APPROVAL_AMOUNT_MAX_LENGTH,
      pattern: '^[0-9]+(\\.[0-9]+)?$',
      description: "decimal string, positive, within the coin's decimals",
      ...withError('AMOUNT_INVALID'),
    }),
    note: Note,
  },
  { additionalProperties: false },
);
export type CreditRequestBody = Static<typeof CreditRequestBody>;

export const ReversalRequestBody = Type.Object(
  {
    transactionId: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'the ledger transaction to reverse',
    }),
    note: Note,
  },
  { additionalProperties: false },
);
export type ReversalRequestBody = Static<typeof ReversalRequestBody>;

export const ApprovalDecideBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), approve: Type.Boolean() },
  { additionalProperties: false },
);
export type ApprovalDecideBody = Static<typeof ApprovalDecideBody>;

export const ApprovalListQuery = Type.Object(
  {
    ...AdminPage,
    decision: Type.Optional(
      Type.Enum(['pending', 'approved', 'rejected'] as const, {
        description: 'default pending, oldest first; decided ones newest first',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ApprovalListQuery = Static<typeof ApprovalListQuery>;

export const Approval = Type.Object({
  id: Type.Integer(),
  action: Type.Enum(APPROVAL_ACTIONS),
  targetType: Type.String(),
  targetId: Type.String(),
  payload: Type.Record(Type.String(), Type.String()),
  requestedBy: Type.String({ description: "the asking operator's e-mail" }),
  requestedAt: EpochMs,
  decision: Type.Enum(['pending', 'approved', 'rejected'] as const),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([EpochMs, Type.Null()]),
});
export type Approval = Static<typeof Approval>;
export const ApprovalResponse = Envelope(Approval);
export const ApprovalList = Type.Object({ items: Type.Array(Approval), ...AdminPageInfo });
export type ApprovalList = Static<typeof ApprovalList>;
export const ApprovalListResponse = Envelope(ApprovalList);
