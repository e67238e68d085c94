/**
 * A new user's first visit to the assets (issue 13): no wall of zero rows, the records and the
 * statement one tap away, the statement in business events, and demo money that can stake a
 * contract on the first try.
 */
import assert from 'node:assert/strict';
import {
  type Journey,
  type JourneyContext,
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
  waitForPath,
} from '../harness';

/**
 * A new real user: Deposit is the first call to action of the empty account (home, the Asset tab),
 * reached by tapping; small balances hidden by default, shown on demand, the choice remembered;
 * records and statement one tap away.
 */
async function firstVisit({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('assets'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/home/index`);
  // Nothing held: the home's Deposit shortcut is lit, the Asset tab's first (and filled) action is Deposit.
  await page.locator('.shortcut--primary[data-shortcut="deposit"]').waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Asset' }).click();
  await waitForPath(page, '/pages/assets/index');
  const actions = page.locator('.total-card__actions a');
  await page.locator('.total-card__actions a.button--primary', { hasText: 'Deposit' }).waitFor();
  assert.deepEqual((await actions.allTextContents()).slice(0, 2), ['Deposit', 'Withdraw']);
  await actions.first().click();
  await waitForPath(page, '/pages/recharge/index');
  await page.goBack();
  await waitForPath(page, '/pages/assets/index');
  await page.getByRole('heading', { name: 'Currency account' }).waitFor();
  const hide = page.getByRole('checkbox', { name: 'Hide small balances' });
  assert(await hide.isChecked(), 'small balances are not hidden by default');
  // Three accounts, nothing held: no zero rows, one "No balances" each.
  await page.locator('.wallet-card .empty-text').nth(2).waitFor();
  assert.equal(await page.locator('.balance-row').count(), 0, 'a new user sees zero-balance rows');
  await shot(page, 'assets-first-visit');
  await expectAccessible(page, 'assets (small balances hidden)');

  await hide.uncheck();
  await page.locator('[data-wallet="option"] [data-asset="USDT"]').waitFor();
  const shown = await page.locator('.balance-row').count();
  assert(shown >= 3 * 10, `showing small balances lists ${shown} rows`);
  // The choice is remembered.
  await page.reload();
  await page.getByRole('heading', { name: 'Currency account' }).waitFor();
  await page.locator('[data-wallet="financing"] [data-asset="USDT"]').waitFor();
  assert(
    !(await page.getByRole('checkbox', { name: 'Hide small balances' }).isChecked()),
    'the choice was not remembered',
  );
  await page.getByRole('checkbox', { name: 'Hide small balances' }).check();
  await page.locator('.wallet-card .empty-text').nth(2).waitFor();

  // Transfer records: one tap.
  await page.getByRole('link', { name: 'Transfer records' }).click();
  await waitForPath(page, '/pages/assets/transfer-records');
  await page.getByText('No records yet').waitFor();
  // Each account's changes (the statement): one tap.
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.getByRole('link', { name: 'Option account: account changes' }).click();
  await waitForPath(page, '/pages/assets/account');
  assert.equal(new URL(page.url()).searchParams.get('wallet'), 'option');
  await page.getByRole('heading', { name: 'Account changes' }).waitFor();
  await page.getByRole('link', { name: 'Transfer records' }).waitFor();
  await expectAccessible(page, 'account changes (empty)');
  await context.close();
}

/** A new user switches to demo on the assets page and stakes a contract at once; the statement shows the stake held, then the order placed as one event. */
async function demoFirstContract({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('demo-first'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.getByRole('button', { name: 'Demo', exact: true }).click();
  await page.getByRole('button', { name: 'Demo', exact: true, pressed: true }).waitFor();
  // Both trading accounts hold the demo money.
  await page
    .locator('[data-wallet="option"] [data-asset="USDT"]')
    .getByText('100,000.00', { exact: true })
    .first()
    .waitFor();
  await page
    .locator('[data-wallet="currency"] [data-asset="USDT"]')
    .getByText('100,000.00', { exact: true })
    .first()
    .waitFor();

  await openTradeChart(page, server);
  await page.getByText('Available: 100,000.00 USDT (Option account)').waitFor();
  await enterContract(page);
  await confirmDemoContract(page);
  await page.getByTestId('contract-tracker').getByRole('heading', { name: 'Contract opened' }).waitFor();
  assert.equal(await page.getByText('Your amount is not enough').count(), 0);
  await shot(page, 'demo-first-contract');

  // The statement: the stake is held, not spent and received.
  await page.goto(`${server.baseUrl}/pages/assets/account?wallet=option`);
  const opened = page.locator('[data-testid="account-change"][data-kind="contract_open"]').first();
  await opened.getByText('Contract opened').waitFor();
  await opened.getByText('Held 10.00 USDT', { exact: true }).waitFor();
  assert.equal(await opened.locator('.record__line').count(), 1, 'the stake shows as more than one line');

  // A resting spot order: one event, "Spot order placed", its funds held.
  const demo = { token: login.token, typeUser: 'demo' };
  const placed = await api(
    server.baseUrl,
    '/transaction/api/spot/order',
    { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1000.00' },
    demo,
  );
  assert.equal(placed.code, 0, `spot order failed: ${JSON.stringify(placed)}`);
  await page.goto(`${server.baseUrl}/pages/assets/account?wallet=currency`);
  const order = page.locator('[data-testid="account-change"][data-kind="spot_escrow"]').first();
  await order.getByText('Spot order placed').waitFor();
  // 0.01 × 1000.00 = 10.00 plus the 0.1 % fee 0.01.
  await order.getByText('Held 10.01 USDT', { exact: true }).waitFor();
  assert.equal(await order.locator('.record__line').count(), 1);
  await shot(page, 'statement-events');
  await expectAccessible(page, 'account changes (events)');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'assets: a new user is led to Deposit first, sees no zero rows by default, can show them, and reaches transfer records and account changes in one tap',
    fn: firstVisit,
  },
  {
    name: 'demo: a new user switches to demo and stakes a contract on the first try; the statement shows held funds as one event',
    fn: demoFirstContract,
  },
];
