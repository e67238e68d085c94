import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/profile/desktop';
import { LazyNoticeBell } from '../../lib/notices/lazy-bell';
import { changeTheme } from '../../lib/session/preferences';
import { useSessionStore } from '../../lib/session/session-store';
import { DESKTOP_PATHS, PATHS } from '../../lib/routing/paths';

/**
 * The desktop top navigation (issue 15): the sections (markets, trade, OTC, assets, financing, loans), then
 * Deposit, the bell and the user menu, or log in / register.
 */
export function TopNav() {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((s) => s.token !== null);
  const { pathname } = useLocation();
  const sections = [
    { to: DESKTOP_PATHS.dashboard, label: t('market.overview') },
    { to: DESKTOP_PATHS.trade, label: t('tabs.trade') },
    { to: DESKTOP_PATHS.otc, label: t('routes.otc') },
    { to: DESKTOP_PATHS.asset, label: t('routes.assets') },
    { to: DESKTOP_PATHS.manage, label: t('routes.financing') },
    { to: DESKTOP_PATHS.loan, label: t('routes.loan') },
  ];
  return (
    <header className="desktop-header">
      <Link to={DESKTOP_PATHS.dashboard} className="desktop-header__brand">
        {t('app.name')}
      </Link>
      <nav className="desktop-nav" aria-label={t('app.mainNav')}>
        {sections.map((s) => (
          <Link
            key={s.to}
            to={s.to}
            className="desktop-nav__link"
            aria-current={pathname === s.to ? 'page' : undefined}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      <div className="desktop-header__end">
        {loggedIn ? (
          <>
            {/* Money comes in here from every page (docs/decisions/0142-deposit-beside-withdraw.md). */}
            <Link
              className="desktop-button desktop-header__deposit"
              to={DESKTOP_PATHS.recharge}
              aria-current={pathname === DESKTOP_PATHS.recharge ? 'page' : undefined}
            >
              {t('routes.recharge')}
            </Link>
            <LazyNoticeBell to={DESKTOP_PATHS.notifications} />
            <UserMenu />
          </>
        ) : (
          <>
            <ThemeSwitch />
            <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.loginPhone}>
              {t('auth.logIn')}
            </Link>
            <Link className="desktop-button" to={DESKTOP_PATHS.registerPhone}>
              {t('routes.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

/** Dark mode on or off, for everyone (saved to the server when logged in). */
function ThemeSwitch({ className = 'desktop-button desktop-button--ghost' }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useSessionStore((s) => s.theme);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={theme === 'dark'}
      onClick={() => changeTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      {t('profile.darkMode')}
    </button>
  );
}

/**
 * The signed-in user's menu: a disclosure button and a list of links (deposit, withdraw, profile, security,
 * language), the theme switch and log out. Choosing a link, Escape or a click elsewhere closes
 * it; Escape gives the focus back to the button. It does not close on every change of the
 * location: a navigation that finishes after the user opened it (a page whose code was still
 * loading) would close it under their hands.
 */
function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const { signOut, signingOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = user?.nickname || user?.email || user?.phone || t('routes.profile');
  const links = [
    { to: DESKTOP_PATHS.recharge, label: t('routes.recharge') },
    { to: DESKTOP_PATHS.withdraw, label: t('routes.withdraw') },
    { to: DESKTOP_PATHS.account, label: t('routes.profile') },
    { to: DESKTOP_PATHS.changePassword, label: t('routes.securityCenter') },
    { to: DESKTOP_PATHS.language, label: t('routes.language') },
    // docs/product.md §2 has no desktop route for it: the desktop frame shows the chat at its mobile URL (desktop-routes.tsx).
    { to: `${PATHS.customerService}?from=desktop`, label: t('routes.customerService') },
  ];
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="desktop-button desktop-button--ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {name}
      </button>
      <div id={menuId} className="user-menu__panel" hidden={!open}>
        <ul className="user-menu__list">
          {links.map((l) => (
            <li key={l.to}>
              <Link className="user-menu__item" to={l.to} onClick={() => setOpen(false)}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <ThemeSwitch className="user-menu__item" />
          </li>
          <li>
            <button type="button" className="user-menu__item" disabled={signingOut} onClick={() => void signOut()}>
              {t('profile.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
