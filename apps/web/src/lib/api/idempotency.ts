import { useState } from 'react';

/**
 * The web app's one way to make and hold an `Idempotency-Key` (the server's rule: docs/ledger.md
 * "Idempotency"). The key goes to the API functions (`idempotencyKey`), and api-client.ts alone
 * puts it in the header (`HEADER.idempotencyKey`).
 *
 * The product's rule: one key per user confirmation of one request. A retry of the same request
 * after its answer was lost (a transport failure) reuses the key, so the money moves once; a new
 * confirmation after a definite answer (success or a refusal), another body, or a new quote or
 * estimate token gets a new key.
 */

/** A new key: random (a UUID, within the server's 1–100 of `A-Za-z0-9_.:-`). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The keys of requests being confirmed, by their subject (the request body, a quote's id, an
 * estimate's token; compared as JSON). A subject keeps its key until the server answers it.
 */
export interface KeyMemo<Subject> {
  /** The subject's key: the one it already has (the same request sent again), else a new one. */
  keyFor(subject: Subject): string;
  /**
   * The server answered (success or a refusal, not a lost answer): the subject's next confirmation
   * is a new request with a new key. Without a subject, every subject held so far.
   */
  answered(subject?: Subject): void;
}

export interface KeyMemoOptions {
  /**
   * `latest` (the default): only the subject asked for last keeps its key; asking for another
   * (the user changed the body) forgets the earlier one. `each`: every subject keeps its own key
   * until it is answered (a financing estimate's token: the same token confirmed again, even after
   * another one, is the same subscription).
   */
  keep?: 'latest' | 'each';
  /** Makes a new key (tests give a predictable one). */
  newKey?: () => string;
}

export function createKeyMemo<Subject>({
  keep = 'latest',
  newKey = newIdempotencyKey,
}: KeyMemoOptions = {}): KeyMemo<Subject> {
  const keys = new Map<string, string>();
  return {
    keyFor(subject) {
      const id = JSON.stringify(subject);
      const held = keys.get(id);
      if (held !== undefined) return held;
      if (keep === 'latest') keys.clear();
      const key = newKey();
      keys.set(id, key);
      return key;
    },
    answered(subject) {
      if (subject === undefined) keys.clear();
      else keys.delete(JSON.stringify(subject));
    },
  };
}

/** A component's own KeyMemo, the same one for as long as it is mounted. */
export function useKeyMemo<Subject>(options?: KeyMemoOptions): KeyMemo<Subject> {
  const [memo] = useState(() => createKeyMemo<Subject>(options));
  return memo;
}
