/** Account settings: the Manager row, nickname, e-mail binding, avatar upload. */
import assert from 'node:assert/strict';
import {
  type Journey,
  type JourneyContext,
  loggedInContext,
  newPage,
  readCode,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
} from '../harness';

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function accountSettings({ browser, server }: JourneyContext) {
  // Registered with another user's invitation code: that user is the account's manager (docs/product.md §3, §6).
  const inviter = await registerViaApi(server, uniqueEmail('inviter'));
  const login = await registerViaApi(server, uniqueEmail('settings'), { invitationCode: inviter.user.invitationCode });
  const context = await loggedInContext(browser, login);
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/profile/account-setting/index`);

  const managerRow = page.getByRole('listitem').filter({ hasText: /^Manager/ });
  await managerRow.getByText(inviter.user.uid, { exact: true }).waitFor();
  const managerBox = await managerRow.boundingBox();
  assert(
    managerBox && managerBox.x >= 0 && managerBox.x + managerBox.width <= 390,
    `the Manager row leaves the 390 px screen: ${JSON.stringify(managerBox)}`,
  );

  await page.getByRole('link', { name: /^Nickname/ }).click();
  await waitForPath(page, '/pages/profile/account-setting/nickname');
  await page.getByLabel('Nickname').fill('Trader Jo');
  await page.getByRole('button', { name: 'Save' }).click();
  await waitForPath(page, '/pages/profile/account-setting/index');
  await page.getByRole('link', { name: /Trader Jo/ }).waitFor();

  const newEmail = uniqueEmail('bound');
  await page.getByRole('link', { name: /^Email/ }).click();
  await waitForPath(page, '/pages/profile/account-setting/email');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  const sentAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(server.dataDir, newEmail, { after: sentAt });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Change email' }).click();
  await waitForPath(page, '/pages/profile/account-setting/index');
  await page.getByRole('link', { name: new RegExp(newEmail.replace(/[.+]/g, '\\$&')) }).waitFor();

  const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
  await page.getByLabel('Change avatar').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: tooBig });
  await page.getByText('Your picture is bigger than 5M, Please change').waitFor();

  await page.getByLabel('Change avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByText('Avatar updated').waitFor();
  const avatar = page.getByRole('img', { name: 'Avatar of Trader Jo' });
  await avatar.waitFor();
  const src = await avatar.getAttribute('src');
  assert(src && src.startsWith('/uploads/avatars/'), `avatar src is ${src}`);
  const image = await fetch(`${server.baseUrl}${src}`);
  assert(image.status === 200, `the avatar is not served: HTTP ${image.status}`);
  await shot(page, 'account-settings');
  await context.close();
}

export const journeys: Journey[] = [
  {
    name: 'account settings: the Manager row, nickname, e-mail binding and avatar upload (with the 5 MB check)',
    fn: accountSettings,
  },
];
