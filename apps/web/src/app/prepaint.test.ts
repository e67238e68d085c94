import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { IconAsset, IconBack, IconHome, IconProfile, IconQuote, IconTrade } from '../components/icons';
import { DESKTOP_PATHS, PATHS } from '../lib/routing/paths';
import { PREPAINT_ICONS, prepaintMarkup, prepaintShell } from './prepaint';

beforeAll(() => {
  // The layout test reads the window's width; a phone's.
  Object.assign(globalThis, { window: { innerWidth: 390 } });
});

/** The inner markup of an icon component's <svg>. */
const shapeOf = (icon: typeof IconHome) => /<svg[^>]*>(.*)<\/svg>/.exec(renderToStaticMarkup(createElement(icon)))?.[1];

describe('pre-painted shell', () => {
  it('draws the icons of components/icons.tsx', () => {
    expect(PREPAINT_ICONS).toEqual({
      back: shapeOf(IconBack),
      home: shapeOf(IconHome),
      quote: shapeOf(IconQuote),
      trade: shapeOf(IconTrade),
      asset: shapeOf(IconAsset),
      profile: shapeOf(IconProfile),
    });
    // The same <svg> attributes as the components.
    const component = /<svg[^>]*>/.exec(renderToStaticMarkup(createElement(IconBack)))?.[0];
    expect(prepaintMarkup({ back: true })).toContain(component);
  });

  it('shows the shell the app will show: tab bar on tab pages, back button elsewhere, guards followed', () => {
    expect(prepaintShell(PATHS.home, false)).toEqual({ tab: PATHS.home });
    expect(prepaintShell('/', false)).toEqual({ tab: PATHS.home });
    expect(prepaintShell(PATHS.quote, false)).toEqual({ tab: PATHS.quote });
    expect(prepaintShell(PATHS.tradeChart, true)).toEqual({ tab: PATHS.tradeChart });
    expect(prepaintShell(PATHS.login, false)).toEqual({ back: true });
    // A page that needs a session opens login for a visitor; login sends a logged-in user home.
    expect(prepaintShell(PATHS.assets, false)).toEqual({ back: true });
    expect(prepaintShell(PATHS.assets, true)).toEqual({ tab: PATHS.assets });
    expect(prepaintShell(PATHS.login, true)).toEqual({ tab: PATHS.home });
    // Desktop URLs open their mobile page while the desktop layout is off; unknown paths "not found".
    expect(prepaintShell(DESKTOP_PATHS.trade, false)).toEqual({ tab: PATHS.tradeChart });
    expect(prepaintShell('/pages/nowhere', false)).toEqual({ back: true });
  });

  it('holds no text (right in every language) and nothing to operate', () => {
    for (const shell of [{ back: true as const }, { tab: PATHS.quote }]) {
      const html = prepaintMarkup(shell);
      expect(
        html
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, '')
          .trim(),
      ).toBe('');
      expect(html).not.toMatch(/<(a|button|input|h1)\b/);
      expect(html).toMatch(/^<div class="app-frame[^"]*" aria-hidden="true">/);
    }
    expect(prepaintMarkup({ tab: PATHS.quote }).match(/is-active/g)).toHaveLength(1);
  });
});
