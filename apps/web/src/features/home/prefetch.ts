import { tickersByTypeQuery } from '../../lib/api/get-tickers-by-type';
import { queryClient } from '../../lib/api/query-client';
import { getSession } from '../../lib/session/session-store';
import { bannersQuery } from './api/get-banners';
import { shortcutsQuery } from './api/get-shortcuts';

/**
 * The home page's first data (its banners, its shortcuts, the spot overview), asked for while the page's code
 * is still loading (app/route-table.ts): the banner, the largest thing on the page, comes one
 * round trip sooner. Kept out of index.ts, which the app loads lazily.
 *
 * It runs before React renders anything (main.tsx → preloadPage), so there is no `useQueryClient()`
 * to call: it fills the app's one client directly (lib/api/query-client.ts), the one the page then reads.
 */
export function prefetchHome(): void {
  void queryClient.prefetchQuery(bannersQuery('home', getSession().language));
  void queryClient.prefetchQuery(shortcutsQuery(getSession().language));
  void queryClient.prefetchQuery(tickersByTypeQuery('SPOT', { prefetch: true }));
}
