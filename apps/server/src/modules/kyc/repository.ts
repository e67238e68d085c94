import { and, asc, count, desc, eq, inArray, isNotNull, isNull, min, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/paging';
import { kycProfiles, kycSubmissions } from '../../db/schema-kyc';
import { userRepo } from '../users';

export type KycProfileRow = typeof kycProfiles.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
type PrimaryValues = Omit<typeof kycProfiles.$inferInsert, 'userId'>;

export type KycQueueRow = Pick<
  KycSubmissionRow,
  'id' | 'realName' | 'nationality' | 'documentType' | 'submittedAt' | 'decision' | 'decidedAt'
> & { uid: string; sameIdNumber: number };

/**
 * Other profiles with the submission's nationality and ID number key: the count the queue shows.
 * The outer table is named literally: in a query of `kyc_submissions` alone drizzle writes its
 * columns unqualified, which inside the subquery would mean the profile's own.
 */
const sameIdNumberCount = sql<number>`(SELECT count(*)::int FROM ${kycProfiles} p
  WHERE p.nationality = kyc_submissions.nationality AND p.id_number_key = kyc_submissions.id_number_key AND p.user_id <> kyc_submissions.user_id)`;

/** The kyc module's SQL: profiles and submissions. */
export const kycRepo = {
  async profile(db: DbOrTx, userId: number, lock = false): Promise<KycProfileRow | undefined> {
    const q = db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
    const [row] = lock ? await q.for('update') : await q.limit(1);
    return row;
  },

  /** Inserts the profile, or updates it only while it is editable (`primary` or `rejected`); whether it was written. */
  async writePrimary(db: DbOrTx, userId: number, values: PrimaryValues): Promise<boolean> {
    const written = await db
      .insert(kycProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: kycProfiles.userId,
        set: values,
        setWhere: sql`${kycProfiles.state} IN ('primary', 'rejected')`,
      })
      .returning({ userId: kycProfiles.userId });
    return written.length > 0;
  },

  async setState(db: DbOrTx, userId: number, state: string, now: Date): Promise<void> {
    await db.update(kycProfiles).set({ state, updatedAt: now }).where(eq(kycProfiles.userId, userId));
  },

  async insertSubmission(db: DbOrTx, row: typeof kycSubmissions.$inferInsert): Promise<void> {
    await db.insert(kycSubmissions).values(row);
  },

  async latestSubmission(db: DbOrTx, userId: number): Promise<KycSubmissionRow | undefined> {
    const [row] = await db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(desc(kycSubmissions.id))
      .limit(1);
    return row;
  },

  async submission(db: DbOrTx, id: number, lock = false): Promise<KycSubmissionRow | undefined> {
    const q = db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    const [row] = lock ? await q.for('update') : await q.limit(1);
    return row;
  },

  async decide(
    db: DbOrTx,
    id: number,
    values: Pick<KycSubmissionRow, 'decision' | 'decidedAt' | 'rejectReason' | 'rejectNote'>,
  ): Promise<void> {
    await db.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
  },

  /** Other users whose profile has this nationality and ID number key, by id. */
  async sameIdNumber(db: DbOrTx, nationality: string, idNumberKey: string, exceptUserId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: kycProfiles.userId })
      .from(kycProfiles)
      .where(
        and(
          eq(kycProfiles.nationality, nationality),
          eq(kycProfiles.idNumberKey, idNumberKey),
          ne(kycProfiles.userId, exceptUserId),
        ),
      )
      .orderBy(kycProfiles.userId);
    return rows.map((r) => r.userId);
  },

  /**
   * One page of the review queue: awaiting review (`decision` null) oldest first, or decided ones
   * of one decision newest first; each with its user's UID. Both orders run on a partial index.
   */
  async queue(
    db: DbOrTx,
    decision: 'verified' | 'rejected' | null,
    page: number,
    size: number,
  ): Promise<{ rows: KycQueueRow[] } & CappedTotal> {
    const where =
      decision === null
        ? isNull(kycSubmissions.decision)
        : and(isNotNull(kycSubmissions.decision), eq(kycSubmissions.decision, decision));
    const order =
      decision === null
        ? [asc(kycSubmissions.submittedAt), asc(kycSubmissions.id)]
        : [desc(kycSubmissions.decidedAt), desc(kycSubmissions.id)];
    // The page's ids first (an index-only scan of the partial index), then their rows and counts,
    // then their users' UIDs (the users module's): the skipped rows are neither read nor counted.
    const ids = db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size);
    const found = await db
      .select({
        id: kycSubmissions.id,
        userId: kycSubmissions.userId,
        realName: kycSubmissions.realName,
        nationality: kycSubmissions.nationality,
        documentType: kycSubmissions.documentType,
        submittedAt: kycSubmissions.submittedAt,
        decision: kycSubmissions.decision,
        decidedAt: kycSubmissions.decidedAt,
        sameIdNumber: sameIdNumberCount,
      })
      .from(kycSubmissions)
      .where(inArray(kycSubmissions.id, ids))
      .orderBy(...order);
    const uids = await userRepo.uidsOf(db, [...new Set(found.map((r) => r.userId))]);
    const rows = found.flatMap(({ userId, ...r }) => {
      const uid = uids.get(userId);
      return uid === undefined ? [] : [{ ...r, uid }];
    });
    return { rows, ...(await cappedCount(db, kycSubmissions, where)) };
  },

  /** How many submissions await review and since when the oldest waits (on the partial index of pending ones). */
  async pendingSummary(db: DbOrTx): Promise<{ pending: number; oldestAt: Date | null }> {
    const [row] = await db
      .select({ pending: count(), oldestAt: min(kycSubmissions.submittedAt) })
      .from(kycSubmissions)
      .where(isNull(kycSubmissions.decision));
    return { pending: row?.pending ?? 0, oldestAt: row?.oldestAt ?? null };
  },

  /** The user's other submissions, newest first. */
  async earlierSubmissions(db: DbOrTx, userId: number, beforeId: number): Promise<KycSubmissionRow[]> {
    return db
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), ne(kycSubmissions.id, beforeId)))
      .orderBy(desc(kycSubmissions.id))
      .limit(20);
  },

  /** The verification state of each user that has a profile (others have not started). */
  async statesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: kycProfiles.userId, state: kycProfiles.state })
      .from(kycProfiles)
      .where(inArray(kycProfiles.userId, [...userIds]));
    return new Map(rows.map((r) => [r.userId, r.state]));
  },
};
