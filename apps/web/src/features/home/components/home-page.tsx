import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccountIsEmpty } from '../../../lib/api/get-user-asset-data';
import { LOGIN_PATH, PATHS } from '../../../lib/routing/paths';
import { useHomeGreeting, useHomeShortcuts } from '../hooks/use-home';
import { BannerCarousel } from './banner-carousel';
import { MarketOverview } from './market-overview';
import '../home.css';

const REGISTER_PATH = PATHS.register;
/** The default configuration shows 7 shortcuts: two rows of the grid. */
const SHORTCUT_PLACEHOLDERS = 7;

/** /pages/home/index: welcome, the visitor prompt, banners, the shortcut grid and the market overview. */
export function HomePage() {
  const { t } = useTranslation();
  const { loggedIn, nickname } = useHomeGreeting();
  const shortcuts = useHomeShortcuts();
  const empty = useAccountIsEmpty();

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-greeting">
        <h2 id="home-greeting" className="hero__title">
          {nickname !== null ? t('home.greeting', { name: nickname }) : t('home.welcome')}
        </h2>
        <p className="hero__text">{t('home.tagline')}</p>
      </section>

      {loggedIn ? null : (
        <section className="prompt-card" aria-labelledby="home-visitor">
          <h2 id="home-visitor" className="prompt-card__title">
            {t('home.visitorTitle')}
          </h2>
          <p className="prompt-card__text">{t('home.visitorText')}</p>
          <div className="prompt-card__actions">
            <Link to={LOGIN_PATH} className="button button--primary">
              {t('auth.logIn')}
            </Link>
            <Link to={REGISTER_PATH} className="button button--secondary">
              {t('auth.registerNow')}
            </Link>
          </div>
        </section>
      )}

      <BannerCarousel />

      <section aria-labelledby="home-shortcuts">
        {/* Named for screen readers; the icons say what they are, the space goes to the markets. */}
        <h2 id="home-shortcuts" className="visually-hidden">
          {t('home.shortcuts')}
        </h2>
        <ul className="shortcut-grid" aria-busy={shortcuts === null || undefined}>
          {/* While the configuration loads, empty cells keep the grid's height: nothing below moves. */}
          {shortcuts === null
            ? Array.from({ length: SHORTCUT_PLACEHOLDERS }, (_, i) => (
                <li key={i} aria-hidden="true" className="shortcut shortcut--placeholder">
                  <span className="shortcut__icon" />
                  <span className="shortcut__label">
                    &nbsp;
                    <br />
                    &nbsp;
                  </span>
                </li>
              ))
            : null}
          {(shortcuts ?? []).map(({ key, to, Icon, label }) => (
            <li key={key}>
              {/* An account that holds nothing: Deposit, the first shortcut, is its call to action
                  (docs/decisions/0142-deposit-beside-withdraw.md); nothing moves when it lights up. */}
              <Link
                to={to}
                className={key === 'deposit' && empty ? 'shortcut shortcut--primary' : 'shortcut'}
                data-shortcut={key}
              >
                <span className="shortcut__icon">
                  <Icon size={24} />
                </span>
                <span className="shortcut__label">{label ?? t(`home.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <MarketOverview />
    </div>
  );
}
