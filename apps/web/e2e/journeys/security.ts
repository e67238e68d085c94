/** Passwords: the forgotten login password, the login password change and the forgotten fund password.
 *
 * Both journeys need a second code to an address that already had one, so they run last with a
 * user the runner registered at start-up (`earlyUser`), and wait out what is left of the 60 s window. */
import assert from 'node:assert/strict';
import type { UserInfo } from '@app/contract';
import { desktopContext } from '../harness/browser';
import {
  type Journey,
  type JourneyContext,
  MOBILE,
  PASSWORD,
  api,
  expectAccessible,
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

/**
 * The signed-in reset of the login password (/pages/profile/reset-password): reached from the phone's
 * security center and the desktop settings; a code to the account's own e-mail replaces the current
 * password, this device stays signed in with a new token, and the old token and password stop working.
 */
async function signedInReset({ browser, server, earlyUser }: JourneyContext) {
  assert(earlyUser, 'no early user: the journey needs `earlyUser`');
  const { email, login } = await earlyUser;

  const phone = await loggedInContext(browser, login);
  const phonePage = await newPage(phone);
  await phonePage.goto(`${server.baseUrl}/pages/profile/security-center/index`);
  await phonePage.getByRole('link', { name: /^Reset login password/ }).click();
  await waitForPath(phonePage, '/pages/profile/reset-password');
  await phonePage.getByRole('radio', { name: /^Email/ }).waitFor();
  await shot(phonePage, 'reset-password-phone');
  await phone.close();

  const context = await desktopContext(browser, { login });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/desktop/settings/change-password`);
  await page.getByRole('link', { name: 'Forgot your current password?' }).waitFor();
  await page.getByRole('link', { name: 'Reset password', exact: true }).click();
  await waitForPath(page, '/pages/desktop/settings/reset-password');
  await page.getByRole('heading', { name: 'Reset login password' }).waitFor();
  await expectAccessible(page, 'reset password (desktop)');
  await waitForResendWindow(email);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(server.dataDir, email, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('reset-pass-9');
  await page.getByLabel('Confirm new password', { exact: true }).fill('reset-pass-9');
  await shot(page, 'reset-password-desktop');
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Back to the security settings (the desktop's counterpart of the security center), still signed in.
  await waitForPath(page, '/pages/desktop/settings/change-password');
  const { token } = await storedSession(page);
  assert(token && token !== login.token, 'the token was not replaced after the reset');
  assert.equal((await api(server.baseUrl, '/asset/api/user/info', undefined, { token })).code, 0);
  const old = await api(server.baseUrl, '/asset/api/user/info', undefined, { token: login.token });
  assert.equal(old.code, 301, `the old token still works: ${JSON.stringify(old)}`);
  const signIn = (password: string) => api(server.baseUrl, '/asset/api/user/login', { type: 'email', email, password });
  assert.equal((await signIn('reset-pass-9')).code, 0, 'the new password signs in');
  assert.notEqual((await signIn(PASSWORD)).code, 0, 'the old password no longer signs in');
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
  {
    name: 'a signed-in user resets the login password by code (phone link, desktop settings); this device stays signed in',
    fn: signedInReset,
    last: true,
    earlyUser: 'reset',
  },
];
