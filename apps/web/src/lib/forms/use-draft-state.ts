import { useCallback, useState } from 'react';

/**
 * Form values that survive leaving and re-entering a page in this tab (for example a phone
 * number while the user picks a country). Kept in memory only, never in storage, and at
 * most MAX_DRAFTS of them; do not draft passwords with it.
 */
const drafts = new Map<string, unknown>();
const MAX_DRAFTS = 50;

export function useDraftState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (drafts.has(key) ? (drafts.get(key) as T) : initial));
  const update = useCallback(
    (next: T) => {
      drafts.delete(key);
      if (drafts.size >= MAX_DRAFTS) {
        const oldest = drafts.keys().next().value;
        if (oldest !== undefined) drafts.delete(oldest);
      }
      drafts.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, update];
}

export function clearDrafts(): void {
  drafts.clear();
}
