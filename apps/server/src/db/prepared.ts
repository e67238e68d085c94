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
export async function queryNamed(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = (
    db as unknown as {
      $client: { totalCount?: unknown; query(q: unknown, v?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const result =
    typeof client.totalCount === 'number'
      ? await client.query({ name, text, values })
      : await client.query(text, values);
  return result.rows;
}

/** A value of `queryPreparedPlain`: a safe integer, or a text (quoted as an SQL literal on PGlite). */
export type PlainValue = number | string;

/** PGlite handles whose session has the statement PREPAREd, by statement name. */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `value` as an SQL literal: a safe integer as digits, a text between quotes with its quotes doubled (standard_conforming_strings). */
function plainLiteral(value: PlainValue): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`queryPreparedPlain: ${value} is not a safe integer`);
    return String(value);
  }
  if (value.includes('\u0000')) throw new Error('queryPreparedPlain: a text with a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `queryNamed` for a read whose values are only integers and short texts, on the path every
 * request of a kind takes. On PostgreSQL it is `queryNamed`. On PGlite, whose parameterised query
 * parses and plans the statement on every call (0.4–0.5 ms for a one-table read, most of
 * `account/list`), the statement is PREPAREd once in PGlite's session (it has one connection) and
 * EXECUTEd with the values as literals (PGlite's protocol takes no parameters for EXECUTE) in
 * the simple protocol: about 0.1 ms. The values are typed and encoded above; no caller text is ever pasted unquoted.
 */
export async function queryPreparedPlain(
  db: Db,
  name: string,
  text: string,
  values: PlainValue[],
): Promise<Record<string, unknown>[]> {
  const client = (
    db as unknown as {
      $client: object & { totalCount?: unknown; exec(q: string): Promise<{ rows: Record<string, unknown>[] }[]> };
    }
  ).$client;
  const literals = values.map(plainLiteral); // checked on both databases alike
  if (typeof client.totalCount === 'number') return queryNamed(db, name, text, values);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`queryPreparedPlain: statement name ${name}`);
  let names = preparedOnPglite.get(client);
  if (!names) preparedOnPglite.set(client, (names = new Map()));
  let prepared = names.get(name);
  if (!prepared) {
    prepared = client.exec(`PREPARE ${name} AS ${text}`);
    names.set(name, prepared);
    // A failed PREPARE is tried again by the next call.
    prepared.catch(() => names.delete(name));
  }
  await prepared;
  // The simple protocol (`exec`, one statement): 70–80 µs where `query`'s extended one took 110–200.
  const [result] = await client.exec(`EXECUTE ${name}(${literals.join(', ')})`);
  if (!result) throw new Error(`queryPreparedPlain: EXECUTE ${name} answered no result`);
  return result.rows;
}
