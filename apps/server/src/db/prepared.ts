import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * A query built once per database handle instead of on every call: drizzle's query builder was
 * about a fifth of the CPU of a small authenticated request (docs/performance.md, "API"). Build it
 * with `sql.placeholder(...)` for its parameters and `.prepare(name)`: on PostgreSQL the statement
 * is then also parsed and planned once per connection. Only for the root handle, never a
 * transaction's (a prepared query runs on the handle it was built on).
 */
export function preparedOn<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Whether a handle is a transaction's (where `preparedOn` queries do not apply). */
export const isTransaction = (db: DbOrTx): boolean => db instanceof PgTransaction;

/**
 * A statement by name, prepared once per connection on PostgreSQL (node-postgres keeps it per
 * name), and its rows; on PGlite, a plain parameterised query. Outside any transaction (its own).
 * For hot statements built once as text (`MoneyCommands.single`): no query builder per call.
 */
export async function queryNamed(db: Db, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: { totalCount?: unknown; query(q: unknown, v?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const result = typeof client.totalCount === 'number' ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows;
}
