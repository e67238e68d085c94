type PgError = { code?: string; constraint?: string; cause?: unknown };

/** The PostgreSQL error of SQLSTATE `code` in `err` or its causes (drizzle wraps it), if there is one. */
function pgErrorOf(err: unknown, code: string): PgError | undefined {
  for (let e = err as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code === code) return e;
  }
  return undefined;
}

/** Whether `err` is, or was caused by, a PostgreSQL error of SQLSTATE `code`. */
export const hasSqlState = (err: unknown, code: string): boolean => pgErrorOf(err, code) !== undefined;

/** The constraint a unique violation (SQLSTATE 23505) broke, looking through drizzle's wrapper. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = pgErrorOf(err, '23505');
  return e ? (e.constraint ?? 'unknown') : undefined;
}
