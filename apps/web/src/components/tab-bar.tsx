import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconAsset, IconHome, IconProfile, IconQuote, IconTrade } from './icons';
import { TAB_PATHS } from '../lib/routing/paths';

const TABS = [
  { to: TAB_PATHS.home, key: 'home', Icon: IconHome },
  { to: TAB_PATHS.quote, key: 'quote', Icon: IconQuote },
  { to: TAB_PATHS.trade, key: 'trade', Icon: IconTrade },
  { to: TAB_PATHS.asset, key: 'asset', Icon: IconAsset },
  { to: TAB_PATHS.profile, key: 'profile', Icon: IconProfile },
] as const;

/** The mobile tab bar (docs/product.md §2): Home, Quote, Trade, Asset, Profile. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('app.mainNav')}>
      {TABS.map(({ to, key, Icon }) => (
        <NavLink key={key} to={to} className={({ isActive }) => `tab-bar__item${isActive ? ' is-active' : ''}`}>
          <Icon size={24} />
          <span className="tab-bar__label">{t(`tabs.${key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
