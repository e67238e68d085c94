/** The back office at /admin/ (issue 16), on a desktop screen: sign-in with an authenticator code, the audit log, operators. */
import assert from 'node:assert/strict';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  DESKTOP,
  PASSWORD,
  expectAccessible,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

const ADMIN = { email: 'first.admin@example.com', password: 'first-admin-pass-1', role: 'admin' };

/**
 * The first admin, made with the ops CLI before the server starts, signs in with a TOTP code; the
 * audit log shows the sign-in; they create a compliance operator (the secret shown once, as text
 * and a QR code), who signs in and sees the KYC queue, the audit log and users, not operators, then signs out; the admin disables
 * them. When the admin's session ends behind the page's back, the next call returns to the sign-in.
 */
async function backOffice({ browser }: JourneyContext) {
  // Assigned in `before`, which startServer awaits.
  let admin!: Operator;
  const server = await startServer({
    before: async (env) => {
      admin = await createOperatorWithCli(env, ADMIN);
    },
  });
  const context = await browser.newContext({ viewport: DESKTOP });
  const other = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await newPage(context);
    // A wrong code: refused in plain words, and nothing tells which part was wrong.
    const right = await freshTotp(admin.secret);
    const wrong = String((Number(right.code) + 1) % 1_000_000).padStart(6, '0');
    await signInOperator(page, server.baseUrl, admin, wrong);
    await page.getByRole('alert').filter({ hasText: 'Incorrect e-mail, password or authenticator code' }).waitFor();
    await expectAccessible(page, 'admin sign-in with an error');
    await shot(page, 'admin-sign-in');

    await page.getByLabel('Authenticator code').fill(right.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    assert.equal(await nav.getByTestId('operator-email').textContent(), ADMIN.email);
    assert.equal(await nav.getByTestId('operator-role').textContent(), 'admin');
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor(); // the menu is drawn after the operator's role is known
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
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
    // The dashboard: the admin reads the KYC queue (compliance reviews it, the card says) and works the approvals.
    const kycCard = page.getByTestId('queue-kyc');
    await kycCard.getByText('0 submissions awaiting review').waitFor();
    await kycCard.getByText('Reviewed by compliance: as admin you read the queue.').waitFor();
    await page.getByTestId('queue-approvals').getByText('Nothing waits.').waitFor();
    await page.getByTestId('queue-approvals').getByText('Reviewed by finance and admin.').waitFor();
    await expectAccessible(page, 'back-office dashboard');
    await kycCard.getByRole('link', { name: 'KYC queue' }).click();
    await page.waitForURL(/\/admin\/kyc$/);
    await page.getByRole('note').filter({ hasText: 'Compliance reviews these submissions.' }).waitFor();
    await page.getByText('Nothing awaits review.').waitFor();
    await expectAccessible(page, 'KYC queue read by an admin');
    // A submission's page is compliance's: it says so instead of sending the admin away.
    await page.goto(`${server.baseUrl}/admin/kyc/1`);
    await page.getByRole('heading', { name: 'Not for your role' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'A KYC submission (its details, photos and decision) is for compliance operators' })
      .waitFor();
    await expectAccessible(page, 'a page not for the role');
    await page.getByRole('link', { name: 'Back to the KYC queue' }).click();
    await page.waitForURL(/\/admin\/kyc$/);
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\/audit$/);

    // The audit log: the failed and the successful sign-in, newest first.
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'operator.login', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'operator.login_failed', exact: true }).waitFor();
    await expectAccessible(page, 'audit log');
    await shot(page, 'admin-audit');
    // A filter, answered by the server: only the failed sign-in.
    await page.getByLabel('Action', { exact: true }).fill('operator.login_failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('tbody tr')].length === 1);
    assert.match((await table.locator('tbody tr').first().textContent()) ?? '', /wrong_totp/);
    // An impossible range is refused before asking.
    await page.getByLabel('From', { exact: true }).fill('2026-11-25T11:00');
    await page.getByLabel('To', { exact: true }).fill('2026-11-25T10:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('alert').filter({ hasText: 'The start of the time range is after its end.' }).waitFor();

    // Operators: create a compliance operator; the secret is shown once, as text and a QR code.
    await nav.getByRole('link', { name: 'Operators' }).click();
    await page.waitForURL(/\/admin\/operators$/);
    await page.getByRole('heading', { name: 'New operator' }).waitFor();
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    await expectAccessible(page, 'operators');
    const newcomer = { email: 'compliance.one@example.com', password: 'compliance-pass-1', role: 'compliance' };
    await page.getByLabel('E-mail').fill(newcomer.email);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create operator' }).click();
    await page.getByRole('alert').filter({ hasText: 'at least 12 characters' }).waitFor();
    await page.getByLabel(/^Password/).fill(newcomer.password);
    // antd's Select (a combobox and its listbox), not a native <select>: opened, then the option chosen.
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'compliance', exact: true }).click();
    await page.getByRole('button', { name: 'Create operator' }).click();
    await page.getByRole('heading', { name: `Operator ${newcomer.email} created` }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await page.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor();
    await expectAccessible(page, 'operator created');
    await shot(page, 'admin-operator-created');
    await page.getByRole('button', { name: 'Done: hide the secret' }).click();
    assert.equal(await page.getByTestId('totp-secret').count(), 0, 'the secret is still shown');
    const row = page.getByRole('row').filter({ hasText: newcomer.email });
    await row.getByRole('cell', { name: 'Active' }).waitFor();

    // The new operator signs in with that secret: compliance sees the KYC queue, the audit log and users; signs out.
    const theirs = await newPage(other);
    await signInOperator(theirs, server.baseUrl, newcomer, (await freshTotp(secret)).code);
    await theirs.waitForURL(/\/admin\/dashboard$/);
    const theirNav = theirs.getByRole('navigation', { name: 'Back office' });
    await theirNav.getByRole('link', { name: 'Dashboard' }).waitFor(); // the menu is drawn after the operator's role is known
    assert.deepEqual(await theirNav.getByRole('link').allTextContents(), [
      'Dashboard',
      'KYC queue',
      'Audit log',
      'Users',
      'Legal texts',
    ]);
    assert.equal(await theirNav.getByTestId('operator-role').textContent(), 'compliance');
    await theirs.getByTestId('queue-kyc').waitFor();
    assert.equal(await theirs.getByTestId('queue-approvals').count(), 0, 'compliance works no approvals');
    await theirs.getByTestId('queue-kyc').getByRole('link', { name: 'KYC queue' }).click();
    await theirs.getByText('Nothing awaits review.').waitFor();
    // A page of another role says whose it is, and leads back.
    await theirs.goto(`${server.baseUrl}/admin/operators`);
    await theirs
      .getByRole('alert')
      .filter({ hasText: 'Operators is for admin operators; you are signed in as compliance.' })
      .waitFor();
    await theirs.getByRole('link', { name: 'Back to the dashboard' }).click();
    await theirs.waitForURL(/\/admin\/dashboard$/);
    await theirNav.getByRole('button', { name: 'Sign out' }).click();
    await theirs.getByRole('heading', { name: 'Back office sign-in' }).waitFor();

    // The admin disables them (asked to confirm first).
    await row.getByRole('button', { name: `Disable ${newcomer.email}` }).click();
    await row.getByRole('button', { name: `Confirm: disable ${newcomer.email}` }).click();
    await row.getByRole('cell', { name: /^Disabled / }).waitFor();
    assert.equal(await row.getByRole('button', { name: `Disable ${newcomer.email}` }).count(), 0);
    // The admin's own row has no disable button.
    assert.equal(await page.getByRole('button', { name: `Disable ${ADMIN.email}` }).count(), 0);

    // The session ends elsewhere (as when it expires): the next call answers 301, the page returns to the sign-in.
    const token = await page.evaluate(() => sessionStorage.getItem('admin.token'));
    assert(token, 'no operator session stored');
    const out = (await (
      await fetch(`${server.baseUrl}/admin/api/auth/logout`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as ApiReply;
    assert.equal(out.code, 0);
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('status').filter({ hasText: 'Your session has expired. Sign in again.' }).waitFor();
    await page.getByRole('heading', { name: 'Back office sign-in' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('admin.token')), null);
    await expectAccessible(page, 'sign-in after the session expired');
  } finally {
    await context.close();
    await other.close();
    await endOwnServer(server);
  }
}

/**
 * Users (issue 16): a support operator finds a user by e-mail, sees their balances and sessions,
 * and locks the account with a reason (the user's session ends at once, and login says the account
 * is locked); support cannot unlock it, compliance does, and the user logs in again.
 */
async function backOfficeUsers({ browser }: JourneyContext) {
  // Their secrets: set in `before` (the CLI prints them).
  const support: Operator = {
    email: 'support.one@example.com',
    password: 'support-pass-123',
    role: 'support',
    secret: '',
  };
  const compliance: Operator = {
    email: 'compliance.two@example.com',
    password: 'compliance-pass-2',
    role: 'compliance',
    secret: '',
  };
  const server = await startServer({
    before: async (env) => {
      for (const op of [support, compliance]) op.secret = (await createOperatorWithCli(env, op)).secret;
    },
  });
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const user = await registerViaApi(server, uniqueEmail('locked'));
    const page = await newPage(context);
    await signInOperator(page, server.baseUrl, support, (await freshTotp(support.secret)).code);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByText('Your role works no queue: open a page from the menu.').waitFor();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/\/admin\/users$/);
    await page.getByLabel('UID, e-mail or phone (+ and digits), exactly').fill(user.user.email ?? '');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: user.user.uid }).click();
    await page.getByRole('heading', { name: `User ${user.user.uid}` }).waitFor();
    await page.getByRole('heading', { name: 'Live sessions' }).waitFor();
    await expectAccessible(page, 'back office: a user');
    await page.getByLabel('Reason for the lock').fill('reported stolen phone');
    await page.getByRole('button', { name: 'Lock account', exact: true }).click();
    await page.getByText(/^Locked .*: reported stolen phone$/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Unlock account' }).count(), 0, 'support cannot unlock');
    const info = (await (
      await fetch(`${server.baseUrl}/asset/api/user/info`, { method: 'POST', headers: { token: user.token } })
    ).json()) as ApiReply;
    assert.equal(info.code, 301, "the user's session ended with the lock");
    const login = (await (
      await fetch(`${server.baseUrl}/asset/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ type: 'email', email: user.user.email, password: PASSWORD }),
      })
    ).json()) as ApiReply;
    assert.equal(login.msg, 'This account is locked, please contact customer service');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Sign out' }).click();

    await signInOperator(page, server.baseUrl, compliance, (await freshTotp(compliance.secret)).code);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.goto(`${server.baseUrl}/admin/users/${user.user.uid}`);
    await page.getByRole('button', { name: 'Unlock account' }).click();
    await page.getByRole('button', { name: 'Lock account', exact: true }).waitFor(); // exact: "Unlock account" holds the words too
    const again = (await (
      await fetch(`${server.baseUrl}/asset/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ type: 'email', email: user.user.email, password: PASSWORD }),
      })
    ).json()) as ApiReply;
    assert.equal(again.code, 0);
  } finally {
    await context.close();
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'back office: TOTP sign-in, audit log, create and disable an operator, sign-out, expired session',
    fn: backOffice,
    slow: true,
  },
  {
    name: 'back office users: support finds and locks a user, compliance unlocks them',
    fn: backOfficeUsers,
    slow: true,
  },
];
