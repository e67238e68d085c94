/**
 * The dashboard screenshots in docs/ (README "Screenshots"): the desktop trading dashboard at
 * 1440×900, in the light and the dark theme, as a signed-in user in the demo account (its balances
 * are the demo faucet's), on live simulated prices.
 *
 *   npm run docs:screenshots   (builds the web app if its sources changed; Chromium from Debian)
 *
 * It starts the app's server on a fresh embedded database exactly as the browser tests do
 * (harness/server.ts) and writes docs/images/dashboard-1440x900-{light,dark}.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { desktopContext, launchBrowser, sessionStorageValue } from './harness/browser';
import { DESKTOP, ROOT, sleep } from './harness/config';
import { startServer, stopServer } from './harness/server';
import { registerViaApi, uniqueEmail } from './harness/users';

const OUT = path.join(ROOT, 'docs/images');
const THEMES = ['light', 'dark'];

/** Waits until the backfill (in the background on a fresh server) has stored the chart's minutes. */
async function historyStored(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const r = (await (await fetch(`${baseUrl}/api/market/kline?symbol=BTCUSDT&interval=1m&limit=200`)).json()) as {
      data?: { candles?: unknown[] };
    };
    if ((r.data?.candles?.length ?? 0) >= 150) return;
    await sleep(500);
  }
  throw new Error('BTCUSDT: no minute history after 120 s');
}

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const login = await registerViaApi(server, uniqueEmail('screenshot'));
    await historyStored(server.baseUrl);
    fs.mkdirSync(OUT, { recursive: true });
    for (const theme of THEMES) {
      const context = await desktopContext(browser, { viewport: DESKTOP });
      // The stored session as the app keeps it, in the demo account and this theme.
      const stored = JSON.parse(sessionStorageValue(login, 'demo')) as { state: { theme: string } };
      stored.state.theme = theme;
      await context.addInitScript(
        (value: string) => window.localStorage.setItem('tw.session', value),
        JSON.stringify(stored),
      );
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/pages/desktop/dashboard/index?symbol=BTCUSDT&interval=1m`);
      await page.getByTestId('dashboard').waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        () => /^[1-9]/.test(document.querySelector('.dash-price [data-testid="live-price"]')?.textContent ?? ''),
        null,
        { timeout: 60_000 },
      );
      await page.locator('.dash-chart canvas').first().waitFor({ timeout: 60_000 });
      // A few seconds of the feed: the order book, the trades and the list filled, the flashes over.
      await sleep(4000);
      await page.mouse.move(0, DESKTOP.height - 1);
      const file = path.join(OUT, `dashboard-${DESKTOP.width}x${DESKTOP.height}-${theme}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${path.relative(ROOT, file)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(server);
    await server.database.drop().catch(() => undefined);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
