import { and, eq } from 'drizzle-orm';
import { newestFirst } from '../../db/paging';
import type { DbOrTx } from '../../db/client';
import { transfers } from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;

export const walletRepo = {
  async insertTransfer(db: DbOrTx, row: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [created] = await db.insert(transfers).values(row).returning();
    return created!;
  },

  async transfers(db: DbOrTx, userId: number, mode: string, page: number, size: number) {
    const { rows, total } = await newestFirst(db, transfers, and(eq(transfers.userId, userId), eq(transfers.mode, mode)), page, size);
    return { items: rows, total };
  },
};
