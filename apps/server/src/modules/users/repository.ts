import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const userRepo = {
  async byEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  },
  async byPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0];
  },
  async byUid(db: DbOrTx, uid: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.uid, uid)).limit(1))[0];
  },
  async byId(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  },
  async byInvitationCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.invitationCode, code)).limit(1))[0];
  },
  async insert(db: DbOrTx, row: NewUser): Promise<UserRow> {
    const [created] = await db.insert(users).values(row).returning();
    return created!;
  },
  async update(db: DbOrTx, id: number, patch: Partial<NewUser>): Promise<UserRow> {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row!;
  },
  async setFundPasswordIfUnset(db: DbOrTx, id: number, hash: string, at: Date): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ fundPasswordHash: hash, updatedAt: at })
      .where(and(eq(users.id, id), isNull(users.fundPasswordHash)))
      .returning();
    return row;
  },
};
