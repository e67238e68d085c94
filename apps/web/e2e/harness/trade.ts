/** Steps the trading journeys share: the trade chart with a live price, and a demo contract placed as a user does. */
import type { Locator, Page } from 'playwright-core';
import type { Server } from './server';

/** Opens a symbol's trade chart and waits for its live price: the server opens contracts and market orders at its own latest tick. */
export async function openTradeChart(page: Page, server: Server, symbol = 'BTCUSDT'): Promise<void> {
  await page.goto(`${server.baseUrl}/pages/trade-chart/index?symbol=${symbol}`);
  await page.waitForFunction(
    () => /^[1-9]/.test(document.querySelector('[data-testid="live-price"]')?.textContent ?? ''),
    null,
    { timeout: 60_000 },
  );
}

/** Chooses a 30-second contract of 10 USDT in the order form. */
export async function enterContract(page: Page): Promise<void> {
  await page.getByRole('radio', { name: '30 sec' }).check();
  await page.getByLabel('Stake (USDT)').fill('10');
}

/**
 * Places the entered contract Up in demo mode: the trial-version prompt, then the confirmation
 * dialog; `inDialog(dialog)` checks what the dialog says before Confirm.
 */
export async function confirmDemoContract(
  page: Page,
  inDialog: (dialog: Locator) => Promise<void> = async () => undefined,
): Promise<void> {
  await page.getByRole('button', { name: 'Up', exact: true }).click();
  await page.getByText('This is a trial version, investments are not real. Continue?').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.locator('.adm-dialog');
  await dialog.getByText('Confirm contract').waitFor();
  await inDialog(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}
