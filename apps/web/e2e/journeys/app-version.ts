/** App download, version and clear cache (profile), and the two built-in location pages, on the phone and the desktop. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { desktopContext } from '../harness/browser';
import {
  type Journey,
  type JourneyContext,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** Clears the cache from the version page: asks first, says how much went, and the user stays signed in. */
async function clearCache(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('tw.preferred-region', 'DE'));
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByTestId('clear-cache-result')
    .filter({ hasText: /^Cache cleared: \d+ saved answers, [1-9]\d* stored items and \d+ offline caches removed\.$/ })
    .waitFor();
  const kept = await page.evaluate(() => ({
    session: window.localStorage.getItem('tw.session') !== null,
    region: window.localStorage.getItem('tw.preferred-region'),
  }));
  assert.deepEqual(
    kept,
    { session: true, region: null },
    'clear cache keeps the session and removes the stored preferences',
  );
}

/** The "New York time" switch (decision 0157): off by default, on when clicked, and kept on the device across a reload. */
async function newYorkTime(page: Page, name: string) {
  const toggle = page.getByRole('switch', { name: 'New York time' });
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  await toggle.click();
  await page.getByText('Every time is shown in New York time (EST/EDT).').waitFor();
  await shot(page, name);
  await page.reload();
  await page.getByRole('switch', { name: 'New York time', checked: true }).waitFor();
  assert.equal(
    await page.evaluate(() => JSON.parse(localStorage.getItem('tw.session') ?? '{}').state?.timeZone),
    'new_york',
  );
  await page.getByRole('switch', { name: 'New York time' }).click();
  await page.getByRole('switch', { name: 'New York time', checked: false }).waitFor();
}

async function phone({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('appver'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/index`);
  await newYorkTime(page, 'new-york-time-phone');

  await page.getByRole('link', { name: 'App download' }).click();
  await waitForPath(page, '/pages/profile/app-download');
  // Nothing is seeded: the page says there is no app yet instead of showing empty codes.
  await page
    .getByTestId('app-download-empty')
    .getByText('There is no app to download yet.', { exact: false })
    .waitFor();
  await expectAccessible(page, 'app download (phone)');
  await page.goBack();

  await page.getByRole('link', { name: /^Version/ }).click();
  await waitForPath(page, '/pages/profile/version');
  await page.getByTestId('app-version').filter({ hasText: '1.0.1 (100)' }).waitFor();
  await page.getByTestId('web-always-current').waitFor();
  await expectAccessible(page, 'version (phone)');
  await clearCache(page);
  await page.getByRole('link', { name: 'To install the app on your phone, see App download.' }).click();
  await waitForPath(page, '/pages/profile/app-download');
  await shot(page, 'app-download-phone');

  // /choose-location: registration's country list; the choice stays on the device.
  await page.goto(`${server.baseUrl}/choose-location`);
  await page.getByRole('searchbox', { name: 'Search country or region' }).fill('German');
  await page.getByRole('button', { name: 'Germany' }).click();
  await page.getByTestId('preferred-region').filter({ hasText: 'Germany' }).waitFor();
  await page.reload();
  await page.getByTestId('preferred-region').filter({ hasText: 'Germany' }).waitFor();
  await expectAccessible(page, 'choose location (phone)');

  // /open-location: the address as text (not configured on the journeys' server) and no map frame.
  await page.goto(`${server.baseUrl}/open-location`);
  await page.getByRole('heading', { name: 'Our address' }).waitFor();
  await page.getByTestId('company-address-missing').waitFor();
  await page.getByText('No map service is built into this app.', { exact: false }).waitFor();
  assert.equal(await page.locator('iframe').count(), 0, 'no map is embedded');
  await expectAccessible(page, 'open location (phone)');
  await context.close();
}

async function desktop({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('appver-desk'));
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/desktop/settings/account`);
  await newYorkTime(page, 'new-york-time-desktop');
  await page.getByRole('link', { name: 'Version', exact: true }).click();
  await waitForPath(page, '/pages/desktop/settings/version');
  await page.getByTestId('app-version').filter({ hasText: '1.0.1 (100)' }).waitFor();
  await page.getByTestId('web-always-current').waitFor();
  await expectAccessible(page, 'version (desktop)');
  await clearCache(page);

  await page.getByRole('link', { name: 'App download', exact: true }).click();
  await waitForPath(page, '/pages/desktop/settings/app-download');
  await page.getByTestId('app-download-empty').waitFor();
  await expectAccessible(page, 'app download (desktop)');

  // The location pages open in the desktop frame at their own addresses.
  await page.goto(`${server.baseUrl}/choose-location`);
  await waitForPath(page, '/choose-location');
  await page.getByRole('list', { name: 'Countries and regions' }).waitFor();
  await expectAccessible(page, 'choose location (desktop)');
  await page.goto(`${server.baseUrl}/open-location`);
  await waitForPath(page, '/open-location');
  await page.getByRole('heading', { name: 'Our address' }).waitFor();
  assert.equal(await page.locator('iframe').count(), 0, 'no map is embedded');
  await expectAccessible(page, 'open location (desktop)');
  await shot(page, 'open-location-desktop');
  await context.close();
}

/**
 * The web app's update check (docs/app-version.md "The web app's update check"): the build carries
 * the id the server names for its dist, so a fresh page is told nothing; a deployment (the server's
 * answer made to name another build) is offered as a reload, and a must_update is a dialog that
 * only reloads.
 */
async function webUpdate({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('webupd'));
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/desktop/settings/version`);
  const running = (await page.getByTestId('web-build').textContent())?.trim() ?? '';
  assert.match(running, /^[0-9a-f]{16}$/, 'the version page shows the build id');
  const answer = await page.evaluate(async (buildId) => {
    const res = await fetch(`/asset/api/app-version/web-build?buildId=${buildId}&apiLevel=1`);
    return (await res.json()) as { data: { buildId: string | null; newUpdateTag: string | null } };
  }, running);
  assert.deepEqual(answer.data, { buildId: running, newUpdateTag: null }, 'the server serves the build that runs');

  // A new deployment: the check at launch offers a reload, which loads the page again.
  const deployed = 'f'.repeat(16);
  let tag = 'choose_update';
  await page.route('**/asset/api/app-version/web-build?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: 'success', data: { buildId: deployed, newUpdateTag: tag } }),
    }),
  );
  await page.reload();
  const offer = page.getByTestId('web-update');
  await offer.filter({ hasText: 'A new version of the app is available.' }).waitFor();
  assert.equal(await offer.getAttribute('data-kind'), 'optional');
  await expectAccessible(page, 'web update offer (desktop)');
  await shot(page, 'web-update-offer-desktop');
  await page.getByRole('button', { name: 'Later' }).click();
  await offer.waitFor({ state: 'detached' });

  tag = 'must_update';
  await page.reload();
  const dialog = page.getByRole('alertdialog', { name: 'Reload required' });
  await dialog.waitFor();
  await shot(page, 'web-update-forced-desktop');
  await page.unroute('**/asset/api/app-version/web-build?*');
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.getByTestId('web-build').filter({ hasText: running }).waitFor();
  assert.equal(await page.getByTestId('web-update').count(), 0, 'the running build is the deployed one again');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'app version (phone): profile → New York time kept across a reload, App download (empty state), Version (1.0.1, the web is always current), Clear cache keeping the session; choose and open location',
    fn: phone,
  },
  {
    name: 'app version (desktop): settings → New York time kept across a reload, Version and Clear cache, App download; the location pages in the desktop frame',
    fn: desktop,
  },
  {
    name: 'web update (desktop): the running build is the served one; a new deployment offers a reload, must_update requires it',
    fn: webUpdate,
  },
];
