/** The trade chart: a closed market's last session, volume and attribution, open contracts on it, results anywhere. */
import assert from 'node:assert/strict';
import type { TradingTime } from '@app/contract';
import type { Page } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  MOBILE,
  api,
  confirmDemoContract,
  enterContract,
  expectAccessible,
  loggedInContext,
  newPage,
  openTradeChart,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';
import { endOwnServer, startServer } from '../harness/server';

/** Tuesday 2026-11-17 08:00 in New York: the NYSE closed at 16:00 the day before and opens at 09:30. */
const NYSE_CLOSED_AT = '2026-11-17T13:00:00Z';

/** Waits until the instrument's hourly history is stored (a fresh server backfills in the background). */
async function historyStored(baseUrl: string, symbol: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const r = (await (await fetch(`${baseUrl}/api/market/kline?symbol=${symbol}&interval=1h&limit=10`)).json()) as {
      data?: { candles?: unknown[] };
    };
    if ((r.data?.candles?.length ?? 0) >= 5) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${symbol}: no hourly candles after 90 s`);
}

/** The chart's state once its history has loaded: "No candles yet", or the newest candle's volume. */
async function chartLoaded(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    if (document.querySelector('.chart-card__state')) return 'empty';
    const volume = document.querySelector('[data-testid="chart-volume"] .mono')?.textContent ?? '';
    return /[0-9]/.test(volume) ? volume : null;
  });
  // waitForFunction answers once the function returns something truthy.
  const loaded = await handle.jsonValue();
  assert(loaded, 'the chart did not load');
  return loaded;
}

/**
 * A stock market closed for the night opens on the 1m chart of its last session, under the closed
 * notice. The journey's own server runs at a moment the NYSE is closed, whatever the real time.
 */
async function closedMarketChart({ browser }: JourneyContext) {
  const server = await startServer({ clockAt: NYSE_CLOSED_AT });
  const context = await browser.newContext({ viewport: MOBILE });
  try {
    await historyStored(server.baseUrl, 'AAPLUSD');
    const session = (await (
      await fetch(`${server.baseUrl}/asset/api/forex/contract/checkTradingTime?symbol=AAPLUSD`)
    ).json()) as ApiReply<TradingTime>;
    assert(session.data.open === false, `the NYSE is open at ${NYSE_CLOSED_AT}: ${JSON.stringify(session.data)}`);

    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/trade-chart/index?symbol=AAPLUSD&interval=1m`);
    await page.getByRole('heading', { name: 'Market closed' }).waitFor();
    await page.getByRole('tab', { name: '1m', selected: true }).waitFor();
    const loaded = await chartLoaded(page);
    assert(loaded !== 'empty', 'the closed market\'s 1m chart says "No candles yet"');
    assert((await page.getByText('No candles yet').count()) === 0, '"No candles yet" over the chart');
    await expectAccessible(page, 'trade chart (closed market, last session)');
    await shot(page, 'trade-chart-closed-session');
  } finally {
    await context.close();
    await endOwnServer(server);
  }
}

/** Volume bars with their unit; TradingView credited beneath the chart, not by a logo over the candles. */
async function chartVolumeAndAttribution({ browser, server }: JourneyContext) {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/trade-chart/index?symbol=BTCUSDT`);
  await page.locator('.chart-card__canvas canvas').first().waitFor();
  const volume = await chartLoaded(page);
  assert(/^[0-9][0-9,]*(\.[0-9]+)?$/.test(volume.trim()), `the volume legend shows ${volume}`);
  await page.getByTestId('chart-volume').getByText('Vol (BTC)').waitFor();
  assert(
    (await page.locator('.chart-card__canvas a[href*="tradingview"]').count()) === 0,
    'the TradingView logo lies over the chart',
  );
  const credit = page.getByRole('link', { name: 'Chart by TradingView' });
  await credit.waitFor();
  assert(
    (await credit.getAttribute('href')) === 'https://www.tradingview.com/',
    'the attribution link points elsewhere',
  );
  // The credit sits beneath the chart's drawing area, not over it.
  const canvas = await page.locator('.chart-card__canvas').boundingBox();
  const link = await credit.boundingBox();
  assert(canvas && link && link.y >= canvas.y + canvas.height, 'the attribution overlaps the chart');
  await shot(page, 'trade-chart-volume');
  await context.close();
}

/**
 * A demo user places a 30-second contract: its entry line is on the chart (described beside it)
 * and its countdown in view; on the assets page, the result arrives as a notice.
 */
async function contractOnChartAndResultAnywhere({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('chart-contract'));
  const demo = { token: login.token, typeUser: 'demo' };
  // The demo faucet funds the option account: the stake needs no transfer first.
  assert(
    (await api(server.baseUrl, '/asset/api/account/accountSwitch', { typeUser: 'demo' }, demo)).code === 0,
    'accountSwitch failed',
  );

  const context = await loggedInContext(browser, login, MOBILE, 'demo');
  const page = await newPage(context);
  await openTradeChart(page, server);
  await page.getByText('Available: 100,000.00 USDT (Option account)').waitFor();
  await enterContract(page);
  await confirmDemoContract(page);

  // The countdown is brought into view under the buttons.
  const countdown = page.getByTestId('contract-countdown');
  await countdown.getByText(/^0:[0-3][0-9]$/).waitFor();
  await page.waitForFunction(
    () => {
      const box = document.querySelector('[data-testid="contract-countdown"]')?.getBoundingClientRect();
      return box && box.top >= 0 && box.bottom <= window.innerHeight;
    },
    null,
    { timeout: 5000 },
  );
  await shot(page, 'trade-contract-placed');

  // On the chart: the entry line, described in words beside it.
  const openPrice = (await page.getByTestId('open-price').first().textContent())?.trim();
  const onChart = page.getByRole('list', { name: 'Your open contracts on this chart' }).getByRole('listitem');
  await onChart
    .filter({ hasText: new RegExp(`^Up at ${openPrice?.replace(/[.]/g, '\\.')} · expires in 0:[0-3][0-9]$`) })
    .waitFor();
  await page.locator('.chart-card').scrollIntoViewIfNeeded();
  await shot(page, 'trade-chart-open-contract');
  await expectAccessible(page, 'trade chart with an open contract');

  // Away from the trade page, in the app (no reload): the assets tab.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Asset' }).click();
  await page.waitForURL((url) => url.pathname === '/pages/assets/index');
  const notice = page.getByTestId('contract-result');
  await notice.waitFor({ timeout: 60_000 });
  const title = (await notice.locator('.contract-result__title').textContent())?.trim();
  const byTitle: Record<string, string> = {
    'You won': 'Profit +8.00 USDT',
    'You lost': 'Profit -10.00 USDT',
    'Tie: stake returned': 'Profit 0.00 USDT',
  };
  const expected = byTitle[title ?? ''];
  assert(expected, `the notice's title is ${title}`);
  await notice.getByText(expected, { exact: true }).waitFor();
  await notice.getByText(/^BTC · Up · 30 sec$/).waitFor();
  assert(new URL(page.url()).pathname === '/pages/assets/index', 'the notice took the user elsewhere');
  await shot(page, 'contract-result-notice');
  // It goes by itself after a while, or at once with Close.
  await notice.getByRole('button', { name: 'Close' }).click();
  await notice.waitFor({ state: 'detached' });
  await expectAccessible(page, 'assets after a contract result');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: "chart: a closed stock market shows its last session's 1m candles under the closed notice",
    fn: closedMarketChart,
  },
  {
    name: 'chart: volume bars with their unit, TradingView credited beneath the chart instead of a logo over it',
    fn: chartVolumeAndAttribution,
  },
  {
    name: 'chart: an open contract shows on the chart, and its result reaches the user on the assets page',
    fn: contractOnChartAndResultAnywhere,
  },
];
