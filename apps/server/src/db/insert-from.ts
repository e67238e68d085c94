import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `INSERT INTO table (…) SELECT <values>, <taken> FROM <from>`, built once for a prepared
 * statement: a row whose values come with each execution (one placeholder per key of `values`,
 * named after it, encoded and cast as its column: a parameter in a SELECT list would otherwise be
 * text), but for some (`taken`, SQL over `from`) that another part of the same statement makes (a
 * CTE: the posted ledger transaction of `MoneyCommands.single`, an id another CTE inserted). One
 * row per row of `from`, none when it is empty.
 */
export function insertFrom<T extends PgTable>(
  table: T,
  values: readonly (keyof T['$inferInsert'] & string)[],
  from: SQL,
  taken: Partial<Record<keyof T['$inferInsert'], SQL>>,
  returning?: SQL,
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const column = (key: string) => {
    const c = columns[key];
    if (!c) throw new Error(`insertFrom: no column ${key}`);
    return c;
  };
  const names: SQL[] = [];
  const exprs: SQL[] = [];
  for (const key of values) {
    const c = column(key);
    names.push(sql`${sql.identifier(c.name)}`);
    exprs.push(sql`${sql.param(sql.placeholder(key), c as never)}::${sql.raw(c.getSQLType())}`);
  }
  for (const [key, expr] of Object.entries(taken as Record<string, SQL>)) {
    names.push(sql`${sql.identifier(column(key).name)}`);
    exprs.push(expr);
  }
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT ${sql.join(exprs, sql`, `)} FROM ${from}${returning ? sql` RETURNING ${returning}` : sql``}`;
}
