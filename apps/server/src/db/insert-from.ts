import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `INSERT INTO table (…) SELECT <values>, <taken> FROM <from>`: a row whose values are known, but
 * for some (`taken`, SQL over `from`) that another part of the same statement makes (a CTE: the
 * posted ledger transaction of `MoneyCommands.single`, an id another CTE inserted). One row per
 * row of `from`, none when it is empty. Each value is sent as a parameter encoded and cast as its
 * column (a parameter in a SELECT list would otherwise be text).
 */
export function insertFrom<T extends PgTable>(
  table: T,
  values: Partial<T['$inferInsert']>,
  from: SQL,
  taken: Partial<Record<keyof T['$inferInsert'], SQL>>,
  returning?: SQL,
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string; mapToDriverValue(v: unknown): unknown }>;
  const names: SQL[] = [];
  const exprs: SQL[] = [];
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`insertFrom: no column ${key}`);
    names.push(sql`${sql.identifier(column.name)}`);
    exprs.push(sql`${sql.param(value, column as never)}::${sql.raw(column.getSQLType())}`);
  }
  for (const [key, expr] of Object.entries(taken as Record<string, SQL | undefined>)) {
    const column = columns[key];
    if (!column || !expr) throw new Error(`insertFrom: no column ${key}`);
    names.push(sql`${sql.identifier(column.name)}`);
    exprs.push(expr);
  }
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT ${sql.join(exprs, sql`, `)} FROM ${from}${returning ? sql` RETURNING ${returning}` : sql``}`;
}
