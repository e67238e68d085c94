import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '@app/contract';
import { IconSearch } from '../components/icons';
import { PATHS } from '../lib/routing/paths';
import { de } from '../locales/de';
import { en } from '../locales/en';
import { bannerMarkup, firstViewMarkup } from './first-view';
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
  it('is painted on the home and quote pages, in the mobile layout only', () => {
    expect(firstViewPage(PATHS.home, prepaintShell(PATHS.home, false))).toBe('home');
    expect(firstViewPage('/', prepaintShell('/', true))).toBe('home');
    expect(firstViewPage(PATHS.quote, prepaintShell(PATHS.quote, false))).toBe('quote');
    expect(firstViewPage(PATHS.tradeChart, prepaintShell(PATHS.tradeChart, false))).toBeNull();
    // Login sends a logged-in user away: its shell is home's, its view is not painted.
    expect(firstViewPage(PATHS.login, prepaintShell(PATHS.login, true))).toBeNull();
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

  it("is the quote page's search box, with the icon of components/icons.tsx", () => {
    const view = firstViewMarkup('quote', en, { loggedIn: false, nickname: null });
    expect(view).toContain(
      renderToStaticMarkup(createElement(IconSearch, { size: 20, className: 'search-box__icon' })),
    );
    expect(view).toMatch(
      /^<div class="quote"><a class="search-box search-box--link">.*<span>Search symbol or name<\/span><\/a><\/div>$/,
    );
  });

  it('holds nothing to operate: no link targets, buttons or fields', () => {
    for (const html of [
      firstViewMarkup('home', en, { loggedIn: false, nickname: null }),
      firstViewMarkup('quote', en, { loggedIn: false, nickname: null }),
      bannerMarkup(BANNER),
    ]) {
      expect(html).not.toMatch(/\shref=|<(button|input|select|textarea)\b|tabindex/);
    }
  });
});
