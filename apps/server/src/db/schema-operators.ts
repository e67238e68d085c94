import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office (issue 16): operators are not users. Their own table, their own sessions, and
 * the append-only, hash-chained audit log of what they do. No table here references `users`, and
 * `users`' tables reference nothing here: an operator session and a user session cannot be reached
 * from one another (docs/security.md "Operators"). Their sign-in attempts are `login_attempts` rows
 * of realm `operator` (schema.ts), which reference neither.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const operators = pgTable(
  'operators',
  {
    id: id(),
    /** Lower-cased. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238, 30 s steps, 6 digits). */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is good once, and never one of an earlier step. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Who created it: an operator's id, or null when made from the command line. */
    createdBy: bigint('created_by', { mode: 'number' }),
    disabledAt: ts('disabled_at'),
  },
  (t) => [check('operators_role', sql`${t.role} IN ('support', 'compliance', 'finance', 'admin')`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: id(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the token (`op_` + 43 base64url characters), hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute expiry; idle expiry is lastSeenAt + OPERATOR_SESSION_IDLE_MINUTES. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * What operators did, append-only. `id`, `prev_hash` and `hash` are set by the BEFORE INSERT
 * trigger `audit_log_chain` (migration 0015) under the lock of the one row of `audit_head`, so
 * concurrent writers make one chain with ids 1, 2, 3, ... in chain order; UPDATE, DELETE and
 * TRUNCATE are refused by triggers. Rows are written by raw SQL (audit/repository.ts), never
 * through drizzle's insert.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    /** Null for a failed sign-in with an e-mail no operator has. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The operator's e-mail, or the e-mail typed in at a failed sign-in. */
    operatorEmail: text('operator_email').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_operator').on(t.operatorId, t.id),
    index('audit_log_action').on(t.action, t.id),
    index('audit_log_target').on(t.targetType, t.targetId, t.id),
    index('audit_log_at').on(t.at),
  ],
);

/** The chain's head: one row (id 1), locked by every audit insert. */
export const auditHead = pgTable(
  'audit_head',
  {
    id: smallint('id').primaryKey(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('audit_head_one_row', sql`${t.id} = 1`)],
);

/**
 * Four-eyes approvals (issue 16, the table only; the commands that use it come with the back
 * office's money decisions): an action one operator requests and a different operator decides.
 * The database refuses a decision by the requesting operator (CHECK `operator_approvals_four_eyes`)
 * and any change to a decided request (trigger `operator_approvals_decided_once`, migration 0016).
 */
export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: id(),
    /** What is to be done, as an audit action name (`withdrawal.approve`, …). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The request's details (amounts as decimal strings). */
    payload: jsonb('payload').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    requestedAt: ts('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: ts('decided_at'),
    /** Null while pending; then `approved` or `rejected`, once. */
    decision: text('decision'),
  },
  (t) => [
    check('operator_approvals_four_eyes', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
    check('operator_approvals_decision', sql`${t.decision} IS NULL OR ${t.decision} IN ('approved', 'rejected')`),
    check(
      'operator_approvals_decided_whole',
      sql`(${t.decision} IS NULL) = (${t.decidedBy} IS NULL) AND (${t.decision} IS NULL) = (${t.decidedAt} IS NULL)`,
    ),
    index('operator_approvals_pending').on(t.requestedAt, t.id).where(sql`${t.decision} IS NULL`),
    // Decided ones by decision, newest first (the back office's list; bench:admin-lists).
    index('operator_approvals_decided').on(t.decision, t.decidedAt, t.id).where(sql`${t.decision} IS NOT NULL`),
  ],
);
