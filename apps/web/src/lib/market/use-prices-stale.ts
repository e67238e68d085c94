import { useSyncExternalStore } from 'react';
import { isConnectionDown, onConnectionStatus, type ConnectionKey } from './connections';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const off = onConnectionStatus(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    off();
  };
}

/**
 * Whether the prices a connection delivers are no longer live: the browser is offline, or the
 * connection was lost and is reconnecting (issue 13 item 16). Screens grey those prices and say so.
 */
export function usePricesStale(key: ConnectionKey = 'general'): boolean {
  return useSyncExternalStore(subscribe, () => !navigator.onLine || isConnectionDown(key));
}
