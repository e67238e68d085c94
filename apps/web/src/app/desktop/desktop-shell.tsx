import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContractResults } from '../../features/trade/shell';
import { useUserInfo } from '../../lib/api/get-user-info';
import { useSessionStore } from '../../lib/session/session-store';
import { useRouteMeta } from '../layout/use-route-meta';
import { LoginDialog } from './login-dialog';
import { TopNav } from './top-nav';
import './desktop.css';

/**
 * The desktop layout (docs/product.md §2: a window wider than 1000 px), its own chunk: the top navigation
 * in place of the tab bar, the page's title, the page. A session that expires here is renewed
 * in a dialog on the same page (docs/product.md §8 exempts this layout from the redirect to login).
 */
export function DesktopShell() {
  const { t } = useTranslation();
  const { title } = useRouteMeta();
  const appName = t('app.name');
  const heading = t(`routes.${title}`);
  const expired = useSessionStore((s) => s.expired && s.token === null);
  useEffect(() => {
    document.title = `${heading} · ${appName}`;
  }, [heading, appName]);
  // Keeps the signed-in user's info fresh (and finds an expired session early).
  useUserInfo();
  return (
    <div className="desktop-frame">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <main id="main" className="desktop-main" tabIndex={-1}>
        <h1 className="desktop-main__title">{heading}</h1>
        <Outlet />
      </main>
      {expired ? <LoginDialog /> : null}
      {/* The user's order events keep every screen current; settled contracts show here. */}
      <ContractResults />
      <ScrollRestoration />
    </div>
  );
}
