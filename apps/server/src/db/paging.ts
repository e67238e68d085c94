import { ADMIN_LIST_COUNT_CAP } from '@app/contract';
import { count, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * One page of a table's rows matching `where`, newest (highest id) first, with the number of all
 * matching rows: what every record list answers (`{ items, page, size, total }`).
 */
export async function newestFirst<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const from = table as PgTable;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(desc(table.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(from).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: total?.n ?? 0 };
}

/** A back-office list's total: the rows matching `where`, counted up to `cap` (ADMIN_LIST_COUNT_CAP). */
export interface CappedTotal {
  total: number;
  /** More than `cap` rows match; `total` is `cap`. */
  totalCapped: boolean;
}

/**
 * Counts the rows of `table` matching `where`, stopping after `cap` + 1 (`count(*)` over a
 * `LIMIT`ed subquery): as fast at a million rows as at ten thousand, where a plain `count(*)`
 * reads every matching row (docs/performance.md "Back-office lists at a million rows").
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap = ADMIN_LIST_COUNT_CAP,
): Promise<CappedTotal> {
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where)
      .limit(cap + 1)
      .as('capped'),
  );
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * newestFirst for the back office: the same page, its total counted up to the cap (cappedCount).
 * The page's ids are found first (an index-only scan where an index has the filter's columns and
 * the id), then only their rows are read: a deep page does not fetch the rows it skips.
 */
export async function newestFirstCapped<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: T['$inferSelect'][] } & CappedTotal> {
  const from = table as PgTable;
  const ids = db
    .select({ id: table.id })
    .from(from)
    .where(where)
    .orderBy(desc(table.id))
    .limit(size)
    .offset((page - 1) * size);
  const [rows, total] = await Promise.all([
    db.select().from(from).where(inArray(table.id, ids)).orderBy(desc(table.id)),
    cappedCount(db, from, where),
  ]);
  return { rows: rows as T['$inferSelect'][], ...total };
}
