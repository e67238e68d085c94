import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type HomeShortcut, type Language } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { useSessionStore } from '../../../lib/session/session-store';

/** Operators change the shortcuts rarely: kept for a few minutes. */
const SHORTCUTS_STALE_MS = 5 * 60 * 1000;

/** `home/shortcuts`: the shown shortcuts in their order, labelled in the request language. No toast on failure: the grid falls back. */
export function getShortcuts(): Promise<HomeShortcut[]> {
  return apiGet<HomeShortcut[]>(API.home.shortcuts, undefined, { silent: true });
}

export function shortcutsQuery(language: Language) {
  return queryOptions({
    queryKey: ['home', 'shortcuts', language],
    queryFn: getShortcuts,
    staleTime: SHORTCUTS_STALE_MS,
  });
}

export function useShortcuts() {
  const language = useSessionStore((s) => s.language);
  return useQuery(shortcutsQuery(language));
}
