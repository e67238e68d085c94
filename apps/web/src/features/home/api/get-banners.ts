import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Banner, type Language } from '@app/contract';
import { apiGet } from '../../../lib/api/api-client';
import { takeEarly } from '../../../lib/api/take-early';
import { bannerListUrl } from './banner-list-url';
import { useSessionStore } from '../../../lib/session/session-store';

/** Banners change only with a release: kept for the visit. */
const BANNERS_STALE_MS = 60 * 60 * 1000;

/** The banners of a position, titles in the request language. A banner is decoration: no toast on failure. */
export function getBanners(position: 'home' | 'quote'): Promise<Banner[]> {
  return apiGet<Banner[]>(API.banner.list, { position }, { silent: true });
}

/**
 * The query of a position's banners in a language (titles are translated by the server). The
 * first time, it takes the answer the entry asked for early (app/first-view.ts) when there is one.
 */
export function bannersQuery(position: 'home' | 'quote', language: Language) {
  return queryOptions({
    queryKey: ['banner', position, language],
    queryFn: () => takeEarly(bannerListUrl(position), language, () => getBanners(position)) ?? getBanners(position),
    staleTime: BANNERS_STALE_MS,
  });
}

export function useBanners(position: 'home' | 'quote') {
  const language = useSessionStore((s) => s.language);
  return useQuery(bannersQuery(position, language));
}
