import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { API, type Notice, type NoticePage, type UnreadCount } from '@app/contract';
import { apiGet, apiPost } from '../../../lib/api/api-client';
import { setUnreadCount, useUnreadStore } from '../../../lib/notices';
import { useSessionStore } from '../../../lib/session/session-store';
import { markRead, markAllRead } from '../model/notice-list';

export const NOTICES_PAGE_SIZE = 20;

/** Query keys: per language (the server words the notices in it). */
export const noticeKeys = {
  all: ['notifications'] as const,
  list: (language: string) => [...noticeKeys.all, 'list', language] as const,
  detail: (language: string, id: string) => [...noticeKeys.all, 'detail', language, id] as const,
};

export type NoticePages = InfiniteData<NoticePage, number>;

export function getNoticePage(page: number): Promise<NoticePage> {
  return apiGet<NoticePage>(API.notification.list, { page, size: NOTICES_PAGE_SIZE });
}

/** The user's notifications and announcements, newest first, a page at a time. */
export function useNoticeList() {
  const language = useSessionStore((s) => s.language);
  return useInfiniteQuery({
    queryKey: noticeKeys.list(language),
    queryFn: async ({ pageParam }) => {
      const page = await getNoticePage(pageParam);
      setUnreadCount(page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** One notice; reading it marks it read (read-noti) once it is shown. */
export function useNoticeDetail(id: string | null) {
  const language = useSessionStore((s) => s.language);
  return useQuery({
    queryKey: noticeKeys.detail(language, id ?? ''),
    queryFn: () => apiGet<Notice>(API.notification.detail, { id: id ?? '' }),
    enabled: id !== null,
  });
}

/** Marks one notice read: at once in the list, then on the server (whose `unread` event sets every tab's badge). */
export function useReadNotice() {
  const client = useQueryClient();
  const language = useSessionStore((s) => s.language);
  return useMutation({
    mutationFn: (id: string) => apiPost<unknown>(API.notification.readNoti, { id }, { silent: true }),
    onMutate: (id) => {
      const detail = client.getQueryData<Notice>(noticeKeys.detail(language, id));
      if (detail && !detail.read) {
        client.setQueryData<Notice>(noticeKeys.detail(language, id), { ...detail, read: true });
        // At once here; the stream's `unread` event then sets the exact count in every tab.
        const unread = useUnreadStore.getState().unread;
        if (unread !== null) setUnreadCount(unread - 1);
      }
      client.setQueryData<NoticePages>(noticeKeys.list(language), (data) => (data ? markRead(data, id) : data));
    },
  });
}

/** "Mark all read" (reset-num-noti). */
export function useMarkAllRead() {
  const client = useQueryClient();
  const language = useSessionStore((s) => s.language);
  return useMutation({
    mutationFn: () => apiGet<UnreadCount | null>(API.notification.resetNumNoti),
    onSuccess: () => {
      setUnreadCount(0);
      client.setQueryData<NoticePages>(noticeKeys.list(language), (data) => (data ? markAllRead(data) : data));
    },
  });
}
