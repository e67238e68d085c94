import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

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
    typeUser: text('type_user').notNull().default('real'),
    language: text('language').notNull().default('en'),
    theme: text('theme').notNull().default('light'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('users_contact', sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check('users_type_user', sql`${t.typeUser} IN ('real', 'demo')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
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
  (t) => [
    index('otp_dest').on(t.destination, t.purpose, t.createdAt),
    index('otp_ip').on(t.ip, t.createdAt),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** The identifier typed in (lower-cased e-mail or E.164 phone), whether or not an account has it. */
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('login_attempts_account').on(t.accountKey, t.at), index('login_attempts_ip').on(t.ip, t.at)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
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
