/**
 * The back office's financing and loan pages (issue 19: "operators create and change them in the
 * back office", "operators approve (four eyes above a configured amount) or reject with a reason,
 * in the back office"), on a desktop screen.
 */
import assert from 'node:assert/strict';
import type { AdminLoanList, FinancingProduct, Loan, LoanPage, LoanProduct, OperatorCreateResult } from '@app/contract';
import type { BrowserContext } from 'playwright-core';
import { type Journey, type JourneyContext, type Server, DESKTOP, expectAccessible, newPage, shot } from '../harness';
import { operatorToken, post, read, uploadPhotos, verifiedUser } from '../harness/borrowers';
import {
  type Operator,
  type OperatorAccount,
  createOperatorWithCli,
  freshTotp,
  signInOperator,
} from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

/** An operator the admin creates, signed in through the API (their part is not the journey's): their session token. */
async function createdOperatorToken(server: Server, adminToken: string, operator: OperatorAccount) {
  const created = await post<OperatorCreateResult>(server, '/admin/api/operators/create', operator, adminToken);
  return operatorToken(server, { ...operator, secret: created.totpSecret });
}

/**
 * An admin creates a financing product (the form refuses a minimum above the maximum first, as the
 * server does), then changes its rate: the table shows the new rate and users' productList offers
 * it. A KYC-verified user applies for a 500 USDT loan with three documents (four eyes from 100 USDT
 * here): the dashboard counts it, a finance operator approves first (through the API), and the
 * admin sees "1 of 2" and the documents, meets the required reason when trying to reject, approves
 * second, and the loan is approved: paid into the user's account.
 */
async function financingAndLoans({ browser }: JourneyContext) {
  // The admin's secret: set in `before` (the CLI prints it).
  const admin: Operator = { email: 'fin.admin@example.com', password: 'fin-admin-pass-1', role: 'admin', secret: '' };
  const finance: OperatorAccount = {
    email: 'fin.finance@example.com',
    password: 'fin-finance-pass-1',
    role: 'finance',
  };
  const compliance: OperatorAccount = {
    email: 'fin.compliance@example.com',
    password: 'fin-compliance-pass-1',
    role: 'compliance',
  };
  let server: Server | undefined;
  let context: BrowserContext | undefined;
  try {
    // One operator from the CLI (as a deployment makes its first); the admin makes the others in the back office's API.
    server = await startServer({
      env: { LOAN_FOUR_EYES_USDT: '100' },
      before: async (env) => {
        Object.assign(admin, await createOperatorWithCli(env, admin));
      },
    });
    context = await browser.newContext({ viewport: DESKTOP });
    const a = await newPage(context);
    await signInOperator(a, server.baseUrl, admin, (await freshTotp(admin.secret)).code);
    await a.waitForURL(/\/admin\/dashboard$/);
    const adminToken = await a.evaluate(() => sessionStorage.getItem('admin.token'));
    assert(adminToken, 'no operator session stored');
    const [financeToken, complianceToken] = await Promise.all([
      createdOperatorToken(server, adminToken, finance),
      createdOperatorToken(server, adminToken, compliance),
    ]);

    // A verified borrower applies for 500 USDT with three documents.
    const user = await verifiedUser(server, complianceToken);
    const loanProducts = await read<LoanProduct[]>(server, '/asset/api/loan/productList', {}, user.token);
    const product = loanProducts.find(
      (p) => p.currency === 'USDT' && Number(p.minAmount) <= 500 && Number(p.maxAmount) >= 500,
    );
    assert(product, `no USDT loan product lends 500: ${JSON.stringify(loanProducts)}`);
    const photos = await uploadPhotos(server, user.token, [
      [10, 10, 10],
      [90, 160, 40],
      [250, 120, 0],
    ]);
    const applied = await post<Loan>(
      server,
      '/asset/api/loan/createLoanProduct',
      { productId: product.id, amount: '500', photos, acceptTerms: true },
      user.token,
    );
    assert.equal(applied.state, 'pending');
    const menu = a.getByRole('navigation', { name: 'Back office' });

    // Financing → New product; the form checks the amounts' order before sending.
    await menu.getByRole('link', { name: 'Financing' }).click();
    await a.waitForURL(/\/admin\/financing$/);
    await a.getByRole('note').filter({ hasText: 'applies to new subscriptions only' }).waitFor();
    await a.getByRole('button', { name: 'New product' }).click();
    const create = a.getByRole('form', { name: 'New financing product' });
    const name = `Journey USDT ${Date.now().toString(36)}`;
    await create.getByLabel('Name in English (required)').fill(name);
    // Its name in Japanese; the other languages left empty show the English one.
    await create.getByLabel('Name in Japanese').fill(`${name} 円`);
    await create.getByLabel('Minimum per subscription (USDT)').fill('2000');
    await create.getByLabel('Maximum per subscription (USDT)').fill('1000');
    await create.getByLabel('Total quota (USDT)').fill('100000');
    await create.getByLabel('Term 1: days').fill('30');
    await create.getByLabel('Term 1: annual rate').fill('0.085');
    await create.getByText('8.5 % a year', { exact: true }).waitFor();
    await create.getByRole('button', { name: 'Add a term' }).click();
    await create.getByLabel('Term 2: days').fill('90');
    await create.getByLabel('Term 2: annual rate').fill('0.1');
    // antd's Select (a combobox and its listbox), not a native <select>: opened, then the option chosen.
    await create.getByLabel('Early redemption').click();
    await a.getByRole('option', { name: 'Allowed, accrued interest forfeited', exact: true }).click();
    await create.getByRole('button', { name: 'Create product' }).click();
    await create.getByText('The minimum must be at most the maximum.').waitFor();
    assert.equal(await create.getByLabel('Minimum per subscription (USDT)').getAttribute('aria-invalid'), 'true');
    await expectAccessible(a, 'back office: a financing product with a problem');
    await create.getByLabel('Minimum per subscription (USDT)').fill('10');
    await create.getByRole('button', { name: 'Create product' }).click();
    await a
      .getByText(
        `${name} created: USDT, 30 d 8.5 % · 90 d 10 %, 10 to 1,000 per subscription, quota 100,000, enabled.`,
        {
          exact: true,
        },
      )
      .waitFor();
    const row = a.locator('tbody tr').filter({ has: a.getByText(name, { exact: true }) });
    await row.getByText('30 d: 8.5 %').waitFor();
    await row.getByText('On sale now').waitFor();
    await row.getByText('Also named in: Japanese').waitFor();
    await shot(a, 'admin-financing-products');

    // Its rate changes: new subscriptions get 9 %.
    await row.getByRole('button', { name: `Change ${name}` }).click();
    const change = a.getByRole('form', { name: `Change ${name}` });
    await change.getByText('Applies to new subscriptions only; the 0 active ones keep their terms.').waitFor();
    await change.getByLabel('Term 1: annual rate').fill('0.09');
    await change.getByRole('button', { name: `Save ${name}` }).click();
    await a
      .getByText(`${name} saved: USDT, 30 d 9 % · 90 d 10 %, 10 to 1,000 per subscription, quota 100,000, enabled.`, {
        exact: true,
      })
      .waitFor();
    await change.waitFor({ state: 'detached' });
    await row.getByText('30 d: 9 %').waitFor();
    await expectAccessible(a, 'back office: financing products');
    const offered = (
      await read<FinancingProduct[]>(server, '/asset/api/product/productList', { currency: 'USDT' }, user.token)
    ).find((p) => p.name === name);
    assert(offered, 'productList does not offer the new product');
    assert.deepEqual(offered.terms, [
      { days: 30, annualRate: '0.09' },
      { days: 90, annualRate: '0.1' },
    ]);
    assert.equal(offered.earlyRedemption, 'forfeit');
    // A Japanese user reads its Japanese name, a German one the English name.
    const base = server.baseUrl;
    const namedIn = async (lang: string) => {
      const url = new URL('/asset/api/product/productList?currency=USDT', base);
      const { data } = (await (await fetch(url, { headers: { lang } })).json()) as { data: FinancingProduct[] };
      return data.find((p) => p.id === offered.id)?.name;
    };
    assert.equal(await namedIn('ja'), `${name} 円`);
    assert.equal(await namedIn('de'), name);

    // The subscriptions list: none of this user; a UID is 8 digits.
    await a.getByRole('navigation', { name: 'Financing' }).getByRole('link', { name: 'Subscriptions' }).click();
    await a.waitForURL(/\/admin\/financing\/subscriptions$/);
    const filter = a.getByRole('search', { name: 'Filter subscriptions' });
    await filter.getByLabel(/^User UID/).fill('123');
    await filter.getByRole('button', { name: 'Show' }).click();
    await a.getByRole('alert').filter({ hasText: 'A UID is 8 digits.' }).waitFor();
    await filter.getByLabel(/^User UID/).fill(user.user.uid);
    await filter.getByRole('button', { name: 'Show' }).click();
    await a.getByText('No subscription matches.').waitFor();
    await expectAccessible(a, 'back office: financing subscriptions');

    // The loan: the dashboard counts it; the finance operator approves first (four eyes: 500 ≥ 100 USDT).
    const queued = (await read<AdminLoanList>(server, '/admin/api/loans/list', {}, financeToken)).items.find(
      (l) => l.number === applied.number,
    );
    assert(queued, 'the application is not in the review queue');
    assert.equal(queued.review, 'four_eyes');
    await post(server, '/admin/api/loans/decide', { id: queued.internalId, approve: true }, financeToken);
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    const card = a.getByTestId('queue-loans');
    await card.getByText('1 loan application awaiting review').waitFor();
    await card.getByRole('link', { name: 'Loans' }).click();
    await a.waitForURL(/\/admin\/loans$/);
    const loanRow = a.locator(`tbody tr[data-number="${applied.number}"]`);
    await loanRow.getByText('Four eyes · 1 of 2 approvals').waitFor();
    await loanRow.getByText(`Approved by ${finance.email}`).waitFor();
    await loanRow.getByRole('cell', { name: user.user.uid }).waitFor();
    await expectAccessible(a, 'back office: loan review queue');
    await loanRow.getByRole('link', { name: `Review loan ${applied.number}` }).click();
    await a.getByRole('heading', { name: `Loan ${applied.number}` }).waitFor();
    for (const n of [1, 2, 3]) await a.getByRole('img', { name: `Document ${n}`, exact: true }).waitFor();
    const details = a.locator('.details-list');
    await details.getByText('verified', { exact: true }).waitFor();
    await details.getByText('500 USDT', { exact: true }).waitFor();

    // Rejecting needs a reason; then approve second.
    await a.getByRole('button', { name: `Reject loan ${applied.number}` }).click();
    const reject = a.getByRole('form', { name: `Reject loan ${applied.number}` });
    await reject.getByRole('button', { name: `Confirm: reject loan ${applied.number}` }).click();
    await reject.getByText('Choose a reason: the user sees it.').waitFor();
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await a.getByRole('button', { name: `Approve loan ${applied.number}` }).click();
    await a
      .getByText(
        /^Approve \(2 of 2\): 500 USDT is paid from the loan book into the currency account of user \d{8}, and the loan's period starts\. This cannot be undone\.$/,
      )
      .waitFor();
    await expectAccessible(a, 'back office: approve a loan, confirm step');
    await shot(a, 'admin-loan-review');
    await a.getByRole('button', { name: `Confirm: approve loan ${applied.number}` }).click();
    await a
      .getByText(
        `Loan ${applied.number} approved: 500 USDT is paid from the loan book into the currency account of user ${user.user.uid}.`,
      )
      .waitFor();
    await details.getByText('Approved', { exact: true }).waitFor();
    const mine = await read<LoanPage>(server, '/asset/api/loan/userProductList', {}, user.token);
    assert.equal(mine.items.find((l) => l.number === applied.number)?.state, 'approved');

    // The queue is empty; the approved loan is under its state.
    await a.getByRole('link', { name: '← Loan review queue' }).click();
    await a.getByText('No loan application waits for review.').waitFor();
    const loanFilter = a.getByRole('search', { name: 'Filter loans' });
    await loanFilter.getByLabel('State').click();
    await a.getByRole('option', { name: 'Approved', exact: true }).click();
    await loanFilter.getByRole('button', { name: 'Show' }).click();
    await a.locator(`tbody tr[data-number="${applied.number}"]`).getByText('Four eyes · 2 of 2 approvals').waitFor();

    // Loan products: the seeded ones, with their rules' languages.
    await a.getByRole('navigation', { name: 'Loans' }).getByRole('link', { name: 'Products' }).click();
    await a.waitForURL(/\/admin\/loans\/products$/);
    await a.getByRole('cell', { name: product.name }).first().waitFor();
    await a.getByRole('button', { name: `Change ${product.name}` }).click();
    const loanForm = a.getByRole('form', { name: `Change ${product.name}` });
    await loanForm.getByLabel('Rules in English (required)').fill('');
    await loanForm.getByRole('button', { name: `Save ${product.name}` }).click();
    await loanForm.getByText(/The rules need an English text/).waitFor();
    await loanForm.getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(a, 'back office: loan products');
  } finally {
    if (context) await context.close();
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'back office financing and loans: an admin creates a financing product and changes its rate (users are offered the new rate); a four-eyes loan application is approved second in the back office',
    fn: financingAndLoans,
    // Its own server, with an operator made by the CLI before it starts.
    slow: true,
  },
];
