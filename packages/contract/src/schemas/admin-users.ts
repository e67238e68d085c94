import { Type, type Static } from 'typebox';
import { AdminPage, AdminPageInfo } from './admin';
import { Envelope, EpochMs } from './common';
import { KYC_STATES } from './kyc';

/**
 * Users as the back office sees them (issue 16): search, a user's profile, verification state,
 * balances in both modes (read-only), sessions; lock, unlock, end every session.
 */
const Uid = Type.String({ minLength: 8, maxLength: 8, pattern: '^[0-9]{8}$', description: "the user's 8-digit UID" });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([EpochMs, Type.Null()]);

export const UserSearchQuery = Type.Object(
  {
    ...AdminPage,
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'a UID (8 digits), an e-mail address or an E.164 phone number, matched exactly; without it the newest users',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UserSearchQuery = Static<typeof UserSearchQuery>;

export const UserSummary = Type.Object({
  uid: Type.String(),
  nickname: Type.String(),
  email: NullableString,
  phone: NullableString,
  createdAt: EpochMs,
  kycState: Type.Enum(KYC_STATES),
  lockedAt: NullableTime,
});
export type UserSummary = Static<typeof UserSummary>;
export const UserSearchResult = Type.Object({ items: Type.Array(UserSummary), ...AdminPageInfo });
export type UserSearchResult = Static<typeof UserSearchResult>;
export const UserSearchResponse = Envelope(UserSearchResult);

export const UserUidQuery = Type.Object({ uid: Uid }, { additionalProperties: false });
export const UserUidBody = Type.Object({ uid: Uid }, { additionalProperties: false });
export type UserUidBody = Static<typeof UserUidBody>;
export const UserLockBody = Type.Object(
  {
    uid: Uid,
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'why (kept with the lock and in the audit log)' }),
  },
  { additionalProperties: false },
);
export type UserLockBody = Static<typeof UserLockBody>;
/** Lifting a freeze of withdrawals, after support has checked with the user. */
export const UserUnfreezeWithdrawalsBody = Type.Object(
  {
    uid: Uid,
    note: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'how the user was checked (kept in the audit log)',
    }),
  },
  { additionalProperties: false },
);
export type UserUnfreezeWithdrawalsBody = Static<typeof UserUnfreezeWithdrawalsBody>;

const Balance = Type.Object({
  wallet: Type.String({ description: 'the ledger account kind: currency, option, financing, or a frozen part' }),
  asset: Type.String(),
  balance: Type.String({ description: 'decimal string' }),
});
export const UserDetail = Type.Object({
  ...UserSummary.properties,
  countryCode: NullableString,
  manager: Type.Union([Type.String(), Type.Null()], { description: "the inviter's UID" }),
  lockedReason: NullableString,
  /** Since when the user has withdrawals frozen (the "this wasn't me" link of a new-address notice); null when not frozen. */
  withdrawalsFrozenAt: NullableTime,
  /** Non-zero balances only, per mode. */
  balances: Type.Object({ real: Type.Array(Balance), demo: Type.Array(Balance) }),
  /** The last ledger transactions of the real accounts, newest first: what a correction (a reversal) names. */
  transactions: Type.Array(
    Type.Object({
      id: Type.Integer({ description: 'the ledger transaction id' }),
      kind: Type.String({ description: 'what it was: deposit, transfer, contract stake, …' }),
      createdAt: EpochMs,
      /** What it changed in each of the user's accounts (available and reserved together), signed decimal strings. */
      changes: Type.Array(Type.Object({ wallet: Type.String(), asset: Type.String(), amount: Type.String() })),
    }),
  ),
  /** Live sessions (not revoked, not expired), newest first. */
  sessions: Type.Array(
    Type.Object({
      origin: Type.String(),
      ip: Type.String(),
      userAgent: Type.String(),
      createdAt: EpochMs,
      lastSeenAt: EpochMs,
      expiresAt: EpochMs,
    }),
  ),
});
export type UserDetail = Static<typeof UserDetail>;
export const UserDetailResponse = Envelope(UserDetail);
