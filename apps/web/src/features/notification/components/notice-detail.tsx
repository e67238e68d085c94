import { useEffect } from 'react';
import { Link } from 'react-router';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { useNoticeDetail, useReadNotice } from '../api/notices';
import { useNotificationText } from '../strings';
import { NoticeTime } from './notice-list';

/** An address of the web (opened in a new tab) rather than a route of the app. */
const isWebAddress = (link: string) => /^https:\/\//i.test(link);

/** One notice in full: title, time, body, and a button to where it leads; shown means read (read-noti). */
export function NoticeDetail({ id, buttonClassName }: { id: string; buttonClassName: string }) {
  const f = useNotificationText();
  const detail = useNoticeDetail(id);
  const read = useReadNotice();
  const { mutate } = read;
  const notice = detail.data;
  const unread = notice !== undefined && !notice.read;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);

  if (detail.isError) return <PageLoadError onRetry={() => void detail.refetch()} />;
  if (!notice) return <DelayedLoading />;
  return (
    <article
      className="notice-detail"
      data-testid="notice-detail"
      data-id={notice.id}
      aria-labelledby="notice-detail-title"
    >
      <h2 id="notice-detail-title" className="notice-detail__title">
        {notice.title}
      </h2>
      <p className="notice-detail__meta">
        {notice.kind === 'announcement' ? <span className="notice-item__tag">{f('announcement')}</span> : null}
        <span className="visually-hidden">{f('received')}: </span>
        <NoticeTime ms={notice.createdAt} />
      </p>
      {notice.fallback ? <p className="notice-detail__note">{f('inEnglish')}</p> : null}
      <div className="notice-detail__body" data-testid="notice-body">
        {notice.body}
      </div>
      {notice.link ? (
        isWebAddress(notice.link) ? (
          <a
            className={buttonClassName}
            href={notice.link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="notice-open"
          >
            {f('open')}
          </a>
        ) : (
          <Link className={buttonClassName} to={notice.link} data-testid="notice-open">
            {f('open')}
          </Link>
        )
      ) : null}
    </article>
  );
}
