/** The demo account: version switch, a transfer between accounts, an OTC buy, records and assets. */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import {
  type Journey,
  type JourneyContext,
  type Server,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  storedSession,
  uniqueEmail,
  waitForPath,
} from '../harness';

/**
 * A record's time: the API sends epoch milliseconds; the page shows "YYYY-MM-DD HH:mm:ss" (docs/product.md §9)
 * in the browser's time zone, with the ISO 8601 instant in `<time datetime>`, and it is now-ish.
 */
async function expectRecordTime(record: Locator, what: string) {
  const time = record.locator('time').first();
  await time.waitFor();
  const { text, iso, local } = await time.evaluate((el) => {
    const at = new Date(el.getAttribute('datetime') ?? '');
    // Inline, not a named helper: under tsx a named inner function needs a `__name` the page lacks (harness/row-renders.ts).
    const [month, day, hours, minutes, seconds] = [
      at.getMonth() + 1,
      at.getDate(),
      at.getHours(),
      at.getMinutes(),
      at.getSeconds(),
    ].map((n) => String(n).padStart(2, '0'));
    return {
      text: el.textContent?.trim() ?? '',
      iso: el.getAttribute('datetime') ?? '',
      local: `${at.getFullYear()}-${month}-${day} ${hours}:${minutes}:${seconds}`,
    };
  });
  assert.match(text, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, `${what}: the time reads "${text}"`);
  assert.equal(text, local, `${what}: ${iso} is shown as ${text}, not in the browser's time zone`);
  assert(Math.abs(Date.parse(iso) - Date.now()) < 10 * 60_000, `${what}: ${iso} is not the time of the action`);
}

/** Switches the assets page to demo and moves 100 USDT to the option account; the records show it. */
async function switchToDemoAndTransfer(page: Page, server: Server) {
  // Version switch: demo changes the colours and the ledger.
  await page.getByRole('button', { name: 'Demo', exact: true }).click();
  await page.waitForFunction(() => document.documentElement.dataset.typeUser === 'demo');
  await page.getByRole('button', { name: 'Demo', exact: true, pressed: true }).waitFor();
  assert((await storedSession(page)).typeUser === 'demo', 'typeUser is not stored as demo');
  const usdt = page.locator('[data-wallet="currency"] [data-asset="USDT"]');
  await usdt
    .getByText(/^[1-9][0-9,]*\.[0-9]+$/)
    .first()
    .waitFor();
  await expectAccessible(page, 'assets (demo)');
  await shot(page, 'assets-demo');

  // Transfer 100 USDT from the currency to the option account.
  await page.getByRole('link', { name: 'Transfer', exact: true }).click();
  await waitForPath(page, '/pages/assets/transfer');
  await page.getByText(/^Available: [1-9]/).waitFor();
  const amount = page.getByLabel('Amount');
  await amount.fill('0');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByText('Transfer number must be greater than 0').waitFor();
  await expectAccessible(page, 'transfer (with an error)');
  await amount.fill('100');
  await shot(page, 'transfer');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByText('This is a trial version, investments are not real. Continue?').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText(/Transfer 100(\.0+)? USDT from the Currency account to the Option account\?/).waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await waitForPath(page, '/pages/assets/index');
  assert((await storedSession(page)).demoConfirmed === true, 'the trial confirmation was not remembered');
  // The demo faucet funds the option account too: 100,000 + 100.
  await page
    .locator('[data-wallet="option"] [data-asset="USDT"]')
    .getByText('100,100.00', { exact: true })
    .first()
    .waitFor();

  await page.getByRole('link', { name: 'Option account', exact: true }).click();
  await waitForPath(page, '/pages/assets/account');
  await page.getByRole('heading', { name: 'Account changes' }).waitFor();
  await page.locator('.record', { hasText: 'USDT' }).getByText('+100.00', { exact: true }).first().waitFor();
  await expectRecordTime(page.locator('.record', { hasText: '+100.00' }).first(), 'account change');
  await expectAccessible(page, 'account detail');
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.getByRole('link', { name: 'Transfer records' }).click();
  await waitForPath(page, '/pages/assets/transfer-records');
  const record = page.getByTestId('transfer-record').first();
  await record.getByText('Currency account → Option account').waitFor();
  await record.getByText('100.00 USDT', { exact: true }).waitFor();
  await expectRecordTime(record, 'transfer record');
}

/** Buys BTC with 50 USDT over OTC: the trade pays what the preview said, and the BTC reaches the assets. */
async function buyOverOtc(page: Page, server: Server) {
  // OTC: buy BTC with 50 USDT at a live quote (no second trial question).
  await page.goto(`${server.baseUrl}/pages/otc/index`);
  await page.getByText(/Rates valid for \d+ s/).waitFor({ timeout: 60_000 });
  await expectAccessible(page, 'otc');
  await page.getByLabel('USDT to spend').fill('50');
  await page.getByText('You get').waitFor();
  await shot(page, 'otc-buy');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByText('Confirm trade').waitFor();
  // The preview is exact decimal arithmetic, shown as every OTC figure (USDT to the cent, truncated).
  const previewPay = (
    await page.locator('.adm-dialog .otc-preview__row', { hasText: 'You pay' }).locator('dd').textContent()
  )?.trim();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Trade completed' }).waitFor();

  await page.getByRole('tab', { name: 'History' }).click();
  const trade = page.getByTestId('otc-trade').first();
  await trade.getByText(/^Buy · BTC/).waitFor();
  // Coins come in whole amount-decimal steps: at most the 50 USDT budget is spent.
  await trade
    .getByText(/^(49|50)\.[0-9]+ USDT$/)
    .first()
    .waitFor();
  const paid = (await trade.locator('dd').first().textContent())?.trim();
  // History and preview both show USDT to the cent, truncated (docs/product.md §9): the same figure.
  assert(paid === previewPay, `the trade paid ${paid}, the preview said ${previewPay}`);
  await expectRecordTime(trade, 'otc trade');
  await expectAccessible(page, 'otc history');

  await page.goto(`${server.baseUrl}/pages/assets/index`);
  const btc = page.locator('[data-wallet="currency"] [data-asset="BTC"]');
  await btc
    .getByText(/^0\.0*[1-9][0-9]*$/)
    .first()
    .waitFor();
  await shot(page, 'assets-after-otc');
}

async function demoWallet({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('demo'));
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/assets/index`);
  await page.getByRole('heading', { name: 'Currency account' }).waitFor();
  await expectAccessible(page, 'assets (real)');
  await switchToDemoAndTransfer(page, server);
  await buyOverOtc(page, server);
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'demo journey: switch to demo, transfer 100 USDT, buy BTC over OTC, see it in records and assets',
    fn: demoWallet,
  },
];
