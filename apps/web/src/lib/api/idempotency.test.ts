import { describe, expect, it } from 'vitest';
import { createKeyMemo, newIdempotencyKey } from './idempotency';

/** Keys k1, k2, … in the order they are made. */
const counter = () => {
  let n = 0;
  return () => `k${(n += 1)}`;
};

describe('newIdempotencyKey', () => {
  it('makes a new key each time, within the characters the server accepts', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    for (const key of [a, b]) expect(key).toMatch(/^[A-Za-z0-9_.:-]{1,100}$/);
  });
});

describe('createKeyMemo (latest)', () => {
  it('reuses the key for the same request until the server answers', () => {
    const keys = createKeyMemo<{ quoteId: string; fundPassword: string }>({ newKey: counter() });
    const body = { quoteId: 'q1', fundPassword: 'pw' };
    expect(keys.keyFor(body)).toBe('k1');
    expect(keys.keyFor({ ...body })).toBe('k1');
    keys.answered();
    expect(keys.keyFor(body)).toBe('k2');
  });

  it('gives another body another key, and forgets the earlier one', () => {
    const keys = createKeyMemo<{ amount: string }>({ newKey: counter() });
    expect(keys.keyFor({ amount: '1' })).toBe('k1');
    expect(keys.keyFor({ amount: '2' })).toBe('k2');
    expect(keys.keyFor({ amount: '2' })).toBe('k2');
    expect(keys.keyFor({ amount: '1' })).toBe('k3');
  });

  it('makes UUIDs unless told otherwise', () => {
    const keys = createKeyMemo<string>();
    expect(keys.keyFor('q1')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('createKeyMemo (each)', () => {
  it('keeps every subject’s key until that subject is answered', () => {
    const keys = createKeyMemo<string>({ keep: 'each', newKey: counter() });
    expect(keys.keyFor('t1')).toBe('k1');
    expect(keys.keyFor('t2')).toBe('k2');
    expect(keys.keyFor('t1')).toBe('k1');
    keys.answered('t1');
    expect(keys.keyFor('t1')).toBe('k3');
    expect(keys.keyFor('t2')).toBe('k2');
  });

  it('forgets every key when answered without a subject', () => {
    const keys = createKeyMemo<string>({ keep: 'each', newKey: counter() });
    keys.keyFor('t1');
    keys.keyFor('t2');
    keys.answered();
    expect(keys.keyFor('t1')).toBe('k3');
    expect(keys.keyFor('t2')).toBe('k4');
  });
});
