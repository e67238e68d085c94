/** Seconds contracts: a demo user places one and follows it to its result, detail and balance. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
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
  sleep,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** Orders a 30-second Up contract of 10 USDT, checking what it pays before confirming. */
async function placeUpContract(page: Page) {
  // Duration, stake, and what it pays before confirming: the server's 30 s product pays 80 %
  // (the summary's other figures are the component test's, order-entry.test.tsx).
  await enterContract(page);
  const summary = page.locator('.order-form .order-summary');
  await summary.getByText('18.00 USDT', { exact: true }).waitFor();
  await shot(page, 'trade-contract-entry');
  await expectAccessible(page, 'trade chart with order entry');

  await confirmDemoContract(page, async (dialog) => {
    await dialog.getByText(/BTC · Up · 30 sec · 10\.00 USDT/).waitFor();
    await dialog.getByText('Break-even win rate').waitFor();
    await shot(page, 'trade-contract-confirm');
  });
}

/** Follows the contract from its countdown to the settled result; returns its prices and the expected [profit, option balance]. */
async function followToResult(page: Page) {
  // The countdown to expiry, then the settled result (from the openOrders feed, or the detail poll).
  const tracker = page.getByTestId('contract-tracker');
  await tracker.getByRole('heading', { name: 'Contract opened' }).waitFor();
  const countdown = tracker.getByTestId('contract-countdown');
  await countdown.getByText(/^0:(2[0-9]|30)$/).waitFor();
  const first = (await countdown.textContent())?.trim();
  const openPrice = (await tracker.getByTestId('open-price').textContent())?.trim();
  assert(/^[1-9][0-9,]*\.[0-9]{2}$/.test(openPrice ?? ''), `open price shows as ${openPrice}`);
  await page.getByTestId('contract-row').first().getByText('Processing').waitFor();
  await shot(page, 'trade-contract-countdown');
  await sleep(2100);
  const later = (await countdown.textContent())?.trim();
  assert(later !== first, `the countdown did not move (${first} → ${later})`);

  await tracker.getByRole('heading', { name: /^(You won|You lost|Tie: stake returned)$/ }).waitFor({ timeout: 60_000 });
  const outcome = (await tracker.getByRole('heading').textContent())?.trim();
  const closePrice = (await tracker.getByTestId('close-price').textContent())?.trim();
  assert(/^[1-9][0-9,]*\.[0-9]{2}$/.test(closePrice ?? ''), `close price shows as ${closePrice}`);
  assert(
    (await tracker.getByTestId('open-price').textContent())?.trim() === openPrice,
    'the open price changed at settlement',
  );
  const profit = (await tracker.getByTestId('contract-profit').textContent())?.trim();
  const byOutcome: Record<string, [profit: string, optionBalance: string]> = {
    'You won': ['+8.00 USDT', '108.00'],
    'You lost': ['-10.00 USDT', '90.00'],
    'Tie: stake returned': ['0.00 USDT', '100.00'],
  };
  const expected = byOutcome[outcome ?? ''];
  assert(expected && profit === expected[0], `${outcome}: profit shows as ${profit}`);
  await shot(page, 'trade-contract-result');
  await expectAccessible(page, 'trade chart with a settled contract');
  return { openPrice, closePrice, expected };
}

async function secondsContract({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('contract'));
  // Demo mode, with 100 demo USDT left in the option account (the faucet funds it with 100,000; assets-first-visit.ts stakes from that).
  const demo = { token: login.token, typeUser: 'demo' };
  const switched = await api(server.baseUrl, '/asset/api/account/accountSwitch', { typeUser: 'demo' }, demo);
  assert(switched.code === 0, `accountSwitch failed: ${JSON.stringify(switched)}`);
  const moved = await api(
    server.baseUrl,
    '/asset/api/account/transferAsset',
    { fromAccount: 'option', toAccount: 'currency', asset: 'USDT', amount: '99900' },
    demo,
  );
  assert(moved.code === 0, `transfer failed: ${JSON.stringify(moved)}`);

  const context = await loggedInContext(browser, login, MOBILE, 'demo');
  const page = await newPage(context);
  await openTradeChart(page, server);
  await page.getByRole('tab', { name: 'Seconds contract', selected: true }).waitFor();
  await page.getByRole('tab', { name: 'Spot' }).waitFor();
  await page.getByText('Available: 100.00 USDT (Option account)').waitFor();
  await placeUpContract(page);
  const { openPrice, closePrice, expected } = await followToResult(page);

  // Open orders empty again; the history has it as Completed.
  await page.getByText('No open orders').waitFor();
  await page.getByRole('tab', { name: 'History' }).click();
  const row = page.getByTestId('contract-row').first();
  await row.getByText(/^Completed · (Win|Loss|Tie)$/).waitFor();

  // The trade detail shows the deciding ticks and the rule.
  await row.getByRole('link').click();
  await waitForPath(page, '/pages/trade-detail/index');
  await page.getByText('Open price source').waitFor();
  // The feed is named as a customer would say it, never by its internal name (issue 13).
  const openSource = (await page.getByTestId('open-source').textContent())?.trim();
  assert(openSource === 'Simulated market prices', `detail: the open price source reads ${openSource}`);
  assert(!(await page.getByText('simulator', { exact: true }).count()), 'detail: an internal feed name is shown');
  assert((await page.getByTestId('open-price').textContent())?.trim() === openPrice, 'detail: another open price');
  assert((await page.getByTestId('close-price').textContent())?.trim() === closePrice, 'detail: another close price');
  await page.getByText(/^Up wins when the close price is above the open price/).waitFor();
  await shot(page, 'trade-detail-contract');
  await expectAccessible(page, 'trade detail');

  // Assets: the option account holds the stake's outcome; the order history lists the contract.
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.locator('[data-wallet="option"] [data-asset="USDT"]').getByText(expected[1]).first().waitFor();
  await shot(page, 'assets-after-contract');
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await waitForPath(page, '/pages/assets/order-history');
  await page
    .getByTestId('contract-row')
    .first()
    .getByText(/^Completed · (Win|Loss|Tie)$/)
    .waitFor();
  await shot(page, 'order-history');
  await expectAccessible(page, 'order history');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'trading: a demo user places a 30-second Up contract on BTC, sees the countdown, the result and the new option balance',
    fn: secondsContract,
  },
];
