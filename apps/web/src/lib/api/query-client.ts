import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. No automatic retries: the API client already tells the user
 * about each failure (docs/product.md §8), and a retry would repeat the toast. Network mode "always":
 * offline, react-query would otherwise pause requests silently (a spinner that never ends)
 * where the API client answers at once with the no-network message.
 *
 * Back online, every shown query that failed is fetched again, even one whose older data is
 * still fresh (refetchOnReconnect's default only refetches stale data): a screen that failed
 * offline recovers by itself (issue 13 item 16).
 *
 * How code reaches it: components and hooks call `useQueryClient()` (the client app/providers.tsx
 * gives React). This export is imported only where no React tree is there to ask: the provider
 * itself, work started before the first render (features/home/prefetch.ts) and the test harness
 * (test/setup.ts, test/render.tsx). A function called from a hook takes the client as an argument
 * (lib/session/clear-cache.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: (query) => (query.state.status === 'error' ? 'always' : true),
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
