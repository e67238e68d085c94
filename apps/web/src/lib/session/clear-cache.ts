import { STORAGE_KEYS, STORAGE_PREFIX } from './storage';

/* Apart from storage.ts, which the entry loads on every page: only the profile page clears the cache. */

/** Keys that survive "clear cache": the session (the user stays logged in) and display choices. */
const KEPT_ON_CLEAR_CACHE: readonly string[] = [STORAGE_KEYS.session, STORAGE_KEYS.hideSmallBalances];

/** Removes this app's cached data from local and session storage, keeping the session. */
export function clearAppCache(): void {
  for (const store of [window.localStorage, window.sessionStorage]) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key && key.startsWith(STORAGE_PREFIX) && !KEPT_ON_CLEAR_CACHE.includes(key)) keys.push(key);
    }
    keys.forEach((key) => store.removeItem(key));
  }
}
