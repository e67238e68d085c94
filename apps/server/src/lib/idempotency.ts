import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
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
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, key: idem.key, requestHash: idem.requestHash, response: sql`'null'::jsonb`, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idem.key)));
    if (!row || row.requestHash !== idem.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return row.response as T;
  }
  const result = await work();
  await tx
    .update(idempotencyKeys)
    // An answer of null (demo reset) is stored as JSON null: the column's SQL NULL is refused.
    .set({ response: result === null || result === undefined ? sql`'null'::jsonb` : (result as object) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idem.key)));
  return result;
}
