import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, type NewsCalendar, type NewsDetail, type NewsKind, type NewsPage } from '@app/contract';
import { apiGet } from '../../lib/api/api-client';

const PAGE_SIZE = 20;

/** Query keys carry the language: a post is answered in the request's language (`lang` header). */
export const newsKeys = {
  all: ['news'] as const,
  list: (kind: NewsKind, lang: string) => [...newsKeys.all, 'list', kind, lang] as const,
  detail: (id: string, lang: string) => [...newsKeys.all, 'detail', id, lang] as const,
  calendar: ['news', 'calendar'] as const,
};

/** `news/list`: published posts of one kind, newest first, a page at a time. */
export function useNewsList(kind: NewsKind) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: newsKeys.list(kind, i18n.language),
    queryFn: ({ pageParam }) => apiGet<NewsPage>(API.news.list, { kind, page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: NewsPage) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

/** `news/detail`: one post with its body; a missing or withdrawn one answers an error the page shows. */
export function useNewsDetail(id: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: newsKeys.detail(id ?? '', i18n.language),
    queryFn: () => apiGet<NewsDetail>(API.news.detail, { id: id ?? '' }, { silent: true }),
    enabled: id !== null && id !== '',
    retry: false,
    staleTime: 60_000,
  });
}

/** The economic calendar's address (null: not configured on the server). */
export function useCalendarUrl() {
  return useQuery({
    queryKey: newsKeys.calendar,
    queryFn: () => apiGet<NewsCalendar>(API.news.calendar),
    staleTime: 10 * 60_000,
  });
}
