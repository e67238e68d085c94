import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContractResults } from '../../features/trade/shell';
import { useUserInfo } from '../../lib/api/get-user-info';
import { DESKTOP_HOME_PATH } from '../../lib/routing/paths';
import { useRouteMeta } from './use-route-meta';

/**
 * The desktop dashboard layout, used only when DESKTOP_LAYOUT_ENABLED is on (lib/routing/layout-mode.ts).
 * A placeholder frame until the desktop issue builds the real dashboard.
 */
export function DesktopShell() {
  const { t } = useTranslation();
  const { title } = useRouteMeta();
  const appName = t('app.name');
  const heading = t(`routes.${title}`);
  useEffect(() => {
    document.title = `${heading} · ${appName}`;
  }, [heading, appName]);
  useUserInfo();
  return (
    <div className="desktop-frame">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="desktop-header">
        <Link to={DESKTOP_HOME_PATH} className="desktop-header__brand">
          {appName}
        </Link>
        <h1 className="desktop-header__title">{heading}</h1>
      </header>
      <main id="main" className="desktop-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* The user's order events keep every screen current; settled contracts show here. */}
      <ContractResults />
      <ScrollRestoration />
    </div>
  );
}
