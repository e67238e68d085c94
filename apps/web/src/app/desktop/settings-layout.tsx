import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_PATHS } from '../../lib/routing/paths';
import type { RouteTitle } from '../route-table';

/** The settings menu (docs/product.md §2 desktop settings/*, and the language page): account, security, language, app download and version. */
const SETTINGS_MENU: ReadonlyArray<{ to: string; title: RouteTitle }> = [
  { to: DESKTOP_PATHS.account, title: 'accountSettings' },
  { to: DESKTOP_PATHS.kyc, title: 'kyc' },
  { to: DESKTOP_PATHS.changePassword, title: 'changePassword' },
  { to: DESKTOP_PATHS.resetPassword, title: 'resetPassword' },
  { to: DESKTOP_PATHS.setFundPassword, title: 'paymentPassword' },
  { to: DESKTOP_PATHS.forgotFundPassword, title: 'forgotFundPassword' },
  { to: DESKTOP_PATHS.language, title: 'language' },
  { to: DESKTOP_PATHS.appDownload, title: 'appDownload' },
  { to: DESKTOP_PATHS.appVersion, title: 'appVersion' },
];

const wrapped = new Map<ComponentType, ComponentType>();

/**
 * A settings page in the desktop settings layout, as exchange web apps show their account and
 * security settings: a side menu of the settings pages, the page's own form or panel beside it.
 * One wrapper per page (React must see the same component on every render).
 */
export function settingsPage(Page: ComponentType, panel = true): ComponentType {
  let page = wrapped.get(Page);
  if (!page) {
    const SettingsPage = () => (
      <SettingsLayout panel={panel}>
        <Page />
      </SettingsLayout>
    );
    SettingsPage.displayName = `SettingsPage(${Page.displayName ?? Page.name})`;
    page = SettingsPage;
    wrapped.set(Page, page);
  }
  return page;
}

/** `panel`: the page is one form, shown on a panel; a page with panels of its own (account) sets false. */
function SettingsLayout({ children, panel }: { children: ReactNode; panel: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="settings-layout">
      <nav className="settings-layout__menu" aria-label={t('profile.menu')}>
        <ul>
          {SETTINGS_MENU.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="settings-layout__link" end>
                {t(`routes.${item.title}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={`settings-layout__body${panel ? ' settings-layout__body--panel' : ''}`}>{children}</div>
    </div>
  );
}
