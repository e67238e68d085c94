import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { queryPreparedPlain } from './prepared';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('queryPreparedPlain', () => {
  const echo = (values: (number | string)[]) =>
    queryPreparedPlain(
      database.db,
      'test_echo',
      'SELECT $1::bigint::text AS n, $2::text AS s, length($2::text) AS len',
      values,
    );

  it('answers as a parameterised query would, the same statement many times, texts with quotes and backslashes unchanged', async () => {
    const texts = ["it's", "''; DROP TABLE users; --", "back\\slash \\' mixed", 'ünïcödé 中文', ''];
    for (const [i, s] of texts.entries()) {
      const [row] = await echo([9_007_199_254_740_991 - i, s]);
      expect(row).toEqual({ n: String(9_007_199_254_740_991 - i), s, len: [...s].length });
    }
    // Many at once: the first call's PREPARE is shared, not repeated.
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => echo([i, `u${i}`])));
    expect(rows.map((r) => r[0]!.s)).toEqual(Array.from({ length: 20 }, (_, i) => `u${i}`));
  });

  it('refuses a value it cannot write exactly as a literal', async () => {
    await expect(echo([2 ** 53, 'x'])).rejects.toThrow();
    await expect(echo([1.5, 'x'])).rejects.toThrow();
    await expect(echo([1, 'a\u0000b'])).rejects.toThrow();
  });
});
