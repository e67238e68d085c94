import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './unread';
import './notice-bell.css';

/** What the badge shows: the count, capped. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The bell that leads to the notification centre, with the unread count of the browser's notice
 * stream (the same in every tab): the phone's top bar and the desktop's top navigation show it.
 */
export function NoticeBell({ to, className = '' }: { to: string; className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount() ?? 0;
  const label = unread > 0 ? `${t('routes.notifications')} (${badgeText(unread)})` : t('routes.notifications');
  return (
    <Link
      to={to}
      className={`notice-bell ${className}`}
      aria-label={label}
      data-testid="notice-bell"
      data-unread={unread}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 ? (
        <span className="notice-bell__badge" data-testid="notice-badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
