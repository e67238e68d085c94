/**
 * Financing end to end (docs/product.md §2 "Manage account", §3 "Financing subscription"; issue 19): a user whose
 * financing account holds USDT (moved in from the currency account) opens Financing, sees the
 * account and the products the server offers, subscribes to one whose early redemption keeps the
 * interest earned, and sees the estimated interest — the figure on screen is the server's
 * estimate, to the minor unit — confirms it in the dialog (same figures, the rule in words), and
 * finds the subscription in the history with the same interest; the account then shows it held.
 * On the phone (390×844), then on the desktop pages (1440×900), against the run's one server; the
 * desktop also previews an early redemption (principal, interest kept) and keeps the subscription.
 *
 * The users trade on the demo ledger (100,000 USDT from the faucet): the same subscription code and
 * ledger as real money (typeUser only picks the ledger), without the back office's four eyes to
 * credit them, which would need operators made before a server of its own starts (minutes on a busy
 * machine). The server's tests subscribe with real money.
 */
import assert from 'node:assert/strict';
import type { FinancingEstimate, FinancingProduct, FinancingSubscriptionPage, FinancingTerm } from '@app/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { desktopContext } from '../harness/browser';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  MOBILE,
  api,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

const DEMO = { typeUser: 'demo' };

/** As the page writes an amount (formatExact, English): no trailing zeros. */
const plain = (text: string) => {
  const [int = '', frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '');
  return kept ? `${int}.${kept}` : int;
};

/** As the page writes interest and totals (English, USDT): to the cent, truncated, grouped. */
const cents = (text: string) => {
  const [int = '', frac = ''] = text.split('.');
  return `${Number(int).toLocaleString('en')}.${frac.padEnd(2, '0').slice(0, 2)}`;
};

async function getJson<T = unknown>(
  server: Server,
  path: string,
  token: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<T> {
  const url = new URL(path, server.baseUrl);
  url.search = new URLSearchParams(query).toString();
  const json = (await (
    await fetch(url, { headers: { token, lang: 'en', ...DEMO, ...headers } })
  ).json()) as ApiReply<T>;
  assert.equal(json.code, 0, JSON.stringify(json));
  return json.data;
}

/** The percentage of an exact rate as the page writes it: "0.085" → "8.5%". */
function percent(rate: string) {
  const [int = '', frac = ''] = rate.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}

/** A demo user with `amount` USDT moved from the currency account into the financing account. */
async function fundedUser(server: Server, tag: string, amount: string) {
  const login = await registerViaApi(server, uniqueEmail(tag));
  const moved = await api(
    server.baseUrl,
    '/asset/api/account/transferAsset',
    { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount },
    { token: login.token, ...DEMO, 'Idempotency-Key': `financing-journey-${tag}-${Date.now()}` },
  );
  assert.equal(moved.code, 0, JSON.stringify(moved));
  return login;
}

/** "14 days · 3% a year": a term as the page labels it. */
const termLabel = (term: FinancingTerm) => `${term.days} days · ${percent(term.annualRate)} a year`;

/**
 * On the subscribe form in `scope`: picks the product's last term, checks the limits in words (below
 * the minimum; more than the account holds, with the way to transfer in), enters `amount`, and
 * checks the estimate on screen against the server's own. Confirms in the dialog (same figures, the
 * early-redemption rule) and answers the estimate.
 */
async function subscribeThroughForm(
  page: Page,
  scope: Page | Locator,
  server: Server,
  token: string,
  product: FinancingProduct,
  { amount, shotName }: { amount: string; shotName: string },
): Promise<FinancingEstimate> {
  const term = product.terms.at(-1);
  assert(term, `${product.name} has no term`);
  const form = scope.getByRole('form', { name: `Subscribe to ${product.name}` });
  await form.getByRole('radio', { name: termLabel(term) }).check();
  await form.getByLabel('Amount').fill('1');
  await form.getByText(`The amount must be at least ${plain(product.minAmount)} USDT`).waitFor();
  await form.getByLabel('Amount').fill('5000');
  await form.getByTestId('financing-transfer-in').waitFor();
  assert.match(
    (await form.getByTestId('financing-transfer-in').getAttribute('href')) ?? '',
    /\/pages\/assets\/transfer\?from=currency&to=financing&asset=USDT$/,
  );
  await form.getByLabel('Amount').fill(amount);
  const shown = form.getByTestId('financing-estimate');
  await shown.waitFor();
  const estimate = await getJson<FinancingEstimate>(server, '/asset/api/product/estimatedAmount', token, {
    productId: product.id,
    days: String(term.days),
    amount,
  });
  assert.notEqual(plain(estimate.interest), '0', 'the journey needs an interest above zero');
  assert.equal(
    await shown.getByTestId('estimate-interest').locator('dd').textContent(),
    `${cents(estimate.interest)} USDT`,
  );
  assert.equal(await shown.getByTestId('estimate-total').locator('dd').textContent(), `${cents(estimate.total)} USDT`);
  await form.getByText('Interest accrues from 00:00 UTC after subscribing').waitFor();
  await expectAccessible(page, 'financing: subscribe form');
  await shot(page, shotName);

  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm subscription' });
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('estimate-amount').locator('dd').textContent(), `${plain(amount)} USDT`);
  assert.equal(
    await dialog.getByTestId('estimate-interest').locator('dd').textContent(),
    `${cents(estimate.interest)} USDT`,
  );
  await dialog.getByTestId('estimate-early-rule').getByText('the interest earned for the whole days so far').waitFor();
  await expectAccessible(page, 'financing: confirmation');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return estimate;
}

/** The user's newest subscription as the server lists it: the estimate's figures, during its term. */
async function newestSubscription(server: Server, token: string, estimate: FinancingEstimate) {
  const page = await getJson<FinancingSubscriptionPage>(server, '/asset/api/product/userProductList', token, {
    page: '1',
    size: '20',
  });
  const found = page.items[0];
  assert(found, 'no subscription listed');
  assert.equal(found.state, 'during');
  assert.equal(found.amount, estimate.amount);
  assert.equal(found.estimatedInterest, estimate.interest);
  return found;
}

async function journey({ browser, server }: JourneyContext) {
  const contexts: BrowserContext[] = [];
  try {
    const [phoneUser, deskUser] = await Promise.all([
      fundedUser(server, 'financing-phone', '600'),
      fundedUser(server, 'financing-desk', '800'),
    ]);
    // A USDT product on sale whose early redemption keeps the interest earned (the server's first products have one).
    const products = await getJson<FinancingProduct[]>(server, '/asset/api/product/productList', phoneUser.token, {});
    const product = products.find((p) => p.onSale && p.currency === 'USDT' && p.earlyRedemption === 'keep');
    assert(product, `no USDT product with early redemption on sale: ${JSON.stringify(products)}`);

    /* ----- The phone ----- */
    const phone = await loggedInContext(browser, phoneUser, MOBILE, 'demo');
    contexts.push(phone);
    const page = await newPage(phone);
    // Reached from the profile's menu.
    await page.goto(`${server.baseUrl}/pages/profile/index`);
    await page.getByRole('link', { name: 'Financing', exact: true }).click();
    await waitForPath(page, '/pages/manage-account/index');
    const holding = page.getByTestId('financing-holding').filter({ hasText: 'USDT' });
    await holding.getByTestId('financing-available').getByText('600 USDT', { exact: true }).waitFor();
    const card = page.getByTestId('financing-product').filter({ hasText: product.name });
    for (const term of product.terms) await card.getByText(termLabel(term)).waitFor();
    await card
      .getByTestId('financing-early-rule')
      .getByText(/^Allowed: the principal comes back with the interest/)
      .waitFor();
    await expectAccessible(page, 'financing: account and products');
    await shot(page, 'financing-index');
    await card.getByRole('link', { name: `Subscribe to ${product.name}` }).click();
    await waitForPath(page, '/pages/manage-account/components/buy-financing');
    const phoneEstimate = await subscribeThroughForm(page, page, server, phoneUser.token, product, {
      amount: '500',
      shotName: 'financing-buy',
    });

    await waitForPath(page, '/pages/manage-account/components/history-financing');
    const record = page.getByRole('list', { name: 'Financing history' }).getByTestId('subscription-record').first();
    await record.getByTestId('subscription-state').getByText('During term').waitFor();
    assert.equal(
      await record.getByTestId('subscription-interest').textContent(),
      `${cents(phoneEstimate.interest)} USDT`,
    );
    assert.equal(await record.getByTestId('subscription-amount').textContent(), '500 USDT');
    await newestSubscription(server, phoneUser.token, phoneEstimate);
    await expectAccessible(page, 'financing: history');
    await shot(page, 'financing-history');
    // The account now: 100 USDT available, 500 held with the interest to come.
    await page.goto(`${server.baseUrl}/pages/manage-account/index`);
    await holding.getByTestId('financing-held').getByText('500 USDT', { exact: true }).waitFor();
    await holding.getByTestId('financing-available').getByText('100 USDT', { exact: true }).waitFor();
    assert.equal(
      await holding.getByTestId('financing-interest-to-come').textContent(),
      `${cents(phoneEstimate.interest)} USDT`,
    );

    /* ----- The desktop ----- */
    const desk = await desktopContext(browser, { login: deskUser, typeUser: 'demo', viewport: DESKTOP });
    contexts.push(desk);
    const desktop = await newPage(desk);
    // Reached from the top navigation.
    await desktop.goto(`${server.baseUrl}/pages/desktop/asset/index`);
    await desktop
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Financing', exact: true })
      .click();
    await waitForPath(desktop, '/pages/desktop/manage/index');
    const history = desktop.getByRole('region', { name: 'Financing history' });
    await history.getByText('No subscriptions yet.').waitFor();
    const row = desktop
      .getByRole('region', { name: 'Products on sale' })
      .getByTestId('financing-product')
      .filter({ hasText: product.name });
    const lastTerm = product.terms.at(-1);
    assert(lastTerm, `${product.name} has no term`);
    await row.getByText(termLabel(lastTerm)).waitFor();
    await expectAccessible(desktop, 'desktop financing: holdings, products, empty history');
    await row.getByRole('link', { name: `Subscribe to ${product.name}` }).click();
    await waitForPath(desktop, '/pages/desktop/manage/components/buy-financing');
    const deskEstimate = await subscribeThroughForm(desktop, desktop, server, deskUser.token, product, {
      amount: '750.5',
      shotName: 'financing-desktop-buy',
    });

    await waitForPath(desktop, '/pages/desktop/manage/index');
    const deskRecord = history.getByTestId('subscription-record').first();
    await deskRecord.getByTestId('subscription-state').getByText('During term').waitFor();
    assert.equal(
      await deskRecord.getByTestId('subscription-interest').textContent(),
      `${cents(deskEstimate.interest)} USDT`,
    );
    const listed = await newestSubscription(server, deskUser.token, deskEstimate);
    await expectAccessible(desktop, 'desktop financing: history');
    await shot(desktop, 'financing-desktop-history');

    // Early redemption's preview: the principal back with the interest earned so far (none on the first day); kept instead.
    await deskRecord.getByRole('button', { name: `Redeem ${product.name} early` }).click();
    const redeem = desktop.getByRole('dialog', { name: 'Redeem early?' });
    await redeem.waitFor();
    assert.equal(await redeem.getByTestId('redeem-principal').locator('dd').textContent(), '750.5 USDT');
    assert.equal(
      await redeem.getByTestId('redeem-interest').locator('dd').textContent(),
      `${cents(listed.accruedInterest)} USDT`,
    );
    await expectAccessible(desktop, 'desktop financing: redeem preview');
    await redeem.getByRole('button', { name: 'Keep it' }).click();
    await redeem.waitFor({ state: 'detached' });
    assert.equal((await newestSubscription(server, deskUser.token, deskEstimate)).state, 'during');
  } finally {
    for (const c of contexts) await c.close();
  }
}

export const journeys: Journey[] = [
  {
    name: "financing on the phone and the desktop: a product on sale, subscribe, the estimated interest on screen is the server's, confirmed, the subscription in the history with the same interest; an early redemption previewed and kept",
    fn: journey,
  },
];
