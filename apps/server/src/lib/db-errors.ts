/** The constraint a unique violation (SQLSTATE 23505) broke, looking through drizzle's wrapper. */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? 'unknown';
  }
  return undefined;
}
