/**
 * Financing end to end (spec "Manage account", §3 "Financing subscription"; issue 19): an operator
 * puts a USDT product on sale (7 and 30 days, early redemption keeping the interest earned); a user
 * with USDT credited through the back office's four eyes and moved into the financing account opens
 * Financing, sees the account and the product, subscribes for 30 days and sees the estimated
 * interest — the figure on screen is the server's estimate, to the minor unit — confirms it in the
 * dialog, and finds the subscription in the history with the same interest. On the phone
 * (390×844), then on the desktop pages (1440×900), one server for both; the desktop also previews
 * an early redemption (principal, interest kept, interest given up) and keeps the subscription.
 */
import assert from 'node:assert/strict';
import { desktopContext } from '../harness/browser.mjs';
import { DESKTOP, MOBILE, api, expectAccessible, loggedInContext, newPage, registerViaApi, shot, uniqueEmail, waitForPath } from '../harness/index.mjs';
import { createOperatorWithCli, freshTotp } from '../harness/operators.mjs';
import { startServer, stopServer } from '../harness/server.mjs';

const DAY_MS = 86_400_000;

/** As the page writes an amount (formatExact, English): no trailing zeros. */
const plain = (text) => {
  const [int, frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '');
  return kept ? `${int}.${kept}` : int;
};

async function operatorToken(server, operator) {
  const { code } = await freshTotp(operator.secret);
  const res = await api(server.baseUrl, '/admin/api/auth/login', { email: operator.email, password: operator.password, totp: code });
  assert.equal(res.code, 0, JSON.stringify(res));
  return res.data.token;
}

async function getJson(server, path, token, query, headers = {}) {
  const url = new URL(path, server.baseUrl);
  url.search = new URLSearchParams(query).toString();
  const json = await (await fetch(url, { headers: { token, lang: 'en', ...headers } })).json();
  assert.equal(json.code, 0, JSON.stringify(json));
  return json.data;
}

/** A user with `credit` USDT credited (one finance operator asks, another approves) and `toFinancing` of it moved into the financing account. */
async function fundedUser(server, tag, { askToken, approveToken, credit, toFinancing }) {
  const login = await registerViaApi(server, uniqueEmail(tag));
  const asked = await api(server.baseUrl, '/admin/api/approvals/request-credit', { uid: login.user.uid, asset: 'USDT', amount: credit, note: 'deposit by bank transfer' }, { token: askToken });
  assert.equal(asked.code, 0, JSON.stringify(asked));
  const done = await api(server.baseUrl, '/admin/api/approvals/decide', { id: asked.data.id, approve: true }, { token: approveToken });
  assert.equal(done.code, 0, JSON.stringify(done));
  const moved = await api(
    server.baseUrl,
    '/asset/api/account/transferAsset',
    { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: toFinancing },
    { token: login.token, 'Idempotency-Key': `financing-journey-${tag}-${Date.now()}` },
  );
  assert.equal(moved.code, 0, JSON.stringify(moved));
  return login;
}

/**
 * On the subscribe form in `scope`: picks the 30-day term, checks the limits in words (below the
 * minimum; more than the account holds, with the way to transfer in), enters `amount`, and checks
 * the estimate on screen against the server's own. Confirms in the dialog (same figures, the
 * early-redemption rule) and answers the estimate.
 */
async function subscribeThroughForm(page, scope, server, token, product, { amount, shotName }) {
  const form = scope.getByRole('form', { name: `Subscribe to ${product.name}` });
  await form.getByRole('radio', { name: '30 days · 8.5% a year' }).check();
  await form.getByLabel('Amount').fill('5');
  await form.getByText('The amount must be at least 10 USDT').waitFor();
  await form.getByLabel('Amount').fill('500');
  await form.getByTestId('financing-transfer-in').waitFor();
  assert.match(await form.getByTestId('financing-transfer-in').getAttribute('href'), /\/pages\/assets\/transfer\?from=currency&to=financing&asset=USDT$/);
  await form.getByLabel('Amount').fill(amount);
  const shown = form.getByTestId('financing-estimate');
  await shown.waitFor();
  const estimate = await getJson(server, '/asset/api/product/estimatedAmount', token, { productId: product.id, days: '30', amount });
  assert.equal(await shown.getByTestId('estimate-interest').locator('dd').textContent(), `${plain(estimate.interest)} USDT`);
  assert.equal(await shown.getByTestId('estimate-total').locator('dd').textContent(), `${plain(estimate.total)} USDT`);
  assert.notEqual(plain(estimate.interest), '0', 'the journey needs an interest above zero');
  await form.getByText('Interest accrues from 00:00 UTC after subscribing').waitFor();
  await expectAccessible(page, 'financing: subscribe form');
  await shot(page, shotName);

  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm subscription' });
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('estimate-amount').locator('dd').textContent(), `${plain(amount)} USDT`);
  assert.equal(await dialog.getByTestId('estimate-interest').locator('dd').textContent(), `${plain(estimate.interest)} USDT`);
  await dialog.getByTestId('estimate-early-rule').getByText('the interest earned for the whole days so far').waitFor();
  await expectAccessible(page, 'financing: confirmation');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return estimate;
}

/** The user's newest subscription as the server lists it: the estimate's figures, during its term. */
async function newestSubscription(server, token, estimate) {
  const page = await getJson(server, '/asset/api/product/userProductList', token, { page: '1', size: '20' });
  const found = page.items[0];
  assert(found, 'no subscription listed');
  assert.equal(found.state, 'during');
  assert.equal(found.amount, estimate.amount);
  assert.equal(found.estimatedInterest, estimate.interest);
  return found;
}

async function journey({ browser }) {
  const asker = { email: 'financing.asker@example.com', password: 'financing-asker-pass-1', role: 'finance' };
  const approver = { email: 'financing.approver@example.com', password: 'financing-approver-pass-1', role: 'finance' };
  let server;
  const contexts = [];
  try {
    server = await startServer({
      before: async (env) => {
        const [a, b] = await Promise.all([createOperatorWithCli(env, asker), createOperatorWithCli(env, approver)]);
        Object.assign(asker, a);
        Object.assign(approver, b);
      },
    });
    const [askToken, approveToken] = await Promise.all([operatorToken(server, asker), operatorToken(server, approver)]);
    const now = Date.now();
    const saved = await api(
      server.baseUrl,
      '/admin/api/financing/products/save',
      {
        name: 'USDT Fixed', currency: 'USDT', terms: [{ days: 7, annualRate: '0.05' }, { days: 30, annualRate: '0.085' }],
        minAmount: '10', maxAmount: '1000', quota: '100000', saleStart: now - 60_000, saleEnd: now + 60 * DAY_MS, earlyRedemption: 'keep', enabled: true,
      },
      { token: askToken },
    );
    assert.equal(saved.code, 0, JSON.stringify(saved));
    const product = saved.data;
    const [phoneUser, deskUser] = await Promise.all([
      fundedUser(server, 'financing-phone', { askToken, approveToken, credit: '100', toFinancing: '60' }),
      fundedUser(server, 'financing-desk', { askToken, approveToken, credit: '100', toFinancing: '80' }),
    ]);

    /* ----- The phone ----- */
    const phone = await loggedInContext(browser, phoneUser, MOBILE);
    contexts.push(phone);
    const page = await newPage(phone);
    await page.goto(`${server.baseUrl}/pages/manage-account/index`);
    const holding = page.getByTestId('financing-holding').filter({ hasText: 'USDT' });
    assert.equal(await holding.getByTestId('financing-available').textContent(), '60 USDT');
    const card = page.getByTestId('financing-product').filter({ hasText: product.name });
    await card.getByText('7 days · 5% a year').waitFor();
    await card.getByText('30 days · 8.5% a year').waitFor();
    await card.getByTestId('financing-early-rule').getByText(/^Allowed: the principal comes back with the interest/).waitFor();
    await expectAccessible(page, 'financing: account and products');
    await shot(page, 'financing-index');
    await card.getByRole('link', { name: `Subscribe to ${product.name}` }).click();
    await waitForPath(page, '/pages/manage-account/components/buy-financing');
    const phoneEstimate = await subscribeThroughForm(page, page, server, phoneUser.token, product, { amount: '50', shotName: 'financing-buy' });

    await waitForPath(page, '/pages/manage-account/components/history-financing');
    const record = page.getByRole('list', { name: 'Financing history' }).getByTestId('subscription-record').first();
    await record.getByTestId('subscription-state').getByText('During term').waitFor();
    assert.equal(await record.getByTestId('subscription-interest').textContent(), `${plain(phoneEstimate.interest)} USDT`);
    assert.equal(await record.getByTestId('subscription-amount').textContent(), '50 USDT');
    await newestSubscription(server, phoneUser.token, phoneEstimate);
    await expectAccessible(page, 'financing: history');
    await shot(page, 'financing-history');
    // The account now: 10 USDT available, 50 held with the interest to come.
    await page.goto(`${server.baseUrl}/pages/manage-account/index`);
    await holding.getByTestId('financing-held').getByText('50 USDT').waitFor();
    assert.equal(await holding.getByTestId('financing-available').textContent(), '10 USDT');
    assert.equal(await holding.getByTestId('financing-interest-to-come').textContent(), `${plain(phoneEstimate.interest)} USDT`);

    /* ----- The desktop ----- */
    const desk = await desktopContext(browser, { login: deskUser, viewport: DESKTOP });
    contexts.push(desk);
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/manage/index`);
    const history = desktop.getByRole('region', { name: 'Financing history' });
    await history.getByText('No subscriptions yet.').waitFor();
    const row = desktop.getByRole('table').getByTestId('financing-product').filter({ hasText: product.name });
    await row.getByText('30 days · 8.5% a year').waitFor();
    await expectAccessible(desktop, 'desktop financing: holdings, products, empty history');
    await row.getByRole('link', { name: `Subscribe to ${product.name}` }).click();
    await waitForPath(desktop, '/pages/desktop/manage/components/buy-financing');
    const deskEstimate = await subscribeThroughForm(desktop, desktop, server, deskUser.token, product, { amount: '75.5', shotName: 'financing-desktop-buy' });

    await waitForPath(desktop, '/pages/desktop/manage/index');
    const deskRecord = history.getByTestId('subscription-record').first();
    await deskRecord.getByTestId('subscription-state').getByText('During term').waitFor();
    assert.equal(await deskRecord.getByTestId('subscription-interest').textContent(), `${plain(deskEstimate.interest)} USDT`);
    const listed = await newestSubscription(server, deskUser.token, deskEstimate);
    await expectAccessible(desktop, 'desktop financing: history');
    await shot(desktop, 'financing-desktop-history');

    // Early redemption's preview: principal back, the interest earned so far kept (none yet), the rest given up; kept instead.
    await deskRecord.getByRole('button', { name: `Redeem ${product.name} early` }).click();
    const redeem = desktop.getByRole('dialog', { name: 'Redeem early?' });
    await redeem.waitFor();
    assert.equal(await redeem.getByTestId('redeem-principal').locator('dd').textContent(), '75.5 USDT');
    assert.equal(await redeem.getByTestId('redeem-interest').locator('dd').textContent(), `${plain(listed.accruedInterest)} USDT`);
    await expectAccessible(desktop, 'desktop financing: redeem preview');
    await redeem.getByRole('button', { name: 'Keep it' }).click();
    await redeem.waitFor({ state: 'detached' });
    assert.equal((await newestSubscription(server, deskUser.token, deskEstimate)).state, 'during');
  } finally {
    for (const c of contexts) await c.close();
    if (server) {
      await stopServer(server);
      await server.database?.drop().catch(() => undefined);
    }
  }
}

export const journeys = [
  {
    name: 'financing on the phone and the desktop: a product on sale, subscribe for 30 days, the estimated interest on screen is the server\'s, confirmed, the subscription in the history with the same interest; an early redemption previewed and kept',
    fn: journey,
  },
];
