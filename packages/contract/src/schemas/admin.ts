import { Type, type Static } from 'typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { ChainWatcherStatus, Email, Envelope, epochMs, EpochMs, NullableEpochMs, withError } from './common';

/**
 * The back office's API (issue 16), under /admin/api/. Operators are not users: their own
 * sign-in (password and a TOTP code), their own tokens (`op_…`), their own roles. Every route but
 * the sign-in declares the roles it allows.
 */

export const OPERATOR_ROLES = ['support', 'compliance', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OperatorRoleSchema = Type.Enum(OPERATOR_ROLES);

/** An operator's password: at least 12 characters (a user's needs 6). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OperatorPassword = Type.String({
  minLength: OPERATOR_PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  ...withError('OPERATOR_PASSWORD_TOO_SHORT'),
});

/** A 6-digit TOTP code from the operator's authenticator app. */
export const TotpCode = Type.String({ maxLength: 6, pattern: '^[0-9]{6}$', ...withError('OPERATOR_LOGIN_FAILED') });

const OperatorId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...withError('OPERATOR_NOT_FOUND') });

export const OperatorLoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH, ...withError('OPERATOR_LOGIN_FAILED') }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, ...withError('OPERATOR_LOGIN_FAILED') }),
    totp: TotpCode,
  },
  { additionalProperties: false },
);
export type OperatorLoginBody = Static<typeof OperatorLoginBody>;

export const OperatorInfo = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: OperatorRoleSchema,
  createdAt: EpochMs,
  disabledAt: NullableEpochMs,
});
export type OperatorInfo = Static<typeof OperatorInfo>;
export const OperatorInfoResponse = Envelope(OperatorInfo);

export const OperatorLoginResult = Type.Object({
  token: Type.String({
    description:
      'the operator session token, `op_` and 43 base64url characters; send it in the `token` header of /admin/api/ routes',
  }),
  operator: OperatorInfo,
});
export type OperatorLoginResult = Static<typeof OperatorLoginResult>;
export const OperatorLoginResponse = Envelope(OperatorLoginResult);

/**
 * A back-office list counts its matches up to this many (docs/performance.md "Back-office lists at a million rows"): beyond it
 * `total` is this number and `totalCapped` is true. Counting every one of a million rows on each
 * page would cost more than the page; to reach further, narrow the filters (e.g. the audit log's
 * time range).
 */
export const ADMIN_LIST_COUNT_CAP = 10_000;
/** The deepest page: ADMIN_LIST_COUNT_CAP rows at the default 20 a page (an offset costs what it skips). */
export const ADMIN_LIST_MAX_PAGE = 500;

export const AdminPage = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_LIST_MAX_PAGE, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** What a back-office list answers besides its items. */
export const AdminPageInfo = {
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer({ description: `the matching rows, counted up to ${ADMIN_LIST_COUNT_CAP.toLocaleString('en')}` }),
  totalCapped: Type.Boolean({
    description: `true when more than ${ADMIN_LIST_COUNT_CAP.toLocaleString('en')} rows match: \`total\` is then that cap, not the count`,
  }),
};

export const OperatorListQuery = Type.Object({ ...AdminPage }, { additionalProperties: false });
export type OperatorListQuery = Static<typeof OperatorListQuery>;
export const OperatorList = Type.Object({ items: Type.Array(OperatorInfo), ...AdminPageInfo });
export type OperatorList = Static<typeof OperatorList>;
export const OperatorListResponse = Envelope(OperatorList);

export const OperatorCreateBody = Type.Object(
  { email: Email, password: OperatorPassword, role: OperatorRoleSchema },
  { additionalProperties: false },
);
export type OperatorCreateBody = Static<typeof OperatorCreateBody>;

export const OperatorCreateResult = Type.Object({
  operator: OperatorInfo,
  totpSecret: Type.String({
    description: 'base32 TOTP secret, shown once: the new operator adds it to an authenticator app',
  }),
  totpUri: Type.String({ description: 'the same secret as an otpauth:// URI, for a QR code' }),
});
export type OperatorCreateResult = Static<typeof OperatorCreateResult>;
export const OperatorCreateResponse = Envelope(OperatorCreateResult);

export const OperatorDisableBody = Type.Object({ id: OperatorId }, { additionalProperties: false });
export type OperatorDisableBody = Static<typeof OperatorDisableBody>;
export const OperatorDisableResponse = Envelope(OperatorInfo);

/** Filters of the audit log: all optional, combined with AND; `from` and `to` bound `at` (inclusive). */
export const AuditListQuery = Type.Object(
  {
    ...AdminPage,
    operatorId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    targetType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    from: Type.Optional(epochMs({ errorCode: 'TIME_RANGE_INVALID' })),
    to: Type.Optional(epochMs({ errorCode: 'TIME_RANGE_INVALID' })),
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const AuditRecord = Type.Object({
  id: Type.Integer({ description: 'position in the chain: 1, 2, 3, … without gaps' }),
  at: EpochMs,
  operatorId: Type.Union([Type.Integer(), Type.Null()]),
  operatorEmail: Type.String(),
  role: Type.Union([OperatorRoleSchema, Type.Null()]),
  action: Type.String(),
  targetType: NullableString,
  targetId: NullableString,
  before: Type.Unknown({ description: 'the target before the action (JSON), or null' }),
  after: Type.Unknown({ description: 'the target after the action, or what was asked (JSON), or null' }),
  requestId: NullableString,
  ip: NullableString,
  prevHash: Type.String(),
  hash: Type.String(),
});
export type AuditRecord = Static<typeof AuditRecord>;
export const AuditList = Type.Object({ items: Type.Array(AuditRecord), ...AdminPageInfo });
export type AuditList = Static<typeof AuditList>;
export const AuditListResponse = Envelope(AuditList);

/**
 * The back office's work queues and the roles that work them (each queue's own routes allow the
 * same roles). The dashboard counts, for the signed-in operator, the queues of their role.
 */
export const ADMIN_QUEUES = {
  kyc: ['compliance', 'admin'],
  approvals: ['finance', 'admin'],
  /** Deposit incidents: credited deposits whose block a re-org removed afterwards. */
  deposits: ['finance', 'admin'],
  /** Withdrawals waiting for an operator's review (docs/withdrawals.md "Review"). */
  withdrawals: ['finance', 'admin'],
  /** Loan applications waiting for review (docs/loans.md "Review"). */
  loans: ['finance', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminQueue = keyof typeof ADMIN_QUEUES;
export const ADMIN_QUEUE_NAMES = Object.keys(ADMIN_QUEUES) as AdminQueue[];

/**
 * Who decides each queue's items (its detail, photos and decision routes allow these roles): every
 * role that sees a queue works it, except the KYC queue, which an admin reads (its size, its list)
 * and compliance alone reviews (a submission's details, photos, verify or reject). The dashboard's
 * cards say so (docs/back-office.md, decision 0147).
 */
export const ADMIN_QUEUE_REVIEWERS = {
  kyc: ['compliance'],
  approvals: ADMIN_QUEUES.approvals,
  deposits: ADMIN_QUEUES.deposits,
  withdrawals: ADMIN_QUEUES.withdrawals,
  loans: ADMIN_QUEUES.loans,
} as const satisfies Record<AdminQueue, readonly OperatorRole[]>;

export const QueueCount = Type.Object({
  queue: Type.Enum(ADMIN_QUEUE_NAMES),
  pending: Type.Integer({ description: 'items waiting for a decision' }),
  /** when the longest-waiting item arrived; null when none waits */
  oldestAt: NullableEpochMs,
});
export type QueueCount = Static<typeof QueueCount>;
export const AdminDashboard = Type.Object({
  queues: Type.Array(QueueCount, { description: "the queues of the operator's role, in menu order" }),
  chains: Type.Array(ChainWatcherStatus, { description: 'the chain watchers: how far behind the node each is' }),
});
export type AdminDashboard = Static<typeof AdminDashboard>;
export const AdminDashboardResponse = Envelope(AdminDashboard);
