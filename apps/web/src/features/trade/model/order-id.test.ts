import { describe, expect, it } from 'vitest';
import { positiveId } from './order-id';

describe('positiveId', () => {
  it('reads a positive whole id', () => {
    expect(positiveId('42')).toBe(42);
    expect(positiveId('9007199254740991')).toBe(9007199254740991);
  });

  it('refuses anything else', () => {
    for (const text of [null, '', '0', '-1', '01', '1.5', '1e3', 'abc', '9007199254740993', '12345678901234567']) {
      expect(positiveId(text)).toBeNull();
    }
  });
});
