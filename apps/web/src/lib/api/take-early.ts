import type { Language } from '@app/contract';
import { early, earlyKey } from './early';

/**
 * The early answer to `url` in `language`, once (later calls get undefined), or, when that
 * request failed, what `fallback` answers.
 */
export function takeEarly<T>(url: string, language: Language, fallback: () => Promise<T>): Promise<T> | undefined {
  const key = earlyKey(url, language);
  const request = early.get(key) as Promise<T> | undefined;
  if (!request) return undefined;
  early.delete(key);
  return request.catch(fallback);
}
