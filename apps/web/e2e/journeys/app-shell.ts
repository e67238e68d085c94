/** The app shell: entry routes, unbuilt pages, lazy-page placeholders, offline toasts, the wide window. */
import assert from 'node:assert/strict';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  PASSWORD,
  expectFailedRequests,
  newPage,
  shot,
  sleep,
  waitForPath,
} from '../harness';

async function entryRoutes({ browser, server }: JourneyContext) {
  // With motion, as most users have it (the other journeys prefer reduced motion: harness/browser.ts).
  const context = await browser.newContext({ viewport: MOBILE, reducedMotion: 'no-preference' });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  await waitForPath(page, '/pages/home/index');
  await page.getByRole('heading', { name: 'Start trading today' }).waitFor();
  await shot(page, 'home-visitor');
  await page.goto(`${server.baseUrl}/splash`);
  await waitForPath(page, '/pages/home/index');
  await page.getByRole('link', { name: 'Quote' }).click();
  await waitForPath(page, '/pages/quote/index');
  await page.getByRole('tab', { name: 'Crypto', selected: true }).waitFor();
  // A built-in page of the original platform: it says what it does here.
  await page.goto(`${server.baseUrl}/choose-location`);
  await page.getByRole('heading', { name: 'Choose location' }).first().waitFor();
  await page.goto(`${server.baseUrl}/pages/desktop/login/login-email`);
  await waitForPath(page, '/pages/login/email-login');
  await context.close();
}

async function pagePlaceholders({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/home/index`);
  await page.getByRole('heading', { name: 'Start trading today' }).waitFor();
  // Everything the home page needed is loaded; any further script is a page's own chunk.
  const loaded = new Set(
    await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)),
  );
  const isNewChunk = (url: URL) =>
    url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !loaded.has(url.pathname);

  await page.route(
    (url) => isNewChunk(url),
    async (route) => {
      await sleep(1500);
      await route.continue();
    },
  );
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByRole('status').getByText('Loading page…').waitFor();
  await shot(page, 'page-loading');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.unroute((url) => isNewChunk(url));

  const context2 = await browser.newContext({ viewport: MOBILE });
  const page2 = await newPage(context2);
  expectFailedRequests(page2);
  await page2.goto(`${server.baseUrl}/pages/home/index`);
  await page2.getByRole('heading', { name: 'Start trading today' }).waitFor();
  const loaded2 = new Set(
    await page2.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)),
  );
  await page2.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !loaded2.has(url.pathname),
    (route) => route.abort(),
  );
  await page2.getByRole('link', { name: 'Log in' }).click();
  await page2.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
  await page2.getByRole('button', { name: 'Reload' }).waitFor();
  await shot(page2, 'page-error');
  await context.close();
  await context2.close();
}

async function offlineToasts({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  expectFailedRequests(page);
  await page.goto(`${server.baseUrl}/pages/login/email-login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await context.setOffline(true);
  const noNetwork = page.getByText('No network, please connect and try again later');
  await noNetwork.first().waitFor();
  await noNetwork.first().waitFor({ state: 'hidden' });
  await page.getByLabel('Email', { exact: true }).fill('offline@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await noNetwork.first().waitFor();
  await context.setOffline(false);
  await page.getByText('Connection restored').waitFor();
  await context.close();
}

/** The widest window that still gets the mobile layout (docs/product.md §2: wider than 1000 px is desktop). */
const AT_BREAKPOINT = { width: 1000, height: 900 };

async function wideWindow({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: AT_BREAKPOINT });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/home/index`);
  await page.getByRole('heading', { name: 'Start trading today' }).waitFor();
  const box = await page.locator('.app-frame').boundingBox();
  assert(box && Math.round(box.width) === 450, `the column is ${box?.width} px wide, expected 450`);
  const left = Math.round(box.x);
  const expected = Math.round((AT_BREAKPOINT.width - 450) / 2);
  assert(Math.abs(left - expected) <= 1, `the column starts at x=${left}, expected ${expected} (centred)`);
  await shot(page, 'home-wide');
  await context.close();
}

export const journeys: Journey[] = [
  { name: '/ and /splash open the mobile home; a built-in page of the original platform opens', fn: entryRoutes },
  {
    name: 'a slow page shows the loading placeholder; a page whose code fails shows the error placeholder',
    fn: pagePlaceholders,
  },
  { name: 'going offline and back shows the network toasts; a request made offline says so', fn: offlineToasts },
  { name: 'a 1000 px window (the breakpoint) shows the mobile layout centred and capped at 450 px', fn: wideWindow },
];
