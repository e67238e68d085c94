import type { QueryClient } from '@tanstack/react-query';
import { clearDrafts } from '../forms/use-draft-state';
import { STORAGE_KEYS, STORAGE_PREFIX } from './storage';

/* Apart from storage.ts, which the entry loads on every page: only the profile and version pages clear the cache. */

/** Keys that survive "clear cache": the session (the user stays logged in) and display choices. */
const KEPT_ON_CLEAR_CACHE: readonly string[] = [STORAGE_KEYS.session, STORAGE_KEYS.hideSmallBalances];

/** Removes this app's cached data from local and session storage, keeping the session; answers how many items went. */
export function clearAppCache(): number {
  let removed = 0;
  for (const store of [window.localStorage, window.sessionStorage]) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key && key.startsWith(STORAGE_PREFIX) && !KEPT_ON_CLEAR_CACHE.includes(key)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
    removed += keys.length;
  }
  return removed;
}

/** What "clear cache" removed: saved server answers, stored items, offline (service worker) caches. */
export interface ClearCacheReport {
  answers: number;
  stored: number;
  offline: number;
}

/**
 * "Clear cache" (docs/product.md §2 profile): the query cache, form drafts, the app's stored non-essential
 * items and any Cache Storage entries; never the session. Counts what went, for the message.
 * `client` is the app's query client (the caller's `useQueryClient()`).
 */
export async function clearCaches(client: QueryClient): Promise<ClearCacheReport> {
  const stored = clearAppCache();
  clearDrafts();
  const answers = client.getQueryCache().getAll().length;
  client.clear();
  let offline = 0;
  if ('caches' in window) {
    const keys = await window.caches.keys().catch(() => [] as string[]);
    const deleted = await Promise.all(keys.map((k) => window.caches.delete(k).catch(() => false)));
    offline = deleted.filter(Boolean).length;
  }
  return { answers, stored, offline };
}
