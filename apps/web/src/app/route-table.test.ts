import { describe, expect, it } from 'vitest';
import { ASSETS_PATHS } from '../features/assets/components/assets-paths';
import { AUTH_PATHS } from '../features/auth/components/auth-paths';
import { SHORTCUTS } from '../features/home/components/shortcuts';
import { PROFILE_PATHS } from '../features/profile/components/profile-paths';
import { SECURITY_PATHS } from '../features/security/components/security-paths';
import { TRADE_DETAIL_PATH } from '../features/trade/components/order-paths';
import { QUOTE_PATH, SEARCH_PATH } from '../lib/market';
import { desktopCounterpart } from '../lib/routing/desktop-counterparts';
import { DESKTOP_PATHS, PATHS, TAB_PATHS } from '../lib/routing/paths';
import { DESKTOP_ROUTES, MOBILE_ROUTES } from './route-table';

const mobilePaths = MOBILE_ROUTES.map((r) => r.path);
const tablePaths = [...mobilePaths, ...DESKTOP_ROUTES.map((r) => r.path)];

/** A link may carry a query; the route is its path part. */
const routeOf = (link: string) => link.split('?')[0] ?? link;

describe('route table', () => {
  it('has no path twice', () => {
    const seen = new Set<string>();
    const twice = tablePaths.filter((p) => seen.size === seen.add(p).size);
    expect(twice).toEqual([]);
  });

  it('routes every path constant of lib/routing/paths', () => {
    const constants = [...Object.values(PATHS), ...Object.values(DESKTOP_PATHS), ...Object.values(TAB_PATHS)];
    expect(constants.filter((p) => !tablePaths.includes(p))).toEqual([]);
    // And the table routes nothing that lib/routing/paths does not name.
    const named = new Set<string>(constants);
    expect(tablePaths.filter((p) => !named.has(p))).toEqual([]);
  });

  it('routes every path a feature links to', () => {
    const featureLinks = [
      ...Object.values(ASSETS_PATHS),
      ...Object.values(AUTH_PATHS),
      ...Object.values(PROFILE_PATHS),
      ...Object.values(SECURITY_PATHS),
      ...SHORTCUTS.map((s) => routeOf(s.to)),
      TRADE_DETAIL_PATH,
      SEARCH_PATH,
      QUOTE_PATH,
    ];
    expect(featureLinks.filter((p) => !tablePaths.includes(p))).toEqual([]);
  });

  it('maps every desktop page to a mobile route and every mobile page to a desktop route', () => {
    const desktopPaths = DESKTOP_ROUTES.map((r) => r.path);
    // docs/product.md §2 lists 30 desktop routes; this project adds the news page, the app download and version settings
    // pages, the settings page of the signed-in password reset, and the VIP, novice guide and ranking pages.
    const added: string[] = [
      DESKTOP_PATHS.news,
      DESKTOP_PATHS.appDownload,
      DESKTOP_PATHS.appVersion,
      DESKTOP_PATHS.resetPassword,
      DESKTOP_PATHS.vip,
      DESKTOP_PATHS.noviceGuide,
      DESKTOP_PATHS.ranking,
    ];
    expect(DESKTOP_ROUTES.filter((r) => !added.includes(r.path))).toHaveLength(30);
    expect(DESKTOP_ROUTES.filter((r) => !mobilePaths.includes(r.mobile)).map((r) => r.path)).toEqual([]);
    expect(mobilePaths.filter((p) => !desktopPaths.includes(desktopCounterpart(p)))).toEqual([]);
  });

  it('relaunches a desktop page on its own mobile counterpart and back', () => {
    for (const route of DESKTOP_ROUTES) {
      // docs/product.md §2's desktop pages each have a page of their own on the phone: the round trip is exact.
      expect(desktopCounterpart(route.mobile)).toBe(route.path);
    }
    expect(desktopCounterpart(PATHS.quote)).toBe(DESKTOP_PATHS.dashboard);
    expect(desktopCounterpart(PATHS.profile)).toBe(DESKTOP_PATHS.account);
    expect(desktopCounterpart('/no/such/page')).toBe(DESKTOP_PATHS.dashboard);
  });
});
