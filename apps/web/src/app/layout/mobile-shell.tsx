import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TabBar } from '../../components/tab-bar';
import { TopBar } from '../../components/top-bar';
import { ContractResults } from '../../features/trade/shell';
import { useUserInfo } from '../../lib/api/get-user-info';
import { LazyNoticeBell } from '../../lib/notices/lazy-bell';
import { PATHS } from '../../lib/routing/paths';
import { useIsLoggedIn } from '../../lib/session/session-store';
import { useRouteMeta } from './use-route-meta';

/**
 * The mobile layout: a column capped at 450 px (docs/product.md §2), centred on wider windows, with
 * the shared top bar and, on the five tab pages, the tab bar.
 */
export function MobileShell() {
  const { t } = useTranslation();
  const { title, tab } = useRouteMeta();
  const appName = t('app.name');
  const heading = title === 'home' ? appName : t(`routes.${title}`);

  useEffect(() => {
    document.title = title === 'home' ? appName : `${heading} · ${appName}`;
  }, [title, heading, appName]);

  // Keeps the signed-in user's info fresh (and ends an expired session early).
  useUserInfo();
  // The notification bell with the unread count: on home and profile, for a signed-in user.
  const loggedIn = useIsLoggedIn();
  const bell =
    loggedIn && (title === 'home' || title === 'profile') ? <LazyNoticeBell to={PATHS.notifications} /> : null;

  return (
    <div className={`app-frame${tab ? ' app-frame--tabs' : ''}`}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar title={heading} showBack={!tab} end={bell} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {tab ? <TabBar /> : null}
      {/* The user's order events keep every screen current; settled contracts show here. */}
      <ContractResults />
      <ScrollRestoration />
    </div>
  );
}
