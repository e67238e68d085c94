/**
 * The home shortcuts' pages (issue 34): on the phone at 390×844 a new user's home shows the
 * shortcuts of the server's configuration (Cloud Mining Pool hidden); VIP says they have no tier yet
 * and how far the first one is, the Novice Guide shows four steps none done with where to do each,
 * the Rise and Drop Ranking ranks a market group live. The same user's desktop at 1440×900 shows the
 * three desktop pages (a phone address opens its desktop counterpart). Axe-clean on every page.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  type Journey,
  type JourneyContext,
  DESKTOP,
  MOBILE,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** The ranking shown: its rows, or the sentence that says why there are none. */
async function rankingShows(page: Page, list: 'gainers' | 'losers' | 'volume') {
  await page
    .locator(`[data-testid="ranking-${list}"] [data-symbol], [data-testid="ranking-empty-${list}"]`)
    .first()
    .waitFor();
}

async function homePrograms({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('programs'));

  // The phone: the home's shortcuts come from the server's configuration.
  const phone = await loggedInContext(browser, login, MOBILE);
  const p = await newPage(phone);
  await p.goto(`${server.baseUrl}/pages/home/index`);
  const grid = p.locator('[data-shortcut]');
  await grid.first().waitFor();
  assert.deepEqual(await grid.evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.shortcut)), [
    'deposit',
    'vip',
    'otc',
    'noviceGuide',
    'liveChat',
    'ranking',
    'announcements',
  ]);

  // VIP: no tier yet, the first tier's thresholds as what is missing, every tier in the table.
  await p.locator('[data-shortcut="vip"]').click();
  await waitForPath(p, '/pages/home/vip');
  assert.equal(await p.getByTestId('vip-level').textContent(), 'No tier yet');
  await p.getByTestId('vip-next').getByText('To reach VIP 1, either:').waitFor();
  await p.getByText('trade 10,000.00 USDT more').waitFor();
  assert.equal(await p.getByTestId('vip-tier-cards').locator(':scope > li').count(), 4);
  await expectAccessible(p, 'phone: VIP');
  await shot(p, 'vip-phone');

  // The Novice Guide: four steps, none done yet, each with where to do it and what to read.
  await p.goBack();
  await p.locator('[data-shortcut="noviceGuide"]').click();
  await waitForPath(p, '/pages/home/novice-guide');
  await p.getByTestId('guide-summary').getByText('0 of 4 done').waitFor();
  assert.equal(await p.locator('[data-testid^="guide-step-"][data-done="false"]').count(), 4);
  assert.equal(
    await p
      .getByTestId('guide-step-deposit')
      .getByRole('link', { name: 'Read more in the help centre' })
      .getAttribute('href'),
    '/pages/profile/helper-center?category=deposits',
  );
  await expectAccessible(p, 'phone: novice guide');
  await shot(p, 'guide-phone');

  // The ranking: crypto's gainers, then its losers and volume leaders, each live from the market's tickers.
  await p.goBack();
  await p.locator('[data-shortcut="ranking"]').click();
  await waitForPath(p, '/pages/home/ranking');
  assert.equal(await p.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected'), 'true');
  await rankingShows(p, 'gainers');
  await p.getByRole('tab', { name: 'Volume leaders' }).click();
  await rankingShows(p, 'volume');
  await p.waitForURL(/list=volume/);
  await p.getByRole('tab', { name: 'Forex' }).click();
  await p.waitForURL(/market=FOREX/);
  await rankingShows(p, 'volume');
  await expectAccessible(p, 'phone: ranking');
  await shot(p, 'ranking-phone');
  await phone.close();

  // The desktop: a phone address opens its desktop page; the three pages in the desktop frame.
  const desk = await loggedInContext(browser, login, DESKTOP);
  const d = await newPage(desk);
  await d.goto(`${server.baseUrl}/pages/home/vip`);
  await waitForPath(d, '/pages/desktop/vip/index');
  assert.equal(await d.getByTestId('vip-level').textContent(), 'No tier yet');
  assert.equal(await d.getByRole('table', { name: 'VIP tiers and their benefits' }).locator('tbody tr').count(), 4);
  await expectAccessible(d, 'desktop: VIP');
  await shot(d, 'vip-desktop');

  await d.goto(`${server.baseUrl}/pages/desktop/novice-guide/index`);
  await d.getByTestId('guide-summary').getByText('0 of 4 done').waitFor();
  await expectAccessible(d, 'desktop: novice guide');
  await shot(d, 'guide-desktop');

  await d.goto(`${server.baseUrl}/pages/desktop/ranking/index`);
  for (const list of ['gainers', 'losers', 'volume'] as const) await rankingShows(d, list);
  await d.getByRole('heading', { name: 'Volume leaders' }).waitFor();
  await expectAccessible(d, 'desktop: ranking');
  await shot(d, 'ranking-desktop');
  await desk.close();
}

export const journeys: Journey[] = [
  {
    name: 'home programs: the shortcuts from the server; VIP, the novice guide and the ranking on the phone, then on the desktop',
    fn: homePrograms,
  },
];
