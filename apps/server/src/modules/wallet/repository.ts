import { and, eq, sql } from 'drizzle-orm';
import { newestFirst } from '../../db/paging';
import type { DbOrTx } from '../../db/client';
import { insertFrom } from '../../db/insert-from';
import { moneyRecords } from '../ledger';
import { transfers } from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;
export type TransferValues = Omit<typeof transfers.$inferInsert, 'id' | 'transactionId'>;

/** A transfer's row, written with its ledger transaction (`MoneyCommands.single`). */
export const transferRecords = moneyRecords<Required<TransferValues>>(
  'transfer',
  (posted) =>
    sql`transfer AS (${insertFrom(
      transfers,
      ['publicId', 'userId', 'mode', 'fromWallet', 'toWallet', 'asset', 'amount', 'createdAt'],
      posted,
      { transactionId: sql`${posted}.transaction_id` },
    )})`,
);

export const walletRepo = {
  async insertTransfer(db: DbOrTx, row: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [created] = await db.insert(transfers).values(row).returning();
    return created!;
  },

  async transfers(db: DbOrTx, userId: number, mode: string, page: number, size: number) {
    const { rows, total } = await newestFirst(
      db,
      transfers,
      and(eq(transfers.userId, userId), eq(transfers.mode, mode)),
      page,
      size,
    );
    return { items: rows, total };
  },
};
