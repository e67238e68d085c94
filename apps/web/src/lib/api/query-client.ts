import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. No automatic retries: the API client already tells the user
 * about each failure (spec §8), and a retry would repeat the toast. Network mode "always":
 * offline, react-query would otherwise pause requests silently (a spinner that never ends)
 * where the API client answers at once with the no-network message.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
