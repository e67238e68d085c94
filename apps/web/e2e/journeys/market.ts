/** Market data: home overview, quotes, search, the chart, market hours and favourites. */
import assert from 'node:assert/strict';
import type { TradingTime } from '@app/contract';
import type { Page } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  MOBILE,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** The text of the chart page's live price once it shows a number. */
async function livePrice(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const text = document.querySelector('[data-testid="live-price"]')?.textContent ?? '';
    return /[0-9]/.test(text) ? text : null;
  });
  // waitForFunction answers once the function returns something truthy.
  const price = await handle.jsonValue();
  assert(price, 'no live price');
  return price;
}

/** The home page's banners and market overview, then the quote groups, sorting and the visitor's favourites tab. */
async function homeAndQuotes(page: Page, server: Server) {
  // Home: the banners (served from /banners/) and the Spot / Seconds Contract overview.
  await page.goto(`${server.baseUrl}/pages/home/index`);
  const banners = page.getByRole('region', { name: 'Promotions' });
  await banners.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.banner__image')].some(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  // The Spot tab ranks crypto by 24 h turnover, which depends on the simulator's random seed.
  await page.getByRole('tabpanel', { name: 'Spot' }).getByRole('link').first().waitFor({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Seconds Contract' }).click();
  await page
    .getByRole('tabpanel', { name: 'Seconds Contract' })
    .getByRole('link', { name: /^XAUUSD Gold/ })
    .waitFor();
  await expectAccessible(page, 'home (markets)');
  await shot(page, 'home-markets');

  // Quote: groups from the tab bar, sorting, the visitor's favourites tab.
  await page.getByRole('link', { name: 'Quote' }).click();
  await waitForPath(page, '/pages/quote/index');
  await page
    .getByRole('list', { name: 'Crypto' })
    .getByRole('link', { name: /^ETH Ethereum/ })
    .waitFor();
  await page.getByRole('tab', { name: 'Forex' }).click();
  await page
    .getByRole('list', { name: 'Forex' })
    .getByRole('link', { name: /^EURUSD Euro/ })
    .waitFor();
  assert(new URL(page.url()).searchParams.get('tab') === 'FOREX', `the tab is not in the URL: ${page.url()}`);
  await page.getByRole('button', { name: 'Name' }).click();
  await page.getByRole('button', { name: /^Name\W+ascending$/, pressed: true }).waitFor();
  const names = await page.getByRole('list', { name: 'Forex' }).locator('.ticker-row__symbol').allTextContents();
  assert(names.join() === [...names].sort().join(), `not sorted by name: ${names.join(', ')}`);
  await page.getByRole('tab', { name: 'Stocks' }).click();
  await page
    .getByRole('list', { name: 'Stocks' })
    .getByRole('link', { name: /^AAPL Apple/ })
    .waitFor();
  await expectAccessible(page, 'quote (stocks)');
  await shot(page, 'quote');
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await page.getByText('Log in to keep your favourite instruments here.').waitFor();
}

/** Searches BTC and opens its chart: the price moves, candles, the interval switch, the order book. */
async function searchAndChart(page: Page) {
  // Search, then the chart.
  await page.getByRole('link', { name: 'Search symbol or name' }).click();
  await waitForPath(page, '/pages/search/index');
  await page.getByLabel('Search instruments').fill('BTC');
  const result = page.getByRole('region', { name: 'Crypto' }).getByRole('link', { name: /^BTC Bitcoin/ });
  await result.waitFor();
  await expectAccessible(page, 'search');
  await shot(page, 'search');
  await result.click();
  await page.waitForURL(
    (url) => url.pathname === '/pages/trade-chart/index' && url.searchParams.get('symbol') === 'BTCUSDT',
  );
  await page.getByRole('heading', { name: 'BTC', exact: true }).waitFor();

  // The price moves over the websocket: the simulator ticks crypto about 3 times a second.
  const first = await livePrice(page);
  const changed = await page
    .waitForFunction(
      (before: string) => {
        const text = document.querySelector('[data-testid="live-price"]')?.textContent ?? '';
        return /[0-9]/.test(text) && text !== before;
      },
      first,
      { timeout: 8000 },
    )
    .then(
      () => true,
      () => false,
    );
  assert(changed, `the BTC price stayed at ${first} for 8 s`);

  // Candles drawn, TradingView's attribution kept, the interval switch, the order book.
  await page.locator('.chart-card__canvas canvas').first().waitFor();
  await page.locator('.chart-card a[href*="tradingview.com"]').waitFor({ state: 'attached' });
  await page.getByRole('tab', { name: '1h' }).click();
  await page.getByRole('tab', { name: '1h', selected: true }).waitFor();
  assert(new URL(page.url()).searchParams.get('interval') === '1h', `the interval is not in the URL: ${page.url()}`);
  await page.getByRole('table').getByRole('cell').filter({ hasText: /[0-9]/ }).first().waitFor();
  await expectAccessible(page, 'trade chart');
  await shot(page, 'trade-chart');
}

/** A market with hours: the closed notice shows exactly when the server says it is closed. */
async function marketHours(page: Page, server: Server) {
  // A market with hours: the closed notice shows exactly when the server says it is closed.
  const session = (await (
    await fetch(`${server.baseUrl}/asset/api/forex/contract/checkTradingTime?symbol=AAPLUSD`)
  ).json()) as ApiReply<TradingTime>;
  await page.goto(`${server.baseUrl}/pages/trade-chart/index?symbol=AAPLUSD`);
  await page.getByRole('heading', { name: 'AAPL', exact: true }).waitFor();
  if (session.data.open) {
    await page.locator('.chart-card__canvas canvas').first().waitFor();
    assert(
      (await page.getByRole('heading', { name: 'Market closed' }).count()) === 0,
      'closed notice while the market is open',
    );
  } else {
    await page.getByRole('heading', { name: 'Market closed' }).waitFor();
    // The zone by its city and abbreviation, not its IANA id.
    await page.getByText(/^Opens \(Nasdaq, New York, E[SD]T\)$/).waitFor();
    // nextOpen travels as epoch milliseconds; the notice shows it in the exchange's time.
    const { nextOpen } = session.data;
    assert(
      typeof nextOpen === 'number' && Number.isInteger(nextOpen),
      `nextOpen is ${JSON.stringify(nextOpen)}, not epoch ms`,
    );
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(nextOpen)
        .map((x) => [x.type, x.value]),
    );
    const newYork = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    await page.locator('.closed-notice dd', { hasText: newYork }).waitFor();
    await expectAccessible(page, 'trade chart (market closed)');
    await shot(page, 'trade-chart-closed');
  }
}

async function visitorBrowsesMarkets({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await homeAndQuotes(page, server);
  await searchAndChart(page);
  await marketHours(page, server);
  // A visitor's star leads to login.
  await page.getByRole('button', { name: 'Favourite AAPL' }).click();
  await waitForPath(page, '/pages/login/login');
  await context.close();
}

async function favourites({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('favourite'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/quote/index?tab=CRYPTO`);
  const crypto = page.getByRole('list', { name: 'Crypto' });
  await crypto.getByRole('button', { name: 'Favourite ETH', pressed: false }).click();
  await crypto.getByRole('button', { name: 'Favourite ETH', pressed: true }).waitFor();

  await page.getByRole('tab', { name: 'Favourites' }).click();
  await page.reload();
  await page.getByRole('tab', { name: 'Favourites', selected: true }).waitFor();
  const favourites = page.getByRole('list', { name: 'Favourites' });
  await favourites.getByRole('link', { name: /^ETH Ethereum/ }).waitFor();
  assert((await favourites.getByRole('listitem').count()) === 1, 'the favourites list should hold ETH only');
  await expectAccessible(page, 'quote (favourites)');
  await shot(page, 'quote-favourites');

  // The chart's star shows it too, and removes it.
  await favourites.getByRole('link', { name: /^ETH Ethereum/ }).click();
  await page.waitForURL(
    (url) => url.pathname === '/pages/trade-chart/index' && url.searchParams.get('symbol') === 'ETHUSDT',
  );
  await page.getByRole('button', { name: 'Favourite ETH', pressed: true }).click();
  await page.getByRole('button', { name: 'Favourite ETH', pressed: false }).waitFor();
  await page.goBack();
  await page.getByText('No favourites yet. Tap the star next to an instrument to add it.').waitFor();
  await context.close();
}

export const journeys: Journey[] = [
  { name: 'market: a visitor browses quotes, searches BTC and sees the chart price move', fn: visitorBrowsesMarkets },
  { name: 'market: a logged-in user adds a favourite and finds it in Favourites after a reload', fn: favourites },
];
