import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { MarkAllRead, NoticeList } from '../notice-list';
import { NoticeDetail } from '../notice-detail';
import { useNotificationText } from '../../strings';
import '../../notification.css';

const selectPath = (id: string) => `${DESKTOP_PATHS.notifications}?id=${encodeURIComponent(id)}`;

/** /pages/desktop/notification/index (`?id=` the one shown): the list beside the chosen notice. */
export function NotificationDeskPage() {
  const { t } = useTranslation();
  const f = useNotificationText();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <div className="desk-grid notices-desk">
      <section className="desk-panel" aria-labelledby="desk-notices-title">
        <div className="desk-panel__head">
          <h2 id="desk-notices-title" className="desk-panel__title">
            {t('routes.notifications')}
          </h2>
          <MarkAllRead className="desktop-button desktop-button--ghost" />
        </div>
        <NoticeList
          hrefOf={selectPath}
          selectedId={id}
          moreClassName="desktop-button desktop-button--ghost desk-load-more"
        />
      </section>
      <section className="desk-panel notices-desk__detail" aria-label={t('routes.notificationDetail')}>
        {id ? (
          <NoticeDetail key={id} id={id} buttonClassName="desktop-button" />
        ) : (
          <p className="empty-text">{f('choose')}</p>
        )}
      </section>
    </div>
  );
}
