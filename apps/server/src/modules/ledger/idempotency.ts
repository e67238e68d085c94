import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { IdempotencyRequest } from '../../lib/idempotency';

/**
 * Runs `work` once per key: a replay, sequential or concurrent, gets the first answer and moves
 * nothing. The key row is written in the caller's transaction, before the work: a concurrent
 * replay blocks on it until the first commits (then reads its answer) or rolls back (then does
 * the work itself). A failed request stores nothing, so retrying it is safe.
 */
export async function once<T>(
  tx: Tx,
  userId: number,
  idem: IdempotencyRequest | null,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  if (!idem) return work();
  // Plain SQL: this runs in every money command, and the query builder cost more than the statements.
  const inserted = rowsOf(
    await tx.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
    VALUES (${userId}, ${idem.key}, ${idem.requestHash}, 'null'::jsonb, ${now.toISOString()})
    ON CONFLICT DO NOTHING RETURNING 1 AS inserted`),
  );
  if (inserted.length === 0) {
    const [row] = rowsOf(
      await tx.execute(sql`
      SELECT request_hash, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${idem.key}`),
    );
    if (!row || row.request_hash !== idem.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return row.response as T;
  }
  const result = await work();
  // An answer of null (demo reset) is stored as JSON null: the column's SQL NULL is refused.
  await tx.execute(sql`
    UPDATE idempotency_keys SET response = ${JSON.stringify(result ?? null)}::jsonb WHERE user_id = ${userId} AND key = ${idem.key}`);
  return result;
}
