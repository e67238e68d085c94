/**
 * The desktop layout (issue 15), at 1440×900: the shell and its navigation, every one of docs/product.md §2's
 * 30 desktop routes inside the desktop frame (axe on each), the WEB login origin, the relaunch on
 * the counterpart page when the window crosses 1000 px, the desktop log-in page and the log-in
 * dialog on a session expiry. A window of 1000 px or less gets the mobile layout (app-shell.ts).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  type Journey,
  type JourneyContext,
  DESKTOP,
  PASSWORD,
  api,
  atFullHd,
  expectAccessible,
  newPage,
  readCode,
  registerViaApi,
  shot,
  sleep,
  storedSession,
  uniqueEmail,
  waitForPath,
} from '../harness';
import { desktopContext } from '../harness/browser';

const D = '/pages/desktop/';

/** The desktop pages built so far (app/desktop/desktop-routes.tsx DESKTOP_PAGES): the account forms. */
const BUILT = new Set([
  'login/login-phone',
  'login/login-email',
  'login/select-country',
  'register/register-phone',
  'register/register-email',
  'register/verify-code-phone',
  'register/verify-code-email',
  'language/index',
]);
/** The features' own desktop pages (journeys/desktop-pages.ts tests them). */
const BUILT_PAGES = new Set([
  'forgot-password/index',
  'asset/index',
  'wallet/index',
  'otc/index',
  'settings/account',
  'kyc/index',
  'recharge/index',
  'withdraw/index',
  'withdraw/components/history',
  'manage/index',
  'manage/components/buy-financing',
  'loan/index',
  'loan/loan',
  'loan/list-pay-loan',
  'loan/pay-a-loan',
  'loan/pay-all-loan',
  'settings/change-password',
  'settings/set-fund-password',
  'settings/forgot-fund-password',
  'notification/index',
]);

/** The trading dashboard's routes (desktop-dashboard.ts tests the dashboard itself). */
const DASHBOARD = new Set(['dashboard/index', 'trade/index']);

/** Opened without a registration under way, the verify-code pages go back to its start (a desktop page too). */
const RESTARTS: Record<string, string> = {
  'register/verify-code-phone': 'register/register-phone',
  'register/verify-code-email': 'register/register-email',
};

/** docs/product.md §2's desktop routes: [path, needs a session]. */
const DESKTOP_ROUTES: [route: string, needsSession: boolean][] = [
  ['dashboard/index', false],
  ['trade/index', false],
  ['asset/index', true],
  ['manage/index', true],
  ['manage/components/buy-financing', true],
  ['loan/index', true],
  ['loan/loan', true],
  ['loan/list-pay-loan', true],
  ['loan/pay-a-loan', true],
  ['loan/pay-all-loan', true],
  ['recharge/index', true],
  ['withdraw/index', true],
  ['withdraw/components/history', true],
  ['login/login-phone', false],
  ['login/login-email', false],
  ['login/select-country', false],
  ['forgot-password/index', false],
  ['register/register-phone', false],
  ['register/register-email', false],
  ['register/verify-code-phone', false],
  ['register/verify-code-email', false],
  ['language/index', false],
  ['kyc/index', true],
  ['settings/change-password', true],
  ['settings/set-fund-password', true],
  ['settings/forgot-fund-password', true],
  ['settings/account', true],
  ['notification/index', true],
  ['otc/index', true],
  ['wallet/index', true],
];

async function inDesktopFrame(page: Page) {
  await page.locator('.desktop-frame main h1').waitFor();
  assert.equal(await page.locator('.app-frame').count(), 0, 'a phone column is on a desktop page');
  assert.equal(await page.locator('.tab-bar').count(), 0, 'the tab bar shows on a desktop page');
}

async function focusOutline(page: Page) {
  return page.evaluate(() => {
    if (!document.activeElement) return false;
    const style = getComputedStyle(document.activeElement);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  });
}

async function shellAndNavigation({ browser, server }: JourneyContext) {
  const context = await desktopContext(browser);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  await waitForPath(page, `${D}dashboard/index`);
  await inDesktopFrame(page);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByTestId('dashboard').waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['Markets', 'Trade', 'OTC', 'Assets'])
    await nav.getByRole('link', { name, exact: true }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Markets' }).getAttribute('aria-current'), 'page');
  await atFullHd(page, 'desktop-shell', async () => {
    await inDesktopFrame(page);
    for (const name of ['Markets', 'Trade', 'OTC', 'Assets'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).waitFor();
  await shot(page, 'desktop-dashboard-visitor');

  // Keyboard: the skip link, then the brand, then the sections, each with a visible focus ring.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Trade');
  assert(await focusOutline(page), 'the focused navigation link has no visible focus ring');
  await page.keyboard.press('Enter');
  await waitForPath(page, `${D}trade/index`);
  await page.getByRole('heading', { name: 'Trade', level: 1 }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Trade' }).getAttribute('aria-current'), 'page');

  // A visitor opening a section that needs a session goes to the desktop log-in page, not a phone page.
  await nav.getByRole('link', { name: 'Assets' }).click();
  await waitForPath(page, `${D}login/login-phone`);
  assert.equal(new URL(page.url()).searchParams.get('redirect'), `${D}asset/index`);
  await inDesktopFrame(page);

  // A mobile URL opens its desktop counterpart.
  await page.goto(`${server.baseUrl}/pages/quote/index`);
  await waitForPath(page, `${D}dashboard/index`);
  await page.goto(`${server.baseUrl}/pages/profile/language`);
  await waitForPath(page, `${D}language/index`);
  await inDesktopFrame(page);

  // Both themes.
  await expectAccessible(page, 'desktop language (light)');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.goto(`${server.baseUrl}${D}dashboard/index`);
  await page.getByTestId('dashboard').waitFor();
  await expectAccessible(page, 'desktop dashboard (dark)');
  await shot(page, 'desktop-dashboard-dark');
  await context.close();
}

async function everyDesktopRoute({ browser, server }: JourneyContext) {
  const email = uniqueEmail('desk-routes');
  const login = await registerViaApi(server, email);
  const visitor = await newPage(await desktopContext(browser));
  const user = await newPage(await desktopContext(browser, { login }));
  assert.equal(DESKTOP_ROUTES.length, 30);
  // A page that needs no session is checked as a visitor sees it (a logged-in user opening a
  // log-in or register page goes to the dashboard).
  for (const [route, auth] of DESKTOP_ROUTES) {
    const page = auth ? user : visitor;
    const path = `${D}${route}`;
    await page.goto(`${server.baseUrl}${path}`);
    await inDesktopFrame(page);
    if (DASHBOARD.has(route)) await page.getByTestId('dashboard').waitFor();
    else if (BUILT.has(route))
      await page
        .locator('.desktop-card form, .desktop-card fieldset, .desktop-card .country-list, .desktop-card input')
        .first()
        .waitFor();
    else assert(BUILT_PAGES.has(route), `${route} is neither built nor listed`);
    if (BUILT_PAGES.has(route))
      await page.locator('.desk-page, .desk-grid, .settings-layout, .desktop-card form').first().waitFor();
    assert.equal(new URL(page.url()).pathname, `${D}${RESTARTS[route] ?? route}`, `${path} left for ${page.url()}`);
    await expectAccessible(page, `${path}${auth ? ' (logged in)' : ''}`);
  }

  // The language chosen on the desktop holds on the next page, inside the desktop frame.
  await user.goto(`${server.baseUrl}${D}language/index`);
  await user.getByText('Français', { exact: true }).click();
  await user.getByRole('heading', { name: 'Langue', level: 1 }).waitFor(); // applied and stored
  await user.goto(`${server.baseUrl}${D}otc/index`);
  await inDesktopFrame(user);
  assert.equal(await user.locator('html').getAttribute('lang'), 'fr');
  await visitor.context().close();
  await user.context().close();
}

/** Logs in with an unknown e-mail on the open log-in page and returns that request's login origin. */
async function loginRequestOrigin(page: Page) {
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('desk-origin'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const request = page.waitForRequest((r) => r.url().endsWith('/asset/api/user/login'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('This account does not exist').waitFor();
  return (await request).headers()['loginorigin'];
}

async function loginOriginHeader({ browser, server }: JourneyContext) {
  const desktop = await newPage(await desktopContext(browser));
  const desktopScripts: string[] = [];
  desktop.on('request', (r) => r.resourceType() === 'script' && desktopScripts.push(new URL(r.url()).pathname));
  await desktop.goto(`${server.baseUrl}${D}login/login-email`);
  await inDesktopFrame(desktop);
  assert(
    desktopScripts.some((s) => s.includes('/assets/desktop-routes-')),
    'the desktop chunk was not loaded by name',
  );
  assert.equal(await loginRequestOrigin(desktop), 'WEB');
  await desktop.context().close();

  // The same browser below the breakpoint is the mobile layout: H5, and the desktop chunk never loads.
  const mobile = await newPage(await desktopContext(browser, { viewport: { width: 800, height: 900 } }));
  const scripts: string[] = [];
  mobile.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await mobile.goto(`${server.baseUrl}/pages/login/email-login`);
  await mobile.locator('.app-frame').waitFor();
  assert.equal(await loginRequestOrigin(mobile), 'H5');
  assert(
    scripts.some((s) => s.includes('/assets/start-')),
    `the app's scripts were not seen: ${scripts.join(', ')}`,
  );
  assert.deepEqual(
    scripts.filter((s) => s.includes('desktop')),
    [],
    'the phone layout loaded desktop code',
  );
  await mobile.context().close();
}

async function relaunchOnResize({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('desk-resize'));
  const context = await desktopContext(browser, { login, typeUser: 'demo' });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${D}language/index?from=test`);
  await inDesktopFrame(page);
  await page.getByText('Deutsch', { exact: true }).click();
  await page.getByRole('heading', { name: 'Sprache', level: 1 }).waitFor();
  await page.getByRole('button', { name: login.user.nickname }).click();
  await page.getByRole('button', { name: 'Dunkelmodus' }).click();
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Dragging the window edge from 1440 to 800 px in steps: one relaunch, on the mobile counterpart.
  for (const width of [1300, 1150, 1001, 990, 900, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await sleep(60);
  }
  await waitForPath(page, '/pages/profile/language');
  await page.locator('.app-frame').waitFor();
  await page.getByRole('heading', { name: 'Sprache', level: 1 }).waitFor();
  await sleep(1000);
  assert.equal(loads, 1, `the app relaunched ${loads} times for one drag`);
  assert.equal(new URL(page.url()).search, '?from=test', 'the query was lost');
  const kept = await storedSession(page);
  assert.equal(kept.token, login.token, 'the session was lost');
  assert.equal(kept.language, 'de');
  assert.equal(kept.theme, 'dark');
  assert.equal(kept.typeUser, 'demo');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

  // And back above the breakpoint: the desktop page again.
  await page.setViewportSize(DESKTOP);
  await waitForPath(page, `${D}language/index`);
  await inDesktopFrame(page);
  await page.getByRole('heading', { name: 'Sprache', level: 1 }).waitFor();
  assert.equal(loads, 2);
  // A drag that ends on the side it started does not relaunch.
  await page.setViewportSize({ width: 900, height: 900 });
  await sleep(50);
  await page.setViewportSize(DESKTOP);
  await sleep(1000);
  assert.equal(loads, 2, 'a drag back to a desktop width relaunched the app');
  await context.close();
}

async function desktopLogin({ browser, server }: JourneyContext) {
  const email = uniqueEmail('desk-login');
  const login = await registerViaApi(server, email);
  const context = await desktopContext(browser);
  const page = await newPage(context);

  // Phone: the form works against the server (an unknown number is refused with its message).
  await page.goto(`${server.baseUrl}${D}login/login-phone`);
  await inDesktopFrame(page);
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
  await atFullHd(page, 'desktop-login', async () => {
    await inDesktopFrame(page);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });
  await expectAccessible(page, 'desktop log-in by phone');
  await page.getByLabel('Phone number').fill('2025550143');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('This account does not exist').waitFor();
  await waitForPath(page, `${D}login/login-phone`);

  // E-mail, through the method switch: logs in and lands on the dashboard.
  await page.getByRole('link', { name: 'Email' }).click();
  await waitForPath(page, `${D}login/login-email`);
  await inDesktopFrame(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await shot(page, 'desktop-login-email');
  // The dashboard's code arrives late (a slow link), so the user opens the menu before it does.
  let dashboardCodeServed = false;
  await page.route(/\/assets\/dashboard-page-[^/]+\.js$/, async (route) => {
    await sleep(1500);
    await route.continue();
    dashboardCodeServed = true;
  });
  await page.getByRole('button', { name: 'Log in' }).click();

  // The user menu, by keyboard, as soon as it shows: profile, security, language, theme, log out.
  // The navigation to the dashboard and the page arriving meanwhile leave it open.
  const menuButton = page.getByRole('button', { name: login.user.nickname });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
  assert(!dashboardCodeServed, 'the dashboard arrived before the menu was opened: the test proves nothing');
  await waitForPath(page, `${D}dashboard/index`);
  assert((await storedSession(page)).token, 'no token stored after logging in');
  await page.getByTestId('dashboard').waitFor();
  await sleep(300);
  assert.equal(await menuButton.getAttribute('aria-expanded'), 'true', 'the menu closed when the dashboard arrived');
  await page.unroute(/\/assets\/dashboard-page-[^/]+\.js$/);
  for (const name of ['Profile', 'Security center', 'Language'])
    await page.getByRole('link', { name, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Dark mode' }).waitFor();
  await expectAccessible(page, 'desktop user menu');
  await page.keyboard.press('Escape');
  assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')),
    'false',
    'Escape did not return the focus to the menu button',
  );
  await menuButton.click();
  await page.getByRole('link', { name: 'Security center' }).click();
  await waitForPath(page, `${D}settings/change-password`);
  await menuButton.click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await waitForPath(page, `${D}login/login-phone`);
  assert(!(await storedSession(page)).token, 'the token is still stored after logging out');
  await context.close();
}

async function desktopRegister({ browser, server }: JourneyContext) {
  const email = uniqueEmail('desk-register');
  const context = await desktopContext(browser);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${D}dashboard/index`);
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await waitForPath(page, `${D}register/register-phone`);
  await page.getByRole('link', { name: 'Email' }).click();
  await waitForPath(page, `${D}register/register-email`);
  await inDesktopFrame(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Next' }).click();
  // The feature sends the user to its verify step by the mobile path: the desktop page opens.
  await waitForPath(page, `${D}register/verify-code-email`);
  await inDesktopFrame(page);
  await expectAccessible(page, 'desktop verify code');
  await page.getByLabel('Verification code').fill(await readCode(server.dataDir, email, { after: sentAt }));
  await page.getByRole('button', { name: 'Create account' }).click();
  await waitForPath(page, `${D}dashboard/index`);
  assert((await storedSession(page)).token, 'no token stored after registering');
  await page.locator('.desktop-header [aria-expanded]').waitFor();
  await context.close();
}

async function expiryDialog({ browser, server }: JourneyContext) {
  const email = uniqueEmail('desk-expiry');
  const login = await registerViaApi(server, email);
  // The server ends the session: the stored token is now expired.
  const out = await api(server.baseUrl, '/asset/api/user/logout', undefined, { token: login.token });
  assert.equal(out.code, 0, `logout failed: ${JSON.stringify(out)}`);
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  const path = `${D}settings/account`;
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByText('Login session expired').waitFor();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.waitFor();
  await sleep(800); // longer than the 500 ms after which the mobile layout leaves for login
  assert.equal(new URL(page.url()).pathname, path, 'the expiry left the page');
  await expectAccessible(page, 'desktop log-in dialog');
  await shot(page, 'desktop-expiry-dialog');

  // By phone, the country list opens inside the dialog (the page stays), and choosing one comes
  // back to the form with what was typed.
  await dialog.getByRole('button', { name: 'Phone' }).click();
  await dialog.getByLabel('Phone number', { exact: true }).fill('612345678');
  await dialog.getByRole('button', { name: /^Country\/Region: .*Choose country\/region$/ }).click();
  await dialog.getByLabel('Search country or calling code').fill('France');
  await dialog.getByRole('button', { name: /^France/ }).click();
  const countryButton = dialog.getByRole('button', { name: /^Country\/Region: France \+33\./ });
  await countryButton.waitFor();
  assert.equal(new URL(page.url()).pathname, path, 'choosing a country left the page');
  assert.equal(
    await dialog.getByLabel('Phone number', { exact: true }).inputValue(),
    '612345678',
    'the phone number typed was lost',
  );
  await page.waitForFunction(() => document.activeElement?.classList.contains('country-code'));

  await dialog.getByRole('button', { name: 'Email' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(new URL(page.url()).pathname, path, 'logging in again left the page');
  const renewed = (await storedSession(page)).token;
  assert(renewed && renewed !== login.token, 'no new token stored');
  await page.getByRole('navigation', { name: 'Settings menu' }).waitFor();
  await page.getByRole('button', { name: login.user.nickname }).waitFor();
  await context.close();
}

export const journeys: Journey[] = [
  { name: 'desktop: the shell with its top navigation, keyboard and both themes', fn: shellAndNavigation },
  {
    name: 'desktop: all 30 routes of docs/product.md §2 open their page in the desktop frame',
    fn: everyDesktopRoute,
    slow: true,
  },
  { name: 'desktop: requests carry the login origin WEB, mobile H5', fn: loginOriginHeader },
  {
    name: 'desktop: crossing 1000 px relaunches once on the counterpart page, keeping session and choices',
    fn: relaunchOnResize,
  },
  { name: 'desktop: log in by phone and e-mail, the user menu, log out', fn: desktopLogin },
  { name: 'desktop: register by e-mail on the desktop pages', fn: desktopRegister },
  { name: 'desktop: a session expiry asks to log in again in a dialog on the same page', fn: expiryDialog },
];
