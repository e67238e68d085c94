import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * One page of a table's rows matching `where`, newest (highest id) first, with the number of all
 * matching rows: what every record list answers (`{ items, page, size, total }`).
 */
export async function newestFirst<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx, table: T, where: SQL | undefined, page: number, size: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const from = table as PgTable;
  const [rows, [total]] = await Promise.all([
    db.select().from(from).where(where).orderBy(desc(table.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(from).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: total?.n ?? 0 };
}
