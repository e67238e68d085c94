/**
 * Loans end to end (docs/product.md §2 "Loan", §3 "Loan", §5; issue 19): on the phone (390×844) a user whose
 * identity is not verified meets the product document's message and the way to KYC instead of the form; once
 * verified the user reads the products and their rules, opens the simulator, is refused without
 * photos and terms, applies with three document photos and the rules accepted, and waits for
 * review; an operator approves it in the back office; the user sees it approved with what it owes
 * today, meets "Your amount is not enough" with only the loan's own money, and, credited a little
 * more, repays all at once. On the desktop (1440×900) another user with an approved loan sees the
 * simulator compare one at a time with all today, repays a part of it (settled in part), then all.
 */
import assert from 'node:assert/strict';
import type { AdminLoanList, Loan, LoanProduct, LoginResult } from '@app/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { desktopContext } from '../harness/browser';
import {
  creditUsdt,
  operatorToken,
  photoFiles,
  post,
  read,
  uploadPhotos,
  verifiedUser,
  verifyKyc,
} from '../harness/borrowers';
import {
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  expectAccessible,
  loggedInContext,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

const M = '/pages/loan/';
const D = '/pages/desktop/loan/';
/** The seeded 14-day product (apps/server/src/modules/loans/seed.ts): 100–5000 USDT at 0.05 % a day, 0.1 % late. */
const PRODUCT = 'USDT 14 days';

/** Waits until the submit button is usable (disabled while uploads run; axe judges a changing button by its half-way colours). */
async function enabled(button: Locator) {
  await button.waitFor();
  for (let i = 0; i < 50 && !(await button.isEnabled()); i++) await new Promise((r) => setTimeout(r, 100));
  assert(await button.isEnabled(), 'the button stays disabled');
}

/** Before the identity is verified, the application is the product document's message and the way to KYC; verified, the form. */
async function kycGate(page: Page, server: Server, verify: () => Promise<void>) {
  await page.goto(`${server.baseUrl}${M}components/loan`);
  const gate = page.getByTestId('loan-kyc-gate');
  await gate.getByText('You must verify your KYC account before making a loan').waitFor();
  await gate.getByRole('link', { name: 'Go to identity verification' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Apply for the loan' }).count(), 0);
  await expectAccessible(page, 'loan application before KYC');
  await shot(page, 'loan-kyc-gate');
  await verify();
}

/** The phone: products and rules, the simulator, the refusals, then the application with photos and terms. */
async function applyOnPhone(page: Page, server: Server): Promise<string> {
  // Reached from the profile's menu.
  await page.goto(`${server.baseUrl}/pages/profile/index`);
  await page.getByRole('link', { name: 'Loans', exact: true }).click();
  await waitForPath(page, `${M}index`);
  const product = page.getByTestId('loan-product').filter({ hasText: PRODUCT });
  await product.getByText('0.05% a day').waitFor();
  await product.getByText('0.1% a day').waitFor();
  await product.getByText('14 days', { exact: true }).waitFor();
  await page.getByText('No loan applications yet.').waitFor();
  await product.getByText(`Rules of ${PRODUCT}`).click();
  await product
    .getByTestId('loan-rules')
    .getByText(/A loan is never needed to withdraw your money or to trade/)
    .waitFor();
  await expectAccessible(page, 'loan index (products, rules open)');
  await shot(page, 'loan-index');

  await product.getByRole('link', { name: `Apply for ${PRODUCT}` }).click();
  await waitForPath(page, `${M}components/loan`);
  const form = page.getByRole('form', { name: `Apply for ${PRODUCT}` });
  const sim = page.getByTestId('loan-simulator');
  await sim.getByText('Enter an amount within the range to see what it costs.').waitFor();
  await form.getByLabel('Amount (USDT)').fill('50');
  await form.getByRole('button', { name: 'Apply for the loan' }).click();
  await form.getByText('The minimum is 100 USDT.').waitFor();
  await form.getByText('You need to add at least 3 photos').waitFor();
  await form.getByText('Please read and accept the rules.').waitFor();
  await expectAccessible(page, 'loan application with problems');

  // The simulator follows the amount: interest.ts's figures for 100 USDT over 14 days at 0.05 %.
  await form.getByLabel('Amount (USDT)').fill('100');
  assert.equal(await sim.getByTestId('sim-day-interest').textContent(), '0.05 USDT');
  assert.equal(await sim.getByTestId('sim-period-interest').textContent(), '0.7 USDT');
  const rows = sim.getByTestId('sim-schedule').locator('tbody tr');
  assert.deepEqual(
    await rows.evaluateAll((trs: HTMLTableRowElement[]) =>
      trs.map((tr) => [tr.dataset.kind, tr.lastElementChild?.textContent]),
    ),
    [
      ['firstDay', '100.05 USDT'],
      ['midPeriod', '100.35 USDT'],
      ['lastDay', '100.7 USDT'],
      ['late7', '101.4 USDT'],
    ],
  );
  await sim
    .getByTestId('sim-rounding')
    .getByText(/rounded down .* in your favour/)
    .waitFor();

  await form.locator('input[type=file]').setInputFiles(
    photoFiles([
      [10, 10, 10],
      [90, 160, 40],
      [250, 120, 0],
    ]),
  );
  await form.locator('[data-testid=loan-photo][data-ready=true]').nth(2).waitFor();
  await form.getByText('3 uploaded (at least 3)').waitFor();
  await form.getByRole('checkbox', { name: /I have read the rules and accept them/ }).check();
  const submit = form.getByRole('button', { name: 'Apply for the loan' });
  await enabled(submit);
  await expectAccessible(page, 'loan application ready');
  await shot(page, 'loan-apply');
  await submit.click();
  await waitForPath(page, `${M}components/history-loan`);
  const record = page.getByTestId('loan-record').first();
  await record.getByTestId('loan-state').getByText('Awaiting review').waitFor();
  const number = await record.getAttribute('data-number');
  assert(number, 'the loan record has no number');
  return number;
}

/** The operator's part: the loan review queue, the application, "Approve", confirmed. */
async function approveInBackOffice(office: Page, number: string) {
  await office.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Loans' }).click();
  await office.waitForURL(/\/admin\/loans$/);
  await office
    .locator(`tbody tr[data-number="${number}"]`)
    .getByRole('link', { name: `Review loan ${number}` })
    .click();
  await office.getByRole('heading', { name: `Loan ${number}` }).waitFor();
  for (const n of [1, 2, 3]) await office.getByRole('img', { name: `Document ${n}`, exact: true }).waitFor();
  await office.getByRole('button', { name: `Approve loan ${number}` }).click();
  await office.getByRole('button', { name: `Confirm: approve loan ${number}` }).click();
  await office.getByText(new RegExp(`^Loan ${number} approved: 100 USDT is paid`)).waitFor();
}

/** The phone again: approved, what it owes today, "not enough" with only the loan's money, then repay all once credited. */
async function repayOnPhone(page: Page, server: Server, number: string, credit: () => Promise<void>) {
  const record = page.locator(`[data-testid=loan-record][data-number="${number}"]`);
  // The history asks again while an application waits for review.
  await record.getByTestId('loan-state').getByText('Approved').waitFor({ timeout: 15_000 });
  await page.goto(`${server.baseUrl}${M}index`);
  const mine = page.getByRole('list', { name: 'My loans' }).locator(`[data-number="${number}"]`);
  assert.equal(await mine.getByTestId('loan-to-pay').textContent(), '100.05 USDT');
  await expectAccessible(page, 'loan index (an approved loan)');
  await mine.getByRole('link', { name: `Repay loan ${number}` }).click();
  await waitForPath(page, `${M}components/pay-a-loan`);
  await page.getByRole('button', { name: 'Check the amount' }).click();
  const quote = page.getByTestId('loan-quote');
  assert.equal(await quote.getByTestId('quote-total').textContent(), '100.05 USDT');
  assert.equal(await quote.getByTestId('quote-balance').textContent(), '100 USDT');
  await quote.getByTestId('quote-not-enough').getByText('Your amount is not enough').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Pay 100.05 USDT' }).isDisabled(), true);
  await expectAccessible(page, 'repay a loan: not enough');
  await shot(page, 'loan-pay-not-enough');

  await credit();
  await page.goto(`${server.baseUrl}${M}components/list-pay-loan`);
  await page.getByRole('list', { name: 'Open loans' }).locator(`[data-number="${number}"]`).waitFor();
  await page.getByRole('link', { name: 'Repay all' }).click();
  await waitForPath(page, `${M}components/pay-all-loan`);
  const all = page.getByTestId('loan-quote');
  assert.equal(await all.getByTestId('quote-total').textContent(), '100.05 USDT');
  assert.equal(await all.getByTestId('quote-balance').textContent(), '110 USDT');
  await expectAccessible(page, 'repay all loans');
  await shot(page, 'loan-pay-all');
  await page.getByRole('button', { name: 'Pay 100.05 USDT' }).click();
  await waitForPath(page, `${M}components/paid-history`);
  const paid = page.locator(`[data-testid=loan-record][data-number="${number}"]`);
  await paid.getByTestId('loan-state').getByText('Settled').waitFor();
  await expectAccessible(page, 'paid history');
}

/** The desktop: an approved loan; the simulator's comparison; a part repaid, then all. */
async function desktopRepayment(browser: Browser, server: Server, user: LoginResult, number: string) {
  const context = await desktopContext(browser, { login: user, viewport: DESKTOP });
  try {
    const page = await newPage(context);
    // Reached from the top navigation.
    await page.goto(`${server.baseUrl}/pages/desktop/asset/index`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Loans', exact: true })
      .click();
    await waitForPath(page, `${D}index`);
    const mine = page.getByRole('list', { name: 'My loans' }).locator(`[data-number="${number}"]`);
    assert.equal(await mine.getByTestId('loan-to-pay').textContent(), '200.1 USDT');
    await page.getByRole('list', { name: 'Loan history' }).locator(`[data-number="${number}"]`).waitFor();
    await expectAccessible(page, 'desktop loans');
    await shot(page, 'loan-desktop-index');

    // Applying again: the simulator compares paying the open loan on its due date with today.
    await page.getByRole('link', { name: `Apply for ${PRODUCT}` }).click();
    await waitForPath(page, `${D}loan`);
    await page.getByLabel('Amount (USDT)').fill('1000');
    const sim = page.getByTestId('loan-simulator');
    assert.equal(await sim.getByTestId('sim-all-today').textContent(), '200.1 USDT');
    assert.equal(await sim.getByTestId('sim-one-at-a-time').textContent(), '201.4 USDT');
    await sim.getByText('Paying all today costs 1.3 USDT less.').waitFor();
    await expectAccessible(page, 'desktop loan application with the comparison');
    await shot(page, 'loan-desktop-apply');

    // A part: 50 USDT pays the day's interest first, then principal.
    await page.goto(`${server.baseUrl}${D}list-pay-loan`);
    await page.getByRole('link', { name: `Repay loan ${number}` }).click();
    await waitForPath(page, `${D}pay-a-loan`);
    await page.getByText('A part of it').click();
    await page.getByLabel('Amount (USDT)').fill('50');
    await page.getByRole('button', { name: 'Check the amount' }).click();
    const quote = page.getByTestId('loan-quote');
    assert.equal(await quote.getByTestId('quote-total').textContent(), '50 USDT');
    assert.equal(await quote.getByTestId('quote-remaining').textContent(), '150.1 USDT');
    await expectAccessible(page, 'desktop repay a part');
    await page.getByRole('button', { name: 'Pay 50 USDT' }).click();
    await waitForPath(page, `${D}list-pay-loan`);
    const open = page.getByRole('list', { name: 'Open loans' }).locator(`[data-number="${number}"]`);
    await open.getByTestId('loan-state').getByText('Settled in part').waitFor();
    assert.equal(await open.getByTestId('loan-to-pay').textContent(), '150.1 USDT');

    await page.getByRole('link', { name: 'Repay all' }).click();
    await waitForPath(page, `${D}pay-all-loan`);
    assert.equal(await page.getByTestId('quote-total').textContent(), '150.1 USDT');
    await page.getByRole('button', { name: 'Pay 150.1 USDT' }).click();
    // The phone's paid history is the desktop repayments page's panel.
    await waitForPath(page, `${D}list-pay-loan`);
    await page
      .getByRole('list', { name: 'Repayment history' })
      .locator(`[data-number="${number}"]`)
      .getByText('Settled')
      .waitFor();
    await page.getByText('You have no loan to repay.').waitFor();
    await expectAccessible(page, 'desktop repayments after paying all');
    await shot(page, 'loan-desktop-paid');
  } finally {
    await context.close();
  }
}

async function journey({ browser }: JourneyContext) {
  // The admin (signed in to the back office: approves loans and credits), finance (asks for credits), compliance (verifies identities).
  // Their secrets: set in `before` (the CLI prints them).
  const admin: Operator = { email: 'loan.admin@example.com', password: 'loan-admin-pass-1', role: 'admin', secret: '' };
  const finance: Operator = {
    email: 'loan.finance@example.com',
    password: 'loan-finance-pass-1',
    role: 'finance',
    secret: '',
  };
  const compliance: Operator = {
    email: 'loan.compliance@example.com',
    password: 'loan-compliance-pass-1',
    role: 'compliance',
    secret: '',
  };
  const started = Date.now();
  const lap = (what: string) => console.log(`    ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      before: async (env) => {
        // One at a time: the CLI opens the server's database, which one process holds at a time.
        for (const op of [admin, finance, compliance]) Object.assign(op, await createOperatorWithCli(env, op));
      },
    });
    lap('server and operators');
    const office = await browser.newContext({ viewport: DESKTOP });
    contexts.push(office);
    const o = await newPage(office);
    await signInOperator(o, server.baseUrl, admin, (await freshTotp(admin.secret)).code);
    await o.waitForURL(/\/admin\/dashboard$/);
    const adminToken = await o.evaluate(() => sessionStorage.getItem('admin.token'));
    assert(adminToken, 'no operator session stored');
    const [financeToken, complianceToken] = await Promise.all([
      operatorToken(server, finance),
      operatorToken(server, compliance),
    ]);
    const tokens = { askToken: financeToken, approveToken: adminToken };
    const [phoneUser, deskUser] = await Promise.all([
      registerViaApi(server, uniqueEmail('loan-phone')),
      verifiedUser(server, complianceToken, 'loan-desk'),
    ]);

    // The desktop user's loan: applied and approved through the API (the phone shows those screens).
    const product = (await read<LoanProduct[]>(server, '/asset/api/loan/productList', {}, deskUser.token)).find(
      (p) => p.name === PRODUCT,
    );
    assert(product, `no product ${PRODUCT}`);
    const photos = await uploadPhotos(server, deskUser.token, [
      [1, 2, 3],
      [40, 50, 60],
      [70, 80, 90],
    ]);
    const deskLoan = await post<Loan>(
      server,
      '/asset/api/loan/createLoanProduct',
      { productId: product.id, amount: '200', photos, acceptTerms: true },
      deskUser.token,
    );
    const queued = (await read<AdminLoanList>(server, '/admin/api/loans/list', {}, adminToken)).items.find(
      (l) => l.number === deskLoan.number,
    );
    assert(queued, "the desktop user's application is not in the review queue");
    await post(server, '/admin/api/loans/decide', { id: queued.internalId, approve: true }, adminToken);
    await creditUsdt(server, deskUser.user.uid, '10', tokens);
    lap('users ready');

    // For the callbacks below (a `let` is not narrowed inside them).
    const started = server;
    const phone = await loggedInContext(browser, phoneUser);
    contexts.push(phone);
    const page = await newPage(phone);
    await kycGate(page, server, () => verifyKyc(started, phoneUser, complianceToken));
    const number = await applyOnPhone(page, server);
    lap('applied on the phone');
    await approveInBackOffice(o, number);
    await shot(o, 'loan-admin-approved');
    lap('approved in the back office');
    await repayOnPhone(page, server, number, () => creditUsdt(started, phoneUser.user.uid, '10', tokens));
    lap('repaid on the phone');
    await desktopRepayment(browser, server, deskUser, deskLoan.number);
    lap('repaid on the desktop');
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'loans on the phone and the desktop: products and rules, the simulator, refused without photos and terms, applied, approved in the back office, not enough, repaid all; on the desktop the comparison, a part repaid, then all',
    fn: journey,
    slow: true,
  },
];
