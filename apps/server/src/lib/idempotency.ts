import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Tx } from '../db/client';
import { AppError } from './app-error';
import { sha256Hex } from './secrets';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** JSON with sorted keys, so the same body always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyRequest {
  key: string;
  requestHash: string;
}

/** The `Idempotency-Key` of a request and the hash of what it asks, or null without a key. */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!KEY_PATTERN.test(key)) throw new AppError('INVALID_PARAMETER', { field: 'Idempotency-Key' });
  const path = request.url.split('?')[0];
  return { key, requestHash: sha256Hex(`${request.method} ${path} ${request.typeUser} ${stable(request.body ?? null)}`) };
}

/**
 * Runs `work` once per key: a replay, sequential or concurrent, gets the first answer and moves
 * nothing. The key row is written in the caller's transaction, before the work: a concurrent
 * replay blocks on it until the first commits (then reads its answer) or rolls back (then does
 * the work itself). A failed request stores nothing, so retrying it is safe.
 */
export async function once<T>(tx: Tx, userId: number, idem: IdempotencyRequest | null, now: Date, work: () => Promise<T>): Promise<T> {
  if (!idem) return work();
  // Plain SQL: this runs in every money command, and the query builder cost more than the statements.
  const inserted = rowsOf(await tx.execute(sql`
    INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
    VALUES (${userId}, ${idem.key}, ${idem.requestHash}, 'null'::jsonb, ${now.toISOString()})
    ON CONFLICT DO NOTHING RETURNING 1 AS inserted`));
  if (inserted.length === 0) {
    const [row] = rowsOf(await tx.execute(sql`
      SELECT request_hash, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${idem.key}`));
    if (!row || row.request_hash !== idem.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return row.response as T;
  }
  const result = await work();
  // An answer of null (demo reset) is stored as JSON null: the column's SQL NULL is refused.
  await tx.execute(sql`
    UPDATE idempotency_keys SET response = ${JSON.stringify(result ?? null)}::jsonb WHERE user_id = ${userId} AND key = ${idem.key}`);
  return result;
}
