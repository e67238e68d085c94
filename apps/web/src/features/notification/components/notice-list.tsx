import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { dateTimeAttribute, formatDateTime } from '../../../lib/format';
import { useNoticeEvents, useUnreadCount } from '../../../lib/notices';
import { useSessionStore } from '../../../lib/session/session-store';
import { noticeKeys, useMarkAllRead, useNoticeList, type NoticePages } from '../api/notices';
import { addLive, isNotice } from '../model/notice-list';
import { useNotificationText } from '../strings';

/** A time on screen with its machine-readable form. */
export function NoticeTime({ ms }: { ms: number }) {
  return <time dateTime={dateTimeAttribute(ms)}>{formatDateTime(ms)}</time>;
}

/** Notices that arrive on the stream go on top of the list (the unread count follows by itself). */
function useLiveNotices(): void {
  const client = useQueryClient();
  const language = useSessionStore((s) => s.language);
  useNoticeEvents(['notice', 'announcement'], (event) => {
    if (!isNotice(event.data)) return;
    const notice = event.data;
    client.setQueryData<NoticePages>(noticeKeys.list(language), (data) => (data ? addLive(data, notice) : data));
  });
}

/** "Mark all read": off while nothing is unread. */
export function MarkAllRead({ className }: { className: string }) {
  const f = useNotificationText();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  return (
    <button
      type="button"
      className={className}
      data-testid="notices-mark-all"
      disabled={markAll.isPending || unread === 0}
      onClick={() => markAll.mutate()}
    >
      {f('markAllRead')}
    </button>
  );
}

function NoticeItem({ notice: n, href, selected }: { notice: Notice; href: string; selected: boolean }) {
  const f = useNotificationText();
  return (
    <li>
      <Link
        to={href}
        className={`notice-item${n.read ? '' : ' is-unread'}${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        data-testid="notice-item"
        data-id={n.id}
        data-read={n.read}
      >
        <span className="notice-item__head">
          {n.read ? null : (
            <span className="notice-item__dot" data-testid="notice-unread">
              <span className="visually-hidden">{f('unread')}: </span>
            </span>
          )}
          <span className="notice-item__title">{n.title}</span>
        </span>
        <span className="notice-item__body">{n.body}</span>
        <span className="notice-item__meta">
          {n.kind === 'announcement' ? <span className="notice-item__tag">{f('announcement')}</span> : null}
          <NoticeTime ms={n.createdAt} />
        </span>
      </Link>
    </li>
  );
}

/**
 * The user's notifications and announcements, newest first, a page at a time, with an unread
 * marker; new ones arrive on top while it is open. `hrefOf` says where an item opens (the phone's
 * detail page, the desktop's detail pane).
 */
export function NoticeList({
  hrefOf,
  selectedId = null,
  moreClassName,
}: {
  hrefOf: (id: string) => string;
  selectedId?: string | null;
  moreClassName: string;
}) {
  const { t } = useTranslation();
  const f = useNotificationText();
  const list = useNoticeList();
  useLiveNotices();
  if (list.isError) return <PageLoadError onRetry={() => void list.refetch()} />;
  if (list.isPending) return <DelayedLoading />;
  // A notice that arrived live can meet itself again on a later page: shown once.
  const seen = new Set<string>();
  const items = list.data.pages.flatMap((p) => p.items).filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)));
  if (items.length === 0) {
    return (
      <div className="notices-empty" data-testid="notices-empty">
        <p className="notices-empty__title">{f('empty')}</p>
        <p className="empty-text">{f('emptyText')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="notice-list" aria-label={f('list')} data-testid="notice-list">
        {items.map((n) => (
          <NoticeItem key={n.id} notice={n} href={hrefOf(n.id)} selected={n.id === selectedId} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className={moreClassName}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('app.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
