import { useMatches } from 'react-router';
import type { RouteTitle } from '../route-table';

export interface RouteMeta {
  title: RouteTitle;
  tab: boolean;
}

/** The `handle` of the deepest matched route: its title and whether it is a tab page. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.title) return handle;
  }
  return { title: 'notFound', tab: false };
}
