/**
 * VIP tiers and home shortcuts in the back office (issue 34): an admin raises tier 1's withdrawal-fee
 * discount (a wrong figure refused by the form first) and relabels the ranking shortcut in English;
 * the customer's phone then shows the new label on the home grid and the new discount on the VIP
 * page. Both back-office pages are axe-clean.
 */
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
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
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { type Server, endOwnServer, startServer } from '../harness/server';

async function adminVipShortcuts({ browser }: JourneyContext) {
  const admin: Operator = { email: 'vip.admin@example.com', password: 'vip-admin-pass-1', role: 'admin', secret: '' };
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      before: async (env) => {
        Object.assign(admin, await createOperatorWithCli(env, admin));
      },
    });
    const office = await browser.newContext({ viewport: DESKTOP });
    contexts.push(office);
    const a = await newPage(office);
    await signInOperator(a, server.baseUrl, admin, (await freshTotp(admin.secret)).code);
    await a.waitForURL(/\/admin\/dashboard$/);

    // VIP tiers: tier 1's fee discount from 10 % to 20 %; 120 % is refused by the form.
    await a.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'VIP tiers' }).click();
    await a.waitForURL(/\/admin\/vip$/);
    await a
      .getByRole('table', { name: /VIP tiers/ })
      .getByText('−10 %')
      .first()
      .waitFor();
    await expectAccessible(a, 'back office: VIP tiers');
    await a.getByRole('button', { name: 'Change the tiers' }).click();
    const ladder = a.getByRole('form', { name: 'Change the VIP tiers' });
    const fee = ladder.getByRole('group', { name: 'VIP 1' }).getByLabel('Withdrawal fee discount (%)');
    await fee.fill('120');
    await ladder.getByRole('button', { name: 'Save the tiers' }).click();
    await ladder.getByText('Enter a percentage from 0 to 100, with at most 2 decimals.').waitFor();
    await expectAccessible(a, 'back office: VIP tiers form');
    await fee.fill('20');
    await ladder.getByRole('button', { name: 'Save the tiers' }).click();
    await a.getByText('VIP tiers saved: 4 tiers, applied from the next quote.').waitFor();
    await a.getByText(`by ${admin.email}`).waitFor();
    await shot(a, 'admin-vip');

    // Home shortcuts: the ranking labelled "Top movers" in English.
    await a.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Home shortcuts' }).click();
    await a.waitForURL(/\/admin\/shortcuts$/);
    await expectAccessible(a, 'back office: home shortcuts');
    await a.getByRole('button', { name: 'Change Rise and Drop Ranking' }).click();
    const form = a.getByRole('form', { name: 'Change Rise and Drop Ranking' });
    await form.getByLabel('English').fill('Top movers');
    await form.getByRole('button', { name: 'Save Rise and Drop Ranking' }).click();
    await a.getByText('Rise and Drop Ranking saved: shown, place 6.').waitFor();
    await a.getByText('English: Top movers').waitFor();
    await shot(a, 'admin-shortcuts');

    // The customer's phone: the new label on the grid, the new discount on the VIP page.
    const login = await registerViaApi(server, uniqueEmail('vip-office'));
    const phone = await loggedInContext(browser, login, MOBILE);
    contexts.push(phone);
    const p = await newPage(phone);
    await p.goto(`${server.baseUrl}/pages/home/index`);
    assert.equal(await p.locator('[data-shortcut="ranking"]').innerText(), 'Top movers');
    await p.locator('[data-shortcut="vip"]').click();
    await waitForPath(p, '/pages/home/vip');
    const tier1 = p.getByTestId('vip-tier-cards').locator(':scope > li').first();
    await tier1.getByText('Withdrawal fee 20% lower').waitFor();
  } finally {
    for (const c of contexts) await c.close().catch(() => undefined);
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'admin VIP and shortcuts: an admin changes a tier and relabels a shortcut; the customer sees both',
    fn: adminVipShortcuts,
    // Its own server (an operator made by the CLI before it starts).
    slow: true,
  },
];
