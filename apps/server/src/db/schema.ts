import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/**
 * The id the API shows: a random UUID v4 made by the database at insert, so it tells nothing of
 * how many rows there are or in which order they came (the bigint id stays inside, for joins).
 */
export const publicId = () => uuid('public_id').notNull().defaultRandom();

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Public user id shown in the app: 8 digits, random, unique. */
    uid: text('uid').notNull().unique(),
    /** Lower-cased. */
    email: text('email').unique(),
    /** E.164, e.g. +14155550123. */
    phone: text('phone').unique(),
    /** Calling code without '+', kept for display next to the national number. */
    countryCode: text('country_code'),
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    invitationCode: text('invitation_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    language: text('language').notNull().default('en'),
    theme: text('theme').notNull().default('light'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** Set by an operator (back office): the user cannot log in and their sessions are ended. */
    lockedAt: ts('locked_at'),
    lockedReason: text('locked_reason'),
    /**
     * The last change of the login password, the fund password (changed or reset; not its first
     * setting) or a contact, and which: withdrawals pause for WITHDRAW_SECURITY_LOCK_HOURS after it.
     */
    securityChangedAt: ts('security_changed_at'),
    securityChange: text('security_change'),
    /** Set when the user froze withdrawals with a new-address notice's link ("this wasn't me"); support lifts it. */
    withdrawalsFrozenAt: ts('withdrawals_frozen_at'),
  },
  (t) => [
    check('users_contact', sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check('users_locked', sql`(${t.lockedAt} IS NULL) = (${t.lockedReason} IS NULL)`),
    index('users_created').on(t.createdAt, t.id),
  ],
);

/**
 * A `users` row as stored: a type, for code that holds a user it did not read (the session plugin).
 * The table itself is the users module's (table-owners.mjs); its UserRow adds the manager's UID.
 */
export type UserRecord = typeof users.$inferSelect;

/** A user's arrangement of the desktop dashboard (DashboardLayout of packages/contract), one row per user who changed it. */
export const userDashboardLayouts = pgTable('user_dashboard_layouts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  layout: jsonb('layout').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    origin: text('origin').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute expiry; idle expiry is lastSeenAt + the configured idle time. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /**
     * The `lang` header (HeaderLang) of this session's latest request: the user's messages go out in
     * the language of the session used last (docs/notifications.md "Language of messages"); null on
     * sessions older than it.
     */
    lang: text('lang'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** Lower-cased e-mail or E.164 phone. */
    destination: text('destination').notNull(),
    channel: text('channel').notNull(),
    purpose: text('purpose').notNull(),
    /** HMAC-SHA256(secret, destination|purpose|code), hex. */
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when used, or when a newer code for the same destination and purpose replaced it. */
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('otp_dest').on(t.destination, t.purpose, t.createdAt), index('otp_ip').on(t.ip, t.createdAt)],
);

/**
 * One row per sign-in attempt, users' and operators' alike, for the sign-in throttle (module
 * `signin-throttle`): a slot is a failure until the password proves right. `realm` says who signed
 * in; every count is of one realm, so the two never lock each other (migration 0029 merged
 * `operator_login_attempts` in).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** `user` (the app's sign-in) or `operator` (the back office's). */
    realm: text('realm').notNull(),
    /**
     * The identifier typed in, whether or not an account has it: a user's lower-cased e-mail or
     * E.164 phone, an operator's lower-cased e-mail.
     */
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('login_attempts_account').on(t.realm, t.accountKey, t.at),
    index('login_attempts_ip').on(t.realm, t.ip, t.at),
    check('login_attempts_realm', sql`${t.realm} IN ('user', 'operator')`),
  ],
);

/**
 * One row per check of a user's fund password, for its throttle (users service `checkFundPassword`):
 * recorded as a failure before the check, turned into a success when the password proves right.
 */
export const fundPasswordAttempts = pgTable(
  'fund_password_attempts',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    success: boolean('success').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('fund_password_attempts_user').on(t.userId, t.at)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'avatar' (public) or 'private' (owner and operators only). */
    kind: text('kind').notNull(),
    /** Server-made file name, e.g. 3f9a...c1.png. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('uploads_name').on(t.name), index('uploads_user').on(t.userId)],
);

/** Integer minor units; NUMERIC because 10^18-scaled amounts (ETH in wei) overflow int64. */
const money = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Ledger accounts (docs/ledger.md). A user account is (user, mode, kind, asset); a system account
 * has no user. Balances change only through postings, in the same transaction.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    /** Null for system accounts (house, fees, external deposits, ...). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    mode: text('mode').notNull(),
    kind: text('kind').notNull(),
    asset: text('asset').notNull(),
    balance: money('balance').notNull().default(sql`0`),
    /**
     * A system account is kept as several rows, its shards (0 … SYSTEM_SHARDS − 1 of the ledger
     * module), so concurrent transactions of different users do not queue on one row; its balance
     * is the sum of its shards. A user's account has one row, shard 0.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key').on(sql`coalesce(${t.userId}, 0)`, t.mode, t.kind, t.asset, t.shard),
    index('ledger_accounts_user').on(t.userId, t.mode),
    // The last line of defence for "no user account is negative"; the ledger checks first.
    check('ledger_accounts_user_not_negative', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_mode', sql`${t.mode} IN ('real', 'demo')`),
    check('ledger_accounts_shard', sql`${t.shard} >= 0 AND (${t.userId} IS NULL OR ${t.shard} = 0)`),
  ],
);

/** An immutable set of postings that sums to zero per asset. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    mode: text('mode').notNull(),
    /** What kind of movement: a `LedgerKind` of the catalogue in packages/contract (transfer, deposit, otc_buy, ...). */
    kind: text('kind').notNull(),
    /** What caused it, e.g. `transfer:42`, `contract:17`. */
    reference: text('reference').notNull(),
    /** The transaction this one reverses, if it is a correction. */
    reverses: bigint('reverses', { mode: 'number' }),
    memo: text('memo'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_transactions_reference').on(t.reference),
    // A transaction is reversed at most once, even by two corrections at the same moment.
    uniqueIndex('ledger_transactions_reverses').on(t.reverses).where(sql`${t.reverses} IS NOT NULL`),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: id(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    /** Signed: positive credits the account, negative debits it. Never zero. */
    amount: money('amount').notNull(),
    /** The account's balance right after this posting, for statements. */
    balanceAfter: money('balance_after').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_postings_account').on(t.accountId, t.id),
    index('ledger_postings_transaction').on(t.transactionId),
    check('ledger_postings_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Idempotency keys of money-moving requests: the first answer is kept and replayed. The row is
 * inserted in the same transaction as the money moves, so a concurrent replay waits on it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Moves between a user's own wallets (docs/product.md §3 transfer record). */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    fromWallet: text('from_wallet').notNull(),
    toWallet: text('to_wallet').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('transfers_user').on(t.userId, t.mode, t.id), uniqueIndex('transfers_public_id').on(t.publicId)],
);

/**
 * Deposit records (docs/product.md §3): on-chain ("terminal") or credited by an operator ("back_stage").
 * A successful deposit has the ledger transaction that credited it.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    /** The record's number the API shows (docs/product.md §3 "number"). */
    publicId: publicId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    /** The chain an on-chain ("terminal") deposit came on (ethereum, tron, bitcoin); null for back stage. */
    chain: text('chain'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    txHash: text('tx_hash'),
    note: text('note'),
    /** Who credited a back-stage deposit (operator id or `cli:<login>`). */
    operator: text('operator'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    /** On chain: what makes the transfer unique on its chain, `<txHash>:<logIndex>` or `<txHash>:native`. */
    chainKey: text('chain_key'),
    /** On chain: the block that holds it now (a re-org may move it), and how many blocks it waits for. */
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    confirmationsRequired: integer('confirmations_required'),
    /** Why a deposit failed: `below_minimum` (recorded, never credited) or `dropped` (a re-org removed it before it was credited). */
    failReason: text('fail_reason'),
    /** An incident: a re-org removed the block of a deposit already credited. Nothing is reversed on its own; an operator decides. */
    flaggedAt: ts('flagged_at'),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('deposits_user').on(t.userId, t.mode, t.id),
    uniqueIndex('deposits_public_id').on(t.publicId),
    // Exactly once per transfer on a chain, however often a watcher sees it.
    uniqueIndex('deposits_chain_key').on(t.chain, t.chainKey).where(sql`${t.chainKey} IS NOT NULL`),
    // What waits for confirmations, per chain (the crediting reads only these).
    index('deposits_in_progress')
      .on(t.chain, t.blockNumber)
      .where(sql`${t.status} = 'in_progress' AND ${t.chainKey} IS NOT NULL`),
    index('deposits_flagged').on(t.flaggedAt).where(sql`${t.flaggedAt} IS NOT NULL`),
    check('deposits_channel', sql`${t.channel} IN ('terminal', 'back_stage')`),
    check('deposits_status', sql`${t.status} IN ('in_progress', 'success', 'fail')`),
    check('deposits_fail_reason', sql`${t.failReason} IS NULL OR ${t.failReason} IN ('below_minimum', 'dropped')`),
  ],
);
