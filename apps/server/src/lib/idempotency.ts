import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { sha256Hex } from './secrets';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** JSON with sorted keys, so the same body always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyRequest {
  key: string;
  requestHash: string;
}

/**
 * The `Idempotency-Key` of a request and the hash of what it asks, or null without a key. The key's
 * row (`idempotency_keys`) is the ledger's: its money command runs a keyed request once (ledger/idempotency.ts).
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (!KEY_PATTERN.test(key)) throw new AppError('INVALID_PARAMETER', { field: 'Idempotency-Key' });
  const path = request.url.split('?')[0];
  return {
    key,
    requestHash: sha256Hex(`${request.method} ${path} ${request.typeUser} ${stable(request.body ?? null)}`),
  };
}
