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

async function phone({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('appver'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/index`);

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

export const journeys: Journey[] = [
  {
    name: 'app version (phone): profile → App download (empty state), Version (1.0.1, the web is always current), Clear cache keeping the session; choose and open location',
    fn: phone,
  },
  {
    name: 'app version (desktop): settings → Version and Clear cache, App download; the location pages in the desktop frame',
    fn: desktop,
  },
];
