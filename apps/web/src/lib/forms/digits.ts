/** Keeps only digits, at most `max` of them (code inputs). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/[^0-9]/g, '').slice(0, max);
}
