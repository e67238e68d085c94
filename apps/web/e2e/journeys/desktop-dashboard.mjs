/**
 * The desktop trading dashboard (issue 15) at 1440×900, through the desktop preview opt-in
 * (docs/decisions.md "Desktop layout: shipped behind a preview opt-in"): live prices for a visitor,
 * one screen without page scrolling from 1001 to 2560 px, a market chosen in the list driving the
 * other panels; a user switching to demo and following a 30-second contract from the order entry
 * to the chart and to its settled result in the history; a spot limit order placed and cancelled;
 * axe in both themes.
 */
import assert from 'node:assert/strict';
import { DESKTOP, confirmDemoContract, enterContract, expectAccessible, newPage, registerViaApi, shot, sleep, uniqueEmail, waitForPath } from '../harness/index.mjs';
import { sessionStorageValue } from '../harness/browser.mjs';
import { describeRowCheck, rowRenderHook, startRowCheck, stopRowCheck } from '../harness/row-renders.mjs';

const DASHBOARD = '/pages/desktop/dashboard/index';

/** A browser context with the desktop preview on (and a stored session when `login` is given). */
async function desktopContext(browser, { login, typeUser = 'real', viewport = DESKTOP } = {}) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => window.localStorage.setItem('tw.desktop-preview', 'on'));
  if (login) {
    await context.addInitScript((value) => {
      if (!window.localStorage.getItem('tw.session')) window.localStorage.setItem('tw.session', value);
    }, sessionStorageValue(login, typeUser));
  }
  return context;
}

const isPrice = (text) => /^[1-9][0-9,]*(\.[0-9]+)?$/.test((text ?? '').trim());

/** The live price in the price strip has arrived. */
async function waitForLivePrice(page) {
  await page.waitForFunction(() => /^[1-9]/.test(document.querySelector('.dash-price [data-testid="live-price"]')?.textContent ?? ''), null, { timeout: 60_000 });
}

/** Every panel is inside the window and the page itself does not scroll. */
async function fitsTheWindow(page, label) {
  const box = await page.evaluate(() => {
    const panels = [...document.querySelectorAll('.dash > *, .dash-book-column > *')].map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    });
    return { panels, scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight };
  });
  assert(box.scrollHeight <= box.height, `${label}: the page scrolls (${box.scrollHeight} > ${box.height})`);
  assert(box.scrollWidth <= box.width, `${label}: the page scrolls sideways (${box.scrollWidth} > ${box.width})`);
  assert(box.panels.length >= 8, `${label}: only ${box.panels.length} panels`);
  for (const p of box.panels) {
    assert(p.width > 100 && p.height > 40, `${label}: ${p.name} is ${p.width}×${p.height}`);
    assert(p.left >= 0 && p.right <= box.width + 0.5 && p.top >= 0 && p.bottom <= box.height + 0.5, `${label}: ${p.name} is outside the window`);
  }
}

async function visitorSeesLivePrices({ browser, server }) {
  const context = await desktopContext(browser);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${DASHBOARD}`);
  await page.getByTestId('dashboard').waitFor();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(); // for screen readers

  // Markets: the crypto group with live prices and 24 h change; favourites and the five groups.
  const markets = page.getByRole('region', { name: 'Markets' });
  const groups = markets.getByRole('tablist', { name: 'Market groups' });
  for (const name of ['Favourites', 'Forex', 'CFD', 'Crypto', 'Indices', 'Stocks']) await groups.getByRole('tab', { name }).waitFor();
  await markets.locator('tr[data-symbol="BTCUSDT"]').waitFor();
  const btc = markets.locator('tr[data-symbol="BTCUSDT"]');
  assert(isPrice(await btc.getByTestId('dash-ticker-price').textContent()), 'no BTC price in the markets list');
  assert(/%$/.test((await btc.getByTestId('dash-ticker-change').textContent())?.trim() ?? ''), 'no 24 h change in the markets list');

  // The chosen instrument (BTC by default): its live price, the order book and the latest prints from the feed.
  await waitForLivePrice(page);
  await page.getByTestId('dash-order-book').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('dash-latest-prices').locator('tbody tr').nth(1).waitFor({ timeout: 30_000 });
  // The list moves with the general feed: some price on screen changes within a few seconds.
  const before = await markets.getByTestId('dash-ticker-price').allTextContents();
  let moved = false;
  for (let i = 0; i < 20 && !moved; i++) {
    await sleep(500);
    const now = await markets.getByTestId('dash-ticker-price').allTextContents();
    moved = now.some((p, j) => p !== before[j]);
  }
  assert(moved, 'no price in the markets list moved in 10 s');
  await page.locator('.dash-flash--up, .dash-flash--down').first().waitFor();
  // The chart is drawn (the library's canvas) and a visitor is asked to log in to trade.
  await page.locator('.dash-chart canvas').first().waitFor();
  await page.getByRole('region', { name: 'Place an order' }).getByText('Log in to place seconds contracts and spot orders.').waitFor();
  await fitsTheWindow(page, '1440×900');
  await shot(page, 'desktop-dashboard-live');
  await expectAccessible(page, 'desktop dashboard (visitor, light)');

  // Search, then choosing a market drives the other panels (and the address).
  await markets.getByRole('searchbox', { name: 'Search markets' }).fill('eth');
  await markets.locator('tr[data-symbol="BTCUSDT"]').waitFor({ state: 'detached' });
  await markets.locator('tr[data-symbol="ETHUSDT"] a').click();
  await page.waitForURL((url) => url.searchParams.get('symbol') === 'ETHUSDT');
  await page.locator('#dash-price-symbol').getByText('ETH', { exact: true }).waitFor();
  await waitForLivePrice(page);
  assert.equal(await markets.locator('tr[data-symbol="ETHUSDT"] a').getAttribute('aria-current'), 'true');
  // By keyboard: from the search box to the list's rows, with a visible focus ring; Enter chooses.
  await markets.getByRole('searchbox', { name: 'Search markets' }).fill('');
  await markets.locator('tr[data-symbol="BTCUSDT"]').waitFor();
  await markets.getByRole('searchbox', { name: 'Search markets' }).focus();
  let onRow = false;
  for (let i = 0; i < 6 && !onRow; i++) {
    await page.keyboard.press('Tab');
    onRow = await page.evaluate(() => Boolean(document.activeElement?.closest('.dash-markets tbody tr')));
  }
  assert(onRow, 'Tab from the search box does not reach the markets list');
  assert(
    await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle !== 'none' && parseFloat(getComputedStyle(document.activeElement).outlineWidth) > 0),
    'a focused market row has no visible focus ring',
  );
  const focused = await page.evaluate(() => document.activeElement.closest('tr').dataset.symbol);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('symbol') === focused);

  // Another group, by keyboard (arrow keys move between tabs).
  await groups.getByRole('tab', { name: 'Crypto' }).focus();
  await page.keyboard.press('ArrowLeft');
  await groups.getByRole('tab', { name: 'CFD', selected: true }).waitFor();
  await markets.getByRole('searchbox', { name: 'Search markets' }).fill('');
  await markets.locator('tbody tr').first().waitFor();
  assert((await markets.locator('tbody tr').first().getAttribute('data-symbol')) !== 'ETHUSDT');

  // The panels follow the window from 1001 to 2560 px, never scrolling the page.
  for (const viewport of [{ width: 1001, height: 700 }, { width: 1920, height: 1080 }, { width: 2560, height: 1440 }]) {
    await page.setViewportSize(viewport);
    await sleep(600); // longer than the relaunch debounce: no relaunch inside the desktop range
    await page.getByTestId('dashboard').waitFor();
    await fitsTheWindow(page, `${viewport.width}×${viewport.height}`);
    await shot(page, `desktop-dashboard-${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);

  // Dark theme.
  await page.getByRole('button', { name: 'Dark mode' }).click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await expectAccessible(page, 'desktop dashboard (visitor, dark)');
  await shot(page, 'desktop-dashboard-dark-live');

  // In French: the dashboard's own words (their namespace comes with its chunk) and the shared ones.
  await page.goto(`${server.baseUrl}/pages/desktop/language/index`);
  await page.getByText('Français', { exact: true }).click();
  await page.getByRole('heading', { name: 'Langue', level: 1 }).waitFor();
  await page.locator('.desktop-header__brand').click();
  await waitForPath(page, DASHBOARD);
  const marches = page.getByRole('region', { name: 'Marchés' });
  await marches.getByRole('searchbox', { name: 'Rechercher un marché' }).waitFor();
  await page.getByRole('region', { name: 'Derniers prix' }).waitFor();
  await page.getByRole('region', { name: 'Carnet d’ordres' }).waitFor();
  await context.close();
}

/**
 * Issue 15: a live update renders (React) and touches (DOM) only the rows whose figures changed,
 * in the markets list (4 repaints a second) and the order book (a depth message per change).
 */
async function liveUpdatesRenderOnlyChangedRows({ browser, server }) {
  const context = await desktopContext(browser);
  await context.addInitScript(rowRenderHook);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${DASHBOARD}?symbol=BTCUSDT`);
  await page.locator('.dash-markets tbody tr').first().waitFor();
  await page.getByTestId('dash-order-book').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await waitForLivePrice(page);
  const seconds = 6;
  await startRowCheck(page);
  await sleep(seconds * 1000);
  const rows = await stopRowCheck(page);
  for (const line of describeRowCheck(rows, seconds)) console.log(`    ${line}`);
  for (const [panel, x] of Object.entries(rows.panels)) {
    assert(x.commits > 0 && x.updates > 0, `no live update of the ${panel} rows in ${seconds} s`);
  }
  // Some rows of the list stay as they were in an update: those are not rendered.
  assert(rows.panels.markets.rendered < rows.panels.markets.shown, 'every market row rendered on every update');
  assert.deepEqual(rows.needless, [], 'rows rendered or touched although nothing in them changed');
  await context.close();
}

async function demoContractFromTheDashboard({ browser, server }) {
  const login = await registerViaApi(server, uniqueEmail('desk-contract'));
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${DASHBOARD}`);
  await waitForLivePrice(page);

  // The account panel: real first, the three accounts, then the switch to demo.
  const account = page.getByRole('region', { name: 'Account' });
  for (const name of ['Currency account', 'Option account', 'Financing account']) await account.getByText(name, { exact: true }).waitFor();
  await account.getByRole('link', { name: 'Transfer' }).waitFor();
  await account.getByRole('button', { name: 'Real', pressed: true }).waitFor();
  await account.getByRole('button', { name: 'Demo' }).click();
  await account.getByRole('button', { name: 'Demo', pressed: true }).waitFor();
  await page.getByText('Switched to the demo account').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.typeUser), 'demo');
  await page.getByTestId('demo-badge').getByText('Demo mode').waitFor();
  await account.locator('[data-wallet="option"] dd').getByText('100,000.00').waitFor();

  // The seconds contract: 30 s, 10 USDT; what it pays and the break-even win rate before placing.
  const entry = page.getByRole('region', { name: 'Place an order' });
  await entry.getByRole('tab', { name: 'Seconds contract', selected: true }).waitFor();
  await enterContract(page);
  const summary = entry.locator('.order-summary');
  await summary.getByText('18.00 USDT', { exact: true }).waitFor();
  await summary.getByText('55.56%', { exact: true }).waitFor();
  await expectAccessible(page, 'desktop dashboard order entry (demo)');
  await shot(page, 'desktop-dashboard-contract-entry');
  await confirmDemoContract(page, async (dialog) => {
    await dialog.getByText(/BTC · Up · 30 sec · 10\.00 USDT/).waitFor();
  });

  // On the chart, with its entry price and expiry; in the open orders.
  const onChart = page.getByTestId('chart-contracts');
  await onChart.getByText(/^Up at [1-9][0-9,]*\.[0-9]{2} · expires in 0:[0-3][0-9]$/).waitFor({ timeout: 15_000 });
  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByTestId('contract-row').first().getByText('Processing').waitFor();
  await shot(page, 'desktop-dashboard-contract-open');

  // Settled: off the chart, in the history with its result; the option balance moved.
  await onChart.waitFor({ state: 'detached', timeout: 60_000 });
  await orders.getByText('No open orders').waitFor({ timeout: 30_000 });
  await orders.getByRole('tab', { name: 'Seconds contracts' }).click();
  await orders.getByTestId('contract-row').first().getByText(/^Completed · (Win|Loss|Tie)$/).waitFor();
  await account.locator('[data-wallet="option"] dd').getByText(/^(100,008\.00|99,990\.00|100,000\.00)$/).waitFor();
  await shot(page, 'desktop-dashboard-contract-settled');
  await context.close();
}

async function spotLimitPlacedAndCancelled({ browser, server }) {
  const login = await registerViaApi(server, uniqueEmail('desk-spot'));
  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}${DASHBOARD}?symbol=BTCUSDT`);
  await waitForLivePrice(page);
  await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Demo' }).click();
  await page.getByTestId('demo-badge').waitFor();

  const entry = page.getByRole('region', { name: 'Place an order' });
  await entry.getByRole('tab', { name: 'Spot' }).click();
  await entry.getByText(/^Available: [1-9][0-9,]*\.[0-9]{2} USDT \(Currency account\)$/).waitFor();
  await entry.getByRole('radio', { name: 'Limit' }).check();
  await entry.getByLabel('Price (USDT)').fill('1000');
  await entry.getByLabel('Amount (BTC)').fill('0.01');
  await entry.getByText('≈ 10.00 USDT').waitFor();
  await expectAccessible(page, 'desktop dashboard spot entry');
  await shot(page, 'desktop-dashboard-spot');
  await entry.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('.adm-dialog').getByText('Confirm order').waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();

  const orders = page.getByRole('region', { name: 'Orders' });
  const resting = orders.getByTestId('spot-row').first();
  await resting.getByText('Processing').waitFor();
  await resting.getByText('1,000.00').waitFor();
  await resting.getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel order' }).click();
  await orders.getByText('No open orders').waitFor();
  await orders.getByRole('tab', { name: 'Spot orders' }).click();
  await orders.getByTestId('spot-row').first().getByText('Cancelled').waitFor();
  // Keyboard: the arrow keys move between the lists.
  await page.keyboard.press('ArrowLeft');
  await orders.getByRole('tab', { name: 'Seconds contracts', selected: true }).waitFor();
  await orders.getByText('No orders yet').waitFor();
  await expectAccessible(page, 'desktop dashboard with order history');

  // The trade route is the same dashboard.
  await page.goto(`${server.baseUrl}/pages/desktop/trade/index?symbol=ETHUSDT`);
  await page.getByRole('heading', { name: 'Trade', level: 1 }).waitFor();
  await page.locator('#dash-price-symbol').getByText('ETH', { exact: true }).waitFor();
  await waitForPath(page, '/pages/desktop/trade/index');
  await context.close();
}

export const journeys = [
  { name: 'desktop dashboard: a visitor sees live prices on one screen from 1001 to 2560 px; a market drives the panels', fn: visitorSeesLivePrices },
  { name: 'desktop dashboard: a live update renders only the rows that changed', fn: liveUpdatesRenderOnlyChangedRows },
  { name: 'desktop dashboard: a user switches to demo, places a 30-second contract, sees it on the chart, then settled', fn: demoContractFromTheDashboard },
  { name: 'desktop dashboard: a spot limit order placed and cancelled', fn: spotLimitPlacedAndCancelled },
];
