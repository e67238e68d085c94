import { describe, expect, it } from 'vitest';
import { ConfirmKeys } from './idempotency-keys';

describe('confirmation idempotency keys', () => {
  const counter = () => {
    let n = 0;
    return () => `k${++n}`;
  };

  it('reuses the key for the same body until the server answers', () => {
    const keys = new ConfirmKeys<{ quoteId: string; fundPassword: string }>(counter());
    const body = { quoteId: 'q1', fundPassword: 'pw' };
    expect(keys.keyFor(body)).toBe('k1');
    expect(keys.keyFor({ ...body })).toBe('k1');
    keys.answered();
    expect(keys.keyFor(body)).toBe('k2');
  });

  it('gives another body another key', () => {
    const keys = new ConfirmKeys<{ quoteId: string }>(counter());
    expect(keys.keyFor({ quoteId: 'q1' })).toBe('k1');
    expect(keys.keyFor({ quoteId: 'q2' })).toBe('k2');
  });
});
