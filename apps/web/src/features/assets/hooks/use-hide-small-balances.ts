import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../lib/session/storage';

function stored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.hideSmallBalances) !== 'false';
  } catch {
    return true;
  }
}

/**
 * "Hide small balances" on the assets page: on by default (a new user holds nothing, and 42 zero
 * rows hide what matters), remembered in this browser when changed.
 */
export function useHideSmallBalances(): [boolean, (hide: boolean) => void] {
  const [hide, setHide] = useState(stored);
  const change = useCallback((next: boolean) => {
    setHide(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.hideSmallBalances, String(next));
    } catch {
      // Storage refused (private mode): the choice holds for this visit.
    }
  }, []);
  return [hide, change];
}
