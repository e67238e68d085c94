import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operators } from '../../db/schema-operators';

/** The e-mails of these operators, by id (what the back office shows of who decided or approved something). */
export async function operatorEmails(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: operators.id, email: operators.email }).from(operators).where(inArray(operators.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}
