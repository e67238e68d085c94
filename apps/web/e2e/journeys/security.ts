/** Passwords: the forgotten login password, the login password change and the forgotten fund password.
 *
 * Both journeys need a second code to an address that already had one, so they run last with a
 * user the runner registered at start-up (`earlyUser`), and wait out what is left of the 60 s window. */
import assert from 'node:assert/strict';
import type { UserInfo } from '@app/contract';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  PASSWORD,
  api,
  loggedInContext,
  newPage,
  readCode,
  shot,
  storedSession,
  waitForPath,
  waitForResendWindow,
} from '../harness';

async function forgottenPassword({ browser, server, earlyUser }: JourneyContext) {
  assert(earlyUser, 'no early user: the journey needs `earlyUser`');
  const { email } = await earlyUser;
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/login/email-login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await waitForPath(page, '/pages/forgot-password/index');
  await page.getByRole('link', { name: /Use my email/ }).click();
  await waitForPath(page, '/pages/findPwd/email-find');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await waitForResendWindow(email);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
  const code = await readCode(server.dataDir, email, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
  await shot(page, 'email-find');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await waitForPath(page, '/pages/login/email-login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForPath(page, '/pages/home/index');
  await context.close();
}

async function changePasswordAndFundPassword({ browser, server, earlyUser }: JourneyContext) {
  assert(earlyUser, 'no early user: the journey needs `earlyUser`');
  const { email, login } = await earlyUser;
  const setFund = await api<UserInfo>(
    server.baseUrl,
    '/asset/api/user/set-fund-password',
    { fundPassword: 'fund-one-1', confirmFundPassword: 'fund-one-1' },
    { token: login.token },
  );
  assert(setFund.code === 0, `set-fund-password failed: ${JSON.stringify(setFund)}`);
  const context = await loggedInContext(browser, { ...login, user: setFund.data });
  const page = await newPage(context);

  await page.goto(`${server.baseUrl}/pages/profile/security-center/change-password`);
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another-pass-2');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await waitForPath(page, '/pages/profile/security-center/index');
  const { token } = await storedSession(page);
  assert(token && token !== login.token, 'the token was not replaced after the password change');
  const old = await api(server.baseUrl, '/asset/api/user/info', undefined, { token: login.token });
  assert(old.code === 301 || old.code === 999, `the old token still works: ${JSON.stringify(old)}`);

  await page.getByRole('link', { name: /Forgot fund password/ }).click();
  await waitForPath(page, '/pages/profile/security-center/forgot-fund-password');
  await page.getByRole('radio', { name: /^Email/ }).waitFor();
  await waitForResendWindow(email);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(server.dataDir, email, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New fund password', { exact: true }).fill('fund-two-2');
  await page.getByLabel('Confirm fund password', { exact: true }).fill('fund-two-2');
  await shot(page, 'forgot-fund-password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await waitForPath(page, '/pages/profile/security-center/index');

  // The new fund password is the one the server now holds.
  const change = await api(
    server.baseUrl,
    '/asset/api/user/change-fund-password',
    { oldFundPassword: 'fund-two-2', fundPassword: 'fund-three-3', confirmFundPassword: 'fund-three-3' },
    { token },
  );
  assert(change.code === 0, `the reset fund password is not the current one: ${JSON.stringify(change)}`);
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'a forgotten password is reset by e-mail code and the new one logs in',
    fn: forgottenPassword,
    last: true,
    earlyUser: 'forgot',
  },
  {
    name: 'changing the login password swaps the token; a forgotten fund password is reset by code',
    fn: changePasswordAndFundPassword,
    last: true,
    earlyUser: 'security',
  },
];
