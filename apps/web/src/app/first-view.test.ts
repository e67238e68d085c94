import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS, type Banner } from '@app/contract';
import { StarGlyph } from '../components/favorite-star';
import { IconSearch } from '../components/icons';
import { AuthHeader } from '../features/auth/components/auth-header';
import { PATHS } from '../lib/routing/paths';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { TRADE_MESSAGES } from '../locales/trade';
import { bannerMarkup, firstViewMarkup } from './first-view';
import { tradeFirstViewMarkup } from './first-view-trade';
import { firstViewPage, prepaintShell } from './prepaint';

beforeAll(() => {
  // The layout test reads the window's width; a phone's.
  Object.assign(globalThis, { window: { innerWidth: 390 } });
});

const BANNER = { title: 'First <banner> & "more"', image: '/banners/welcome.svg' } satisfies Pick<
  Banner,
  'title' | 'image'
>;

// That the app's first render shows the same, in the same place, is the browser journey's to
// check (e2e/journeys/first-view.ts), with the real stylesheets.
describe('first view (the entry paints it before the app runs)', () => {
  it('is painted on the home, quote, trade chart and login pages, in the mobile layout only', () => {
    expect(firstViewPage(PATHS.home, prepaintShell(PATHS.home, false))).toBe('home');
    expect(firstViewPage('/', prepaintShell('/', true))).toBe('home');
    expect(firstViewPage(PATHS.quote, prepaintShell(PATHS.quote, false))).toBe('quote');
    expect(firstViewPage(PATHS.tradeChart, prepaintShell(PATHS.tradeChart, false))).toBe('trade');
    expect(firstViewPage(PATHS.tradeChart, prepaintShell(PATHS.tradeChart, true))).toBe('trade');
    expect(firstViewPage(PATHS.tradeDetail, prepaintShell(PATHS.tradeDetail, true))).toBeNull();
    expect(firstViewPage(PATHS.login, prepaintShell(PATHS.login, false))).toBe('login');
    expect(firstViewPage(PATHS.emailLogin, prepaintShell(PATHS.emailLogin, false))).toBe('login');
    // Login sends a logged-in user away: its shell is home's, its view is not painted.
    expect(firstViewPage(PATHS.login, prepaintShell(PATHS.login, true))).toBeNull();
    // A page that needs a session shows login's shell to a visitor, not login's view.
    expect(firstViewPage(PATHS.assets, prepaintShell(PATHS.assets, false))).toBeNull();
    expect(firstViewPage(PATHS.home, null)).toBeNull();
  });

  it("is the home page's greeting, visitor prompt and banner box, in the stored language", () => {
    for (const messages of [en, de]) {
      const visitor = firstViewMarkup('home', messages, { loggedIn: false, nickname: null });
      for (const text of [
        messages.home.welcome,
        messages.home.tagline,
        messages.home.visitorTitle,
        messages.home.visitorText,
        messages.auth.logIn,
        messages.auth.registerNow,
      ]) {
        expect(visitor).toContain(`>${text}<`);
      }
      expect(visitor).toMatch(/<div class="banners banners--pending"><\/div><\/div>$/);
      const member = firstViewMarkup('home', messages, { loggedIn: true, nickname: 'Ann <&>' });
      expect(member).toContain(`>${messages.home.greeting.replace('{{name}}', 'Ann &lt;&amp;>')}<`);
      expect(member).not.toContain('prompt-card');
      // A logged-in user without a stored profile is welcomed, as the page does.
      expect(firstViewMarkup('home', messages, { loggedIn: true, nickname: null })).toContain(
        `>${messages.home.welcome}<`,
      );
    }
  });

  it('draws the banner as the page does, its title escaped', () => {
    expect(bannerMarkup(BANNER)).toBe(
      '<section class="banners"><a class="banner"><img class="banner__image" src="/banners/welcome.svg" alt="" width="800" height="400" fetchpriority="high">' +
        '<span class="banner__title">First &lt;banner> &amp; &quot;more&quot;</span></a></section>',
    );
  });

  it("is the login's title and subtitle, as features/auth/components/auth-header.tsx draws them", () => {
    for (const messages of [en, de]) {
      expect(firstViewMarkup('login', messages, { loggedIn: false, nickname: null })).toBe(
        `<div class="auth">${renderToStaticMarkup(
          createElement(AuthHeader, { title: messages.auth.loginTitle, subtitle: messages.auth.loginSubtitle }),
        )}</div>`,
      );
    }
  });

  it("is the quote page's search box, with the icon of components/icons.tsx", () => {
    const view = firstViewMarkup('quote', en, { loggedIn: false, nickname: null });
    expect(view).toContain(
      renderToStaticMarkup(createElement(IconSearch, { size: 20, className: 'search-box__icon' })),
    );
    expect(view).toMatch(
      /^<div class="quote"><a class="search-box search-box--link">.*<span>Search symbol or name<\/span><\/a><\/div>$/,
    );
  });

  it("is the trade chart's price header, chart card and, for a visitor, login prompt, in the stored language", () => {
    for (const language of ['en', 'de'] as const) {
      const t = TRADE_MESSAGES[language];
      const visitor = tradeFirstViewMarkup(language, '?symbol=BTCUSDT', false);
      for (const text of [t.chart.switchSymbol, t.chart.high24h, t.chart.low24h, t.tradeChart.attribution]) {
        expect(visitor).toContain(`>${text}<`);
      }
      expect(visitor).toContain(`<p class="prompt-card__text">${t.orders.loginToTrade}</p>`);
      expect(visitor).toContain(`<a class="button button--primary button--small">${t.orders.logIn}</a>`);
      // No price yet: the page's placeholder for every figure.
      expect(visitor).toContain('<span class="price-header__price mono">--</span>');
      // A logged-in user's order entry is the app's to draw (its tabs depend on the instrument).
      expect(tradeFirstViewMarkup(language, '', true)).not.toContain('order-entry');
    }
  });

  it("marks the address's chart interval, or the page's default, as the chosen tab", () => {
    const active = (search: string) =>
      /class="tab-list__tab is-active"[^>]*>([^<]+)</.exec(tradeFirstViewMarkup('en', search, false))?.[1];
    expect(active('?symbol=ETHUSDT&interval=4h')).toBe('4h');
    expect(active('?symbol=ETHUSDT')).toBe('1m');
    expect(active('?interval=2h')).toBe('1m');
    const tabs = tradeFirstViewMarkup('en', '', false).match(/class="tab-list__tab[^"]*"[^>]*>([^<]+)</g);
    expect(tabs?.map((tab) => tab.replace(/.*>/, '').replace('<', ''))).toEqual([...CANDLE_INTERVALS]);
  });

  it('holds nothing to operate: no link targets or fields, every button disabled and out of the tab order', () => {
    for (const html of [
      firstViewMarkup('home', en, { loggedIn: false, nickname: null }),
      firstViewMarkup('quote', en, { loggedIn: false, nickname: null }),
      firstViewMarkup('login', en, { loggedIn: false, nickname: null }),
      bannerMarkup(BANNER),
      tradeFirstViewMarkup('en', '', false),
    ]) {
      expect(html).not.toMatch(/\shref=|<(input|select|textarea)\b/);
      for (const button of html.match(/<button[^>]*>/g) ?? []) expect(button).toMatch(/ disabled tabindex="-1">$/);
    }
  });

  it('draws the star of components/favorite-star.tsx and the search icon of components/icons.tsx', () => {
    const html = tradeFirstViewMarkup('en', '', false);
    expect(html).toContain(renderToStaticMarkup(createElement(IconSearch, { size: 16 })));
    const star = /<button type="button" class="favorite-star"[^>]*>(<svg.*?<\/svg>)<\/button>/.exec(html)?.[1];
    expect(star).toBe(renderToStaticMarkup(createElement(StarGlyph, { filled: false })));
  });
});
