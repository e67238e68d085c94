/** Four eyes in the back office (issue 16), on a desktop screen: one operator asks, another decides. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  DESKTOP,
  expectAccessible,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

/** The row of request `id` in the list shown. */
const requestRow = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

/** The real balances a back-office user page shows, as `asset → balance` of the currency account. */
async function realCurrency(page: Page): Promise<Record<string, string>> {
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Real balances' }) });
  const rows = await card
    .locator('tbody tr')
    .evaluateAll((trs: HTMLTableRowElement[]) => trs.map((tr) => [...tr.cells].map((c) => c.textContent ?? '')));
  return Object.fromEntries(
    rows.filter(([wallet]) => wallet === 'currency').map(([, asset = '', balance = '']) => [asset, balance]),
  );
}

/** The number of the request a notice names (`Request 12 sent: ...`). */
function requestNumber(notice: string | null): number {
  const id = /^Request (\d+)/.exec(notice ?? '')?.[1];
  assert(id, `no request number in the notice "${notice}"`);
  return Number(id);
}

/**
 * A finance operator asks for a credit from a user's page (the UID filled in; the form refuses a
 * bad amount in plain words first) and a second one from the Approvals page; their own requests
 * wait for another operator, with no buttons (the server refuses them anyway). An admin signs in,
 * approves the first after a confirm step that says what will happen and rejects the second; the
 * user's real balance shows the one credit. A reversal of a transaction that does not exist is
 * asked and, approved, refused with the server's words: it stays pending. Last a correction: the
 * admin asks, from the user's recent transactions, for the credit's reversal; the finance operator
 * approves it and the balance is back to nothing.
 */
async function fourEyes({ browser }: JourneyContext) {
  // Their secrets: set in `before` (the CLI prints them).
  const asker: Operator = {
    email: 'finance.asker@example.com',
    password: 'finance-asker-pass-1',
    role: 'finance',
    secret: '',
  };
  const decider: Operator = {
    email: 'admin.decider@example.com',
    password: 'admin-decider-pass-1',
    role: 'admin',
    secret: '',
  };
  const server = await startServer({
    before: async (env) => {
      for (const op of [asker, decider]) op.secret = (await createOperatorWithCli(env, op)).secret;
    },
  });
  const contextA = await browser.newContext({ viewport: DESKTOP });
  const contextB = await browser.newContext({ viewport: DESKTOP });
  try {
    const user = await registerViaApi(server, uniqueEmail('credited'));
    const uid = user.user.uid;

    // Operator A (finance): Users and Approvals; from the user's page, "Request a credit".
    const a = await newPage(contextA);
    await signInOperator(a, server.baseUrl, asker, (await freshTotp(asker.secret)).code);
    await a.waitForURL(/\/admin\/dashboard$/);
    const navA = a.getByRole('navigation', { name: 'Back office' });
    await navA.getByRole('link', { name: 'Dashboard' }).waitFor(); // the menu is drawn after the operator's role is known
    assert.deepEqual(await navA.getByRole('link').allTextContents(), [
      'Dashboard',
      'Approvals',
      'Withdrawals',
      'Financing',
      'Loans',
      'Users',
      'VIP tiers',
    ]);
    await navA.getByRole('link', { name: 'Users' }).click();
    await a.getByLabel('UID, e-mail or phone (+ and digits), exactly').fill(uid);
    await a.getByRole('button', { name: 'Find' }).click();
    await a.getByRole('link', { name: uid }).click();
    await a.getByRole('heading', { name: `User ${uid}` }).waitFor();
    await a.getByRole('link', { name: 'Request a credit' }).click();
    await a.waitForURL(/\/admin\/approvals\/credit\?uid=\d{8}$/);
    await a.getByRole('heading', { name: 'Request a credit' }).waitFor();
    assert.equal(await a.getByLabel('User UID').inputValue(), uid);
    // antd's Select shows the chosen coin beside its combobox (whose own value is what is typed to search).
    assert.match((await a.locator('.ant-select', { has: a.getByLabel('Coin') }).textContent()) ?? '', /^USDT · /);

    // Nothing typed: each field says what it needs; then a finer amount than USDT's 6 decimals.
    await a.getByRole('button', { name: 'Request the credit' }).click();
    await a.getByRole('alert').filter({ hasText: 'Check the fields marked above.' }).waitFor();
    await a.getByText('Enter the amount to credit.').waitFor();
    await a.getByText(/^Say why/).waitFor();
    assert.equal(
      await a.getByLabel('Amount').evaluate((el) => el === document.activeElement),
      true,
      'the first wrong field has the focus',
    );
    await a.getByLabel('Amount').fill('1.0000001');
    await a.getByLabel(/^Note/).fill('goodwill: ticket 4711');
    await a.getByRole('button', { name: 'Request the credit' }).click();
    await a.getByText('Enter a plain decimal number of USDT, with at most 6 decimals.').waitFor();
    assert.equal(await a.getByLabel('Amount').getAttribute('aria-invalid'), 'true');
    await expectAccessible(a, 'back office: credit request with problems');
    await shot(a, 'admin-approvals-credit-form');
    await a.getByLabel('Amount').fill('125.5');
    await a.getByRole('button', { name: 'Request the credit' }).click();
    await a.waitForURL(/\/admin\/approvals$/);
    const sent = await a
      .getByRole('status')
      .filter({ hasText: /^Request \d+ sent: 125\.500000 USDT for user \d{8} waits for another operator\.$/ })
      .textContent();
    const creditId = requestNumber(sent);

    // A second credit, asked from the Approvals page (the UID typed), to be rejected.
    // A UID no user has passes the form's check; the server's refusal is shown in its words.
    await a.getByRole('link', { name: 'Request a credit' }).click();
    await a.getByLabel('User UID').fill('00000000');
    await a.getByLabel('Amount').fill('40');
    await a.getByLabel(/^Note/).fill('duplicate of ticket 4711');
    await a.getByRole('button', { name: 'Request the credit' }).click();
    await a
      .getByRole('alert')
      .filter({ hasText: 'The server refused the request: This account does not exist' })
      .waitFor();
    await a.getByLabel('User UID').fill(uid);
    await a.getByRole('button', { name: 'Request the credit' }).click();
    const sent2 = await a
      .getByRole('status')
      .filter({ hasText: /^Request \d+ sent: 40\.000000 USDT/ })
      .textContent();
    const secondId = requestNumber(sent2);

    // A reversal: a transaction id is a whole number; one that does not exist is only found out on approval.
    await a.getByRole('link', { name: 'Request a reversal' }).click();
    await a.getByLabel('Ledger transaction id').fill('12a');
    await a.getByLabel(/^Note/).fill('wrong deposit');
    await a.getByRole('button', { name: 'Request the reversal' }).click();
    await a.getByText('The ledger transaction id is a whole number from 1.').waitFor();
    await expectAccessible(a, 'back office: reversal request with a problem');
    await a.getByLabel('Ledger transaction id').fill('999999');
    await a.getByRole('button', { name: 'Request the reversal' }).click();
    const sent3 = await a
      .getByRole('status')
      .filter({ hasText: /^Request \d+ sent: the reversal of ledger transaction 999999/ })
      .textContent();
    const reversalId = requestNumber(sent3);

    // A's own requests wait for another operator: no buttons.
    const mine = requestRow(a, creditId);
    await mine.getByText('Waiting for another operator').waitFor();
    await mine.getByRole('cell', { name: /^125\.500000 USDT\s*Note: goodwill: ticket 4711$/ }).waitFor();
    await mine.getByRole('cell', { name: `User ${uid}` }).waitFor();
    await mine.getByRole('cell', { name: asker.email }).waitFor();
    assert.equal(
      await a.getByRole('button', { name: /^(Approve|Reject) request/ }).count(),
      0,
      'the asker sees decide buttons',
    );
    assert.equal(await a.getByText('Waiting for another operator').count(), 3);
    await expectAccessible(a, 'back office: approvals (own requests)');
    await shot(a, 'admin-approvals-own');
    // The server refuses it too, whatever the page shows.
    const tokenA = await a.evaluate(() => sessionStorage.getItem('admin.token'));
    assert(tokenA, 'no operator session stored');
    const self = (await (
      await fetch(`${server.baseUrl}/admin/api/approvals/decide`, {
        method: 'POST',
        headers: { token: tokenA, 'content-type': 'application/json' },
        body: JSON.stringify({ id: creditId, approve: true }),
      })
    ).json()) as ApiReply;
    assert.equal(self.code, 1607, JSON.stringify(self));

    // Operator B (admin): Approvals in the menu; approves the first after the confirm step.
    const b = await newPage(contextB);
    await signInOperator(b, server.baseUrl, decider, (await freshTotp(decider.secret)).code);
    // The dashboard counts the three requests waiting for a second operator; its card leads to them.
    await b.waitForURL(/\/admin\/dashboard$/);
    const navB = b.getByRole('navigation', { name: 'Back office' });
    await navB.getByRole('link', { name: 'Dashboard' }).waitFor(); // the menu is drawn after the operator's role is known
    assert.deepEqual(await navB.getByRole('link').allTextContents(), [
      'Dashboard',
      'KYC queue',
      'Approvals',
      'Withdrawals',
      'Financing',
      'Loans',
      'App versions',
      'Audit log',
      'Operators',
      'Users',
      'Customer service',
      'News',
      'Helper centre',
      'Legal texts',
      'Home shortcuts',
      'VIP tiers',
    ]);
    const card = b.getByTestId('queue-approvals');
    await card.getByText('3 requests awaiting a second operator').waitFor();
    await card.getByRole('link', { name: 'Approvals' }).click();
    await b.waitForURL(/\/admin\/approvals$/);
    const row = requestRow(b, creditId);
    await row.getByRole('button', { name: `Approve request ${creditId}` }).click();
    await row
      .getByText(
        `Approve: 125.500000 USDT is credited now to the real currency account of user ${uid}, asked by ${asker.email}.`,
      )
      .waitFor();
    await expectAccessible(b, 'back office: approve, confirm step');
    await shot(b, 'admin-approvals-confirm');
    // Cancel first: nothing happens.
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Approve request ${creditId}` }).click();
    await row.getByRole('button', { name: `Confirm: approve request ${creditId}` }).click();
    await b.getByText(`Request ${creditId} approved: 125.500000 USDT credited to user ${uid}.`).waitFor();
    await requestRow(b, creditId).waitFor({ state: 'detached' });

    // The second is rejected.
    const second = requestRow(b, secondId);
    await second.getByRole('button', { name: `Reject request ${secondId}` }).click();
    await second.getByText(`Reject: nothing is credited; the request by ${asker.email} is closed for good.`).waitFor();
    await second.getByRole('button', { name: `Confirm: reject request ${secondId}` }).click();
    await b.getByText(`Request ${secondId} rejected: nothing was credited.`).waitFor();
    await requestRow(b, secondId).waitFor({ state: 'detached' });

    // The reversal of a transaction that does not exist: refused with the server's words, still pending.
    const reversal = requestRow(b, reversalId);
    await reversal.getByRole('cell', { name: 'Ledger transaction 999999' }).waitFor();
    await reversal.getByRole('button', { name: `Approve request ${reversalId}` }).click();
    await reversal.getByText(/^Approve: ledger transaction 999999 is reversed now/).waitFor();
    await reversal.getByRole('button', { name: `Confirm: approve request ${reversalId}` }).click();
    await b
      .getByRole('alert')
      .filter({ hasText: `Request ${reversalId} was not decided: This ledger transaction does not exist` })
      .waitFor();
    await reversal.getByRole('button', { name: `Approve request ${reversalId}` }).waitFor();
    await expectAccessible(b, 'back office: approvals after a refusal');

    // The decided ones, by decision.
    await b.getByRole('link', { name: 'Approved', exact: true }).click();
    await b.waitForURL(/\/admin\/approvals\?decision=approved$/);
    const approved = requestRow(b, creditId);
    await approved.getByRole('cell', { name: decider.email }).waitFor();
    assert.equal(await b.getByRole('link', { name: 'Approved', exact: true }).getAttribute('aria-current'), 'page');
    assert.equal(await requestRow(b, secondId).count(), 0);
    await expectAccessible(b, 'back office: approved requests');
    await shot(b, 'admin-approvals-approved');
    await b.getByRole('link', { name: 'Rejected', exact: true }).click();
    await requestRow(b, secondId).getByRole('cell', { name: decider.email }).waitFor();
    assert.equal(await requestRow(b, creditId).count(), 0);

    // The user's real currency account has the one credit, on the back office's user page.
    await b.goto(`${server.baseUrl}/admin/users/${uid}`);
    await b.getByRole('heading', { name: 'Real balances' }).waitFor();
    await b.getByRole('cell', { name: 'USDT' }).first().waitFor();
    const balances = await realCurrency(b);
    assert.match(balances.USDT ?? '', /^125\.50*$/, JSON.stringify(balances));

    // A sees the outcome: only the reversal waits.
    await a.reload();
    await a.getByText('Waiting for another operator').first().waitFor();
    assert.equal(await a.getByText('Waiting for another operator').count(), 1);
    await a.getByRole('link', { name: 'Approved', exact: true }).click();
    await requestRow(a, creditId).getByRole('cell', { name: decider.email }).waitFor();

    // A correction: B asks, from the user's page, for the reversal of the credit's transaction; A approves it.
    const credited = b.getByRole('row').filter({ hasText: '125.500000 USDT' });
    const creditTx = ((await credited.getByRole('cell').first().textContent()) ?? '').trim();
    await credited.getByRole('link', { name: `Request the reversal of transaction ${creditTx}` }).click();
    await b.getByRole('heading', { name: 'Request a reversal' }).waitFor();
    assert.equal(await b.getByLabel('Ledger transaction id').inputValue(), creditTx);
    await b.getByLabel(/^Note/).fill('credited to the wrong account');
    await b.getByRole('button', { name: 'Request the reversal' }).click();
    await b.waitForURL(/\/admin\/approvals$/);
    const correctionId = requestNumber(
      await b.getByText(/^Request \d+ sent: the reversal of ledger transaction/).textContent(),
    );
    // Said once: a reload does not repeat the notice.
    await b.reload();
    await b.getByRole('heading', { name: 'Approvals' }).waitFor();
    await requestRow(b, correctionId).waitFor();
    assert.equal(await b.getByText(/^Request \d+ sent:/).count(), 0, 'the sent notice came back after a reload');
    await a.getByRole('link', { name: 'Pending', exact: true }).click();
    const correction = requestRow(a, correctionId);
    await correction.getByRole('button', { name: `Approve request ${correctionId}` }).click();
    await correction.getByRole('button', { name: `Confirm: approve request ${correctionId}` }).click();
    await correction.waitFor({ state: 'detached' });
    await b.goto(`${server.baseUrl}/admin/users/${uid}`);
    await b.getByRole('heading', { name: 'Recent real transactions' }).waitFor();
    await b.getByRole('row').filter({ hasText: '-125.500000 USDT' }).waitFor();
    assert.deepEqual(await realCurrency(b), {}, 'the reversal took the credit back');
    await expectAccessible(b, 'back office: a user after a correction');
  } finally {
    await contextA.close();
    await contextB.close();
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: "four eyes: a finance operator asks for credits and a reversal, an admin approves one, rejects one, and a refused approval stays pending; the user's balance shows the credit",
    fn: fourEyes,
    slow: true,
  },
];
