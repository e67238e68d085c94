import { useSearchParams } from 'react-router';
import { NotFound } from '../../../components/page-state';
import { PATHS } from '../../../lib/routing/paths';
import { MarkAllRead, NoticeList } from './notice-list';
import { NoticeDetail } from './notice-detail';
import '../notification.css';

const detailPath = (id: string) => `${PATHS.notificationDetail}?id=${encodeURIComponent(id)}`;

/** /pages/notification/index: "Mark all read" and the list; an item opens its detail page. */
export function NotificationsPage() {
  return (
    <div className="notices">
      <div className="notices__toolbar">
        <MarkAllRead className="button button--secondary button--small" />
      </div>
      <NoticeList hrefOf={detailPath} moreClassName="button button--secondary" />
    </div>
  );
}

/** /pages/notification/detail?id=: one notice in full (opening it marks it read). */
export function NotificationDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <NotFound />;
  return (
    <div className="notices">
      <NoticeDetail key={id} id={id} buttonClassName="button button--primary" />
    </div>
  );
}
