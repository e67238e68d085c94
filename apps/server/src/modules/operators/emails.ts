import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operators } from '../../db/schema-operators';

/** The e-mails of these operators, by id (what the back office shows of who decided or approved something). */
export async function operatorEmails(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Enabled operators of these roles, by e-mail (who may take a chat conversation); only the one of `id` when given. */
export async function enabledOperators(
  db: DbOrTx,
  roles: readonly string[],
  id?: number,
): Promise<{ id: number; email: string }[]> {
  const conds: SQL[] = [inArray(operators.role, [...roles]), isNull(operators.disabledAt)];
  if (id !== undefined) conds.push(eq(operators.id, id));
  return db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(and(...conds))
    .orderBy(asc(operators.email));
}
