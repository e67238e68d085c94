import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { kycProfiles, kycSubmissions } from '../../db/schema-kyc';

export type KycProfileRow = typeof kycProfiles.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
type PrimaryValues = Omit<typeof kycProfiles.$inferInsert, 'userId'>;

/** The kyc module's SQL: profiles and submissions. */
export const kycRepo = {
  async profile(db: DbOrTx, userId: number, lock = false): Promise<KycProfileRow | undefined> {
    const q = db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
    const [row] = lock ? await q.for('update') : await q.limit(1);
    return row;
  },

  /** Inserts the profile, or updates it only while it is editable (`primary` or `rejected`); whether it was written. */
  async writePrimary(db: DbOrTx, userId: number, values: PrimaryValues): Promise<boolean> {
    const written = await db.insert(kycProfiles).values({ userId, ...values })
      .onConflictDoUpdate({ target: kycProfiles.userId, set: values, setWhere: sql`${kycProfiles.state} IN ('primary', 'rejected')` })
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
    const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1);
    return row;
  },

  async submission(db: DbOrTx, id: number, lock = false): Promise<KycSubmissionRow | undefined> {
    const q = db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    const [row] = lock ? await q.for('update') : await q.limit(1);
    return row;
  },

  async decide(db: DbOrTx, id: number, values: Pick<KycSubmissionRow, 'decision' | 'decidedAt' | 'rejectReason' | 'rejectNote'>): Promise<void> {
    await db.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
  },

  /** Other users whose profile has this nationality and ID number key, by id. */
  async sameIdNumber(db: DbOrTx, nationality: string, idNumberKey: string, exceptUserId: number): Promise<number[]> {
    const rows = await db.select({ userId: kycProfiles.userId }).from(kycProfiles)
      .where(and(eq(kycProfiles.nationality, nationality), eq(kycProfiles.idNumberKey, idNumberKey), ne(kycProfiles.userId, exceptUserId)))
      .orderBy(kycProfiles.userId);
    return rows.map((r) => r.userId);
  },
};
