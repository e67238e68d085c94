import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * Each user's identity verification (docs/kyc.md): the state and the real-name stage as the user
 * last submitted it. One row per user, written only through the kyc module.
 */
export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    state: text('state').notNull(),
    documentType: text('document_type').notNull(),
    nationality: text('nationality').notNull(),
    realName: text('real_name').notNull(),
    idNumber: text('id_number').notNull(),
    /** The ID number compared across accounts: upper case, letters and digits only. */
    idNumberKey: text('id_number_key').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('kyc_profiles_state', sql`${t.state} IN ('primary', 'pending', 'verified', 'rejected')`),
    index('kyc_profiles_id_number').on(t.nationality, t.idNumberKey),
  ],
);

/**
 * Every advanced-verification submission, kept after its review (the history a reviewer and an
 * auditor read): what the user submitted, the photos (upload names), and the decision. At most
 * one per user awaits review (partial unique index).
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    documentType: text('document_type').notNull(),
    nationality: text('nationality').notNull(),
    realName: text('real_name').notNull(),
    idNumber: text('id_number').notNull(),
    idNumberKey: text('id_number_key').notNull(),
    frontImage: text('front_image').notNull(),
    backImage: text('back_image').notNull(),
    selfieImage: text('selfie_image').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    /** null while it awaits review; then 'verified' or 'rejected'. */
    decision: text('decision'),
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    check('kyc_submissions_decision', sql`${t.decision} IS NULL OR ${t.decision} IN ('verified', 'rejected')`),
    check(
      'kyc_submissions_reject',
      sql`(${t.decision} IS NOT DISTINCT FROM 'rejected') = (${t.rejectReason} IS NOT NULL)`,
    ),
    uniqueIndex('kyc_submissions_one_pending').on(t.userId).where(sql`${t.decision} IS NULL`),
    index('kyc_submissions_user').on(t.userId, t.id),
    // The review queue: awaiting review oldest first; decided ones by decision, newest first.
    index('kyc_submissions_pending').on(t.submittedAt, t.id).where(sql`${t.decision} IS NULL`),
    index('kyc_submissions_decided').on(t.decision, t.decidedAt, t.id).where(sql`${t.decision} IS NOT NULL`),
  ],
);

/**
 * What a user is told, one row each (issue 16: "a notification record now"). Written in the same
 * transaction as what it tells; `kind` names a template the notifications issue (20) words in the
 * user's language with `params`, shows, counts and marks read.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
    /** Its place in the notice stream (schema-notices.ts): NULL until stamped; a read is told through notice_states. */
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [
    index('user_notifications_user').on(t.userId, t.id),
    uniqueIndex('user_notifications_seq').on(t.seq),
    index('user_notifications_unstamped').on(t.id).where(sql`${t.seq} IS NULL`),
    index('user_notifications_unread').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
