/** Spot orders: a demo user rests a limit buy, cancels it, then buys at the market. */
import assert from 'node:assert/strict';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  api,
  expectAccessible,
  expectToastClear,
  loggedInContext,
  newPage,
  openTradeChart,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

async function limitThenMarketBuy({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('spot'));
  const switched = await api(
    server.baseUrl,
    '/asset/api/account/accountSwitch',
    { typeUser: 'demo' },
    { token: login.token, typeUser: 'demo' },
  );
  assert(switched.code === 0, `accountSwitch failed: ${JSON.stringify(switched)}`);
  const context = await loggedInContext(browser, login, MOBILE, 'demo');
  const page = await newPage(context);
  await openTradeChart(page, server);
  await page.getByRole('tab', { name: 'Spot' }).click();
  await page.getByText(/^Available: [1-9][0-9,]*\.[0-9]{2} USDT \(Currency account\)$/).waitFor();

  // A limit buy far below the market rests in the open orders until it is cancelled.
  await page.getByRole('radio', { name: 'Limit' }).check();
  await page.getByLabel('Price (USDT)').fill('1000');
  await page.getByLabel('Amount (BTC)').fill('0.01');
  await page.getByText('≈ 10.00 USDT').waitFor();
  await shot(page, 'trade-spot-limit');
  await expectAccessible(page, 'spot order entry');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('.adm-dialog').getByText('Confirm order').waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  // The toast saying so leaves the contract/spot switch in view, even scrolled just under the top bar (issue 34).
  const entrySwitch = page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: 'Spot', exact: true }) });
  await entrySwitch.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -60);
  });
  await expectToastClear(page, 'phone spot order', { 'the contract/spot switch': entrySwitch });
  const resting = page.getByTestId('spot-row').first();
  await resting.getByText('Processing').waitFor();
  await resting.getByText('1,000.00').waitFor();
  await resting.getByRole('button', { name: 'Cancel order' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Yes, cancel' }).click();
  await page.getByText('No open orders').waitFor();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByTestId('spot-row').first().getByText('Cancelled').waitFor();

  // A market buy fills at once at the ask.
  await page.getByRole('radio', { name: 'Market' }).check();
  await page.getByLabel('Amount (BTC)').fill('0.001');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  const filled = page.getByTestId('spot-row').filter({ hasText: 'Completed' }).first();
  await filled.getByText('0.00100 BTC').waitFor();
  await shot(page, 'trade-spot-history');
  await filled.getByRole('link').click();
  await waitForPath(page, '/pages/trade-detail/index');
  await page.getByText('Fill price').waitFor();
  await expectAccessible(page, 'spot trade detail');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'trading: a demo user rests a limit buy on BTC, cancels it, then buys at the market',
    fn: limitThenMarketBuy,
  },
];
