import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cappedCount, type CappedTotal } from '../../db/paging';
import { operators, operatorSessions } from '../../db/schema-operators';

export type OperatorRow = typeof operators.$inferSelect;

export const operatorRepo = {
  async insert(db: DbOrTx, row: typeof operators.$inferInsert): Promise<OperatorRow> {
    const [created] = await db.insert(operators).values(row).returning();
    return created!;
  },
  async byEmail(db: DbOrTx, email: string): Promise<OperatorRow | undefined> {
    return (await db.select().from(operators).where(eq(operators.email, email)).limit(1))[0];
  },
  async byId(db: DbOrTx, id: number): Promise<OperatorRow | undefined> {
    return (await db.select().from(operators).where(eq(operators.id, id)).limit(1))[0];
  },
  async byIdForUpdate(db: DbOrTx, id: number): Promise<OperatorRow | undefined> {
    return (await db.select().from(operators).where(eq(operators.id, id)).limit(1).for('update'))[0];
  },
  async page(db: DbOrTx, page: number, size: number): Promise<{ rows: OperatorRow[] } & CappedTotal> {
    const rows = await db
      .select()
      .from(operators)
      .orderBy(desc(operators.id))
      .limit(size)
      .offset((page - 1) * size);
    return { rows, ...(await cappedCount(db, operators, undefined)) };
  },
  async disable(db: DbOrTx, id: number, at: Date): Promise<OperatorRow> {
    const [row] = await db.update(operators).set({ disabledAt: at }).where(eq(operators.id, id)).returning();
    return row!;
  },
  /**
   * Takes TOTP step `step` for the operator if it is later than the last one taken: a conditional
   * update, so of two sign-ins racing with one code only one gets it.
   */
  async takeTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
    const rows = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, id), lt(operators.totpLastStep, step)))
      .returning({ id: operators.id });
    return rows.length === 1;
  },
};

export const operatorSessionRepo = {
  async insert(db: DbOrTx, row: typeof operatorSessions.$inferInsert): Promise<number> {
    const [created] = await db.insert(operatorSessions).values(row).returning({ id: operatorSessions.id });
    return created!.id;
  },
  /** The session of a token hash, with its operator; looked up in the operator tables only. */
  async withOperatorByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async touch(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.id, id));
  },
  async revoke(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(operatorSessions)
      .set({ revokedAt: at })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
  },
  async revokeAllOf(db: DbOrTx, operatorId: number, at: Date): Promise<void> {
    await db
      .update(operatorSessions)
      .set({ revokedAt: at })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  },
};
