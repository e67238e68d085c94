/**
 * The withdrawal address book (docs/product.md §2 "Withdraw", §3 "Withdraw address", §5; docs/withdrawals.md
 * "Screens"): on the phone a user with a fund password saves a TRC20 and an ERC20 address (each
 * held until a time), meets the server's refusal of a wrong fund password, sees a coin's addresses
 * by network and deletes one with the fund password; a user without one is led to set it; the
 * desktop page (the withdraw form beside the history, the address book below) lists, adds and deletes the same way.
 * A held address is confirmed at once with a code on the phone; the "this wasn't me" link of the
 * new-address e-mail opens its page on the desktop, without a login, and freezes withdrawals.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { LoginResult, WithdrawAddress } from '@app/contract';
import type { Locator, Page } from 'playwright-core';
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
  readCode,
  registerViaApi,
  shot,
  uniqueEmail,
  waitForPath,
  waitForResendWindow,
} from '../harness';

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FUND_PASSWORD = 'fund-pass-1';

/** A registered user with a fund password (the stored session says so too). */
async function userWithFundPassword(server: Server, tag: string): Promise<LoginResult> {
  const login = await registerViaApi(server, uniqueEmail(tag));
  const set = await api(
    server.baseUrl,
    '/asset/api/user/set-fund-password',
    { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    { token: login.token },
  );
  assert.equal(set.code, 0, JSON.stringify(set));
  return { ...login, user: { ...login.user, hasFundPassword: true } };
}

/** The server's saved addresses of the user. */
async function savedAddresses(server: Server, token: string): Promise<WithdrawAddress[]> {
  const res = (await (
    await fetch(new URL('/asset/api/currencyAddress/currencyList', server.baseUrl), { headers: { token, lang: 'en' } })
  ).json()) as ApiReply<WithdrawAddress[]>;
  assert.equal(res.code, 0, JSON.stringify(res));
  return res.data;
}

/** Fills the add form (coin, network, address, nickname, fund password) and submits it. */
async function fillAddressForm(
  scope: Page | Locator,
  {
    coin,
    protocol,
    address,
    nickname,
    fundPassword,
  }: { coin: string; protocol: string; address: string; nickname: string; fundPassword: string },
) {
  const form = scope.getByRole('form', { name: 'Add address' });
  await form.getByLabel('Coin').selectOption(coin);
  await form.getByRole('radio', { name: protocol }).check();
  await form.getByLabel('Address', { exact: true }).fill(address);
  await form.getByLabel(/^Nickname/).fill(nickname);
  await form.getByLabel('Fund password', { exact: true }).fill(fundPassword);
  await form.getByRole('button', { name: 'Save address' }).click();
  return form;
}

/** Deletes the address named `name` through the dialog: a wrong fund password first (the server's message shows), then the right one. */
async function deleteAddress(page: Page, list: Locator, name: string) {
  await list.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await dialog.waitFor();
  await dialog.getByLabel('Fund password', { exact: true }).fill('not-the-one-1');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByText('Incorrect fund password').waitFor();
  await expectAccessible(page, 'delete address dialog');
  await dialog.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function mobileAddressBook({ browser, server }: JourneyContext) {
  const login = await userWithFundPassword(server, 'withdraw-book');
  const context = await loggedInContext(browser, login, MOBILE);
  try {
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/withdraw/withdraw-address-list`);
    await page.getByTestId('address-book-empty').getByText('No saved addresses yet.').waitFor();
    await expectAccessible(page, 'address book (empty)');

    // A TRC20 address: empty fields are refused here, then it is saved and held until a time.
    await page.getByRole('link', { name: 'Add address' }).click();
    await waitForPath(page, '/pages/withdraw/create-address');
    const form = page.getByRole('form', { name: 'Add address' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByText('This field is required').first().waitFor();
    await expectAccessible(page, 'add address');
    await fillAddressForm(page, {
      coin: 'USDT',
      protocol: 'TRC20',
      address: TRC20,
      nickname: 'Tron wallet',
      fundPassword: FUND_PASSWORD,
    });
    await waitForPath(page, '/pages/withdraw/withdraw-address-list');
    const list = page.getByRole('list', { name: 'Address book' });
    const tron = list.getByTestId('withdraw-address').filter({ hasText: TRC20 });
    await tron.waitFor();
    await tron.getByText('TRON (TRC20)').waitFor();
    await tron.getByText('Tron wallet').waitFor();
    const [saved] = await savedAddresses(server, login.token);
    assert(saved, 'the server has no saved address');
    assert.equal(saved.state, 'holding');
    const held = tron.getByTestId('address-held');
    assert.match((await held.textContent()) ?? '', /^Usable from /);
    // Its two actions each on one line (not four lines of broken words).
    const lines = await tron
      .getByTestId('address-actions')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
    assert.deepEqual(lines, [1, 1], 'an address action wraps');
    assert.equal(Date.parse((await held.getAttribute('datetime')) ?? ''), saved.usableFrom);
    await expectAccessible(page, 'address book');
    await shot(page, 'withdraw-address-list');

    // ERC20: a wrong fund password is refused with the server's message beside the field.
    await page.getByRole('link', { name: 'Add address' }).click();
    await waitForPath(page, '/pages/withdraw/create-address');
    const erc = await fillAddressForm(page, {
      coin: 'USDT',
      protocol: 'ERC20',
      address: ERC20,
      nickname: 'Ledger',
      fundPassword: 'wrong-pass-1',
    });
    await erc.getByText('Incorrect fund password').waitFor();
    await erc.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
    await erc.getByRole('button', { name: 'Save address' }).click();
    await waitForPath(page, '/pages/withdraw/withdraw-address-list');
    await list.getByTestId('withdraw-address').filter({ hasText: ERC20 }).waitFor();
    assert.equal(await list.getByTestId('withdraw-address').count(), 2);

    // USDT by network: both networks, each with its address.
    await page.getByRole('link', { name: 'USDT by network' }).click();
    await waitForPath(page, '/pages/withdraw/withdraw-address');
    await page.getByRole('region', { name: 'TRON (TRC20)' }).getByText(TRC20).waitFor();
    await page.getByRole('region', { name: 'Ethereum (ERC20)' }).getByText(ERC20).waitFor();
    await page.getByText(/^Your next held USDT address can be used from /).waitFor();
    await expectAccessible(page, 'USDT addresses by network');
    await shot(page, 'withdraw-address-usdt');

    // Delete the TRC20 one with the fund password.
    await page.getByRole('link', { name: 'All addresses' }).click();
    await waitForPath(page, '/pages/withdraw/withdraw-address-list');
    await deleteAddress(page, list, 'Tron wallet');
    await list.getByTestId('withdraw-address').filter({ hasText: TRC20 }).waitFor({ state: 'detached' });
    assert.deepEqual(
      (await savedAddresses(server, login.token)).map((a) => a.address),
      [ERC20],
    );
  } finally {
    await context.close();
  }
}

async function noFundPassword({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('withdraw-nofund'));
  const context = await loggedInContext(browser, login, MOBILE);
  try {
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/withdraw/create-address`);
    const gate = page.getByTestId('fund-password-needed');
    await gate.getByRole('heading', { name: 'Set a fund password first' }).waitFor();
    assert.equal(await page.getByRole('form', { name: 'Add address' }).count(), 0);
    await expectAccessible(page, 'add address without a fund password');
    await gate.getByRole('link', { name: 'Set fund password' }).click();
    await waitForPath(page, '/pages/profile/security-center/payment-password');
    await page.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
    await page.getByLabel('Confirm fund password', { exact: true }).fill(FUND_PASSWORD);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Fund password set').first().waitFor();
    await page.goto(`${server.baseUrl}/pages/withdraw/create-address`);
    await page.getByRole('form', { name: 'Add address' }).waitFor();
  } finally {
    await context.close();
  }
}

async function desktopAddressBook({ browser, server }: JourneyContext) {
  const login = await userWithFundPassword(server, 'withdraw-desk');
  const context = await desktopContext(browser, { login, viewport: DESKTOP });
  try {
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/desktop/withdraw/index`);
    await page.getByRole('form', { name: 'Withdraw', exact: true }).waitFor();
    const book = page.getByRole('region', { name: 'Address book' });
    await book.getByText('No saved addresses yet.').waitFor();
    await fillAddressForm(book, {
      coin: 'USDT',
      protocol: 'TRC20',
      address: TRC20,
      nickname: 'Desk tron',
      fundPassword: FUND_PASSWORD,
    });
    const list = book.getByRole('list', { name: 'Address book' });
    const tron = list.getByTestId('withdraw-address').filter({ hasText: TRC20 });
    await tron.getByTestId('address-held').waitFor();
    // The form starts empty again for the next address.
    assert.equal(await book.getByLabel('Address', { exact: true }).inputValue(), '');
    await fillAddressForm(book, {
      coin: 'USDT',
      protocol: 'ERC20',
      address: ERC20,
      nickname: 'Desk eth',
      fundPassword: FUND_PASSWORD,
    });
    await list.getByTestId('withdraw-address').filter({ hasText: ERC20 }).waitFor();
    await expectAccessible(page, 'desktop withdraw address book');
    await shot(page, 'withdraw-desktop');
    await deleteAddress(page, list, 'Desk eth');
    await list.getByTestId('withdraw-address').filter({ hasText: ERC20 }).waitFor({ state: 'detached' });
    assert.deepEqual(
      (await savedAddresses(server, login.token)).map((a) => a.address),
      [TRC20],
    );
  } finally {
    await context.close();
  }
}

/** Saves an address through the API; the saved address. */
async function saveViaApi(server: Server, token: string, body: Record<string, string>): Promise<WithdrawAddress> {
  const saved = await api<WithdrawAddress>(
    server.baseUrl,
    '/asset/api/currencyAddress/insert',
    { fundPassword: FUND_PASSWORD, ...body },
    { token },
  );
  assert.equal(saved.code, 0, JSON.stringify(saved));
  return saved.data;
}

async function confirmByCode({ browser, server, earlyUser }: JourneyContext) {
  assert(earlyUser, 'no early user: the journey needs `earlyUser`');
  const { email, login: registered } = await earlyUser;
  const set = await api(
    server.baseUrl,
    '/asset/api/user/set-fund-password',
    { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    { token: registered.token },
  );
  assert.equal(set.code, 0, JSON.stringify(set));
  const login = { ...registered, user: { ...registered.user, hasFundPassword: true } };
  await saveViaApi(server, login.token, { currency: 'USDT', chainType: 'tron', address: TRC20, nickname: 'Held tron' });
  const context = await loggedInContext(browser, login, MOBILE);
  try {
    const page = await newPage(context);
    await page.goto(`${server.baseUrl}/pages/withdraw/withdraw-address-list`);
    const list = page.getByRole('list', { name: 'Address book' });
    const tron = list.getByTestId('withdraw-address').filter({ hasText: TRC20 });
    await tron.getByTestId('address-held').waitFor();
    await tron.getByRole('button', { name: 'Confirm Held tron now with a code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use this address now' });
    await dialog.waitFor();
    await expectAccessible(page, 'confirm address dialog');
    // One code per address every 60 s: the registration's code was sent when the run started.
    await waitForResendWindow(email);
    const sentAfter = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = await readCode(server.dataDir, email, { after: sentAfter });
    await dialog.getByLabel('Verification code').fill(code === '0000' ? '1111' : '0000');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    // A wrong code: the dialog stays open with the server's message.
    await dialog.getByText('Code Invalid').waitFor();
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await tron.getByText('Usable', { exact: true }).waitFor();
    assert.equal(await tron.getByRole('button', { name: /now with a code/ }).count(), 0);
    const [saved] = await savedAddresses(server, login.token);
    assert(saved, 'the server has no saved address');
    assert.equal(saved.state, 'usable');
    await shot(page, 'withdraw-address-confirmed');
  } finally {
    await context.close();
  }
}

/** The freeze link's token in the newest message to `to` (the new-address notice). */
function freezeLink(dataDir: string, to: string): URL {
  const dir = path.join(dataDir, 'outbox');
  const safeTo = to.replace(/[^A-Za-z0-9@.+_-]/g, '_');
  const newest = fs
    .readdirSync(dir)
    .filter((f) => f.includes(safeTo))
    .sort()
    .at(-1);
  assert(newest, `no message to ${to} in the outbox`);
  const link = /(https?:\/\/\S+\/pages\/withdraw\/freeze\?token=[A-Za-z0-9_-]+)/.exec(
    fs.readFileSync(path.join(dir, newest), 'utf8'),
  )?.[1];
  assert.ok(link, 'no freeze link in the new-address e-mail');
  return new URL(link);
}

async function freezeOnDesktop({ browser, server }: JourneyContext) {
  const login = await userWithFundPassword(server, 'withdraw-freeze');
  await saveViaApi(server, login.token, { currency: 'USDT', chainType: 'ethereum', address: ERC20 });
  assert(login.user.email, 'the user has no e-mail');
  const link = freezeLink(server.dataDir, login.user.email);
  // Opened from a mail client: no session on this browser.
  const context = await desktopContext(browser, { viewport: DESKTOP });
  try {
    const page = await newPage(context);
    // A link cut short says so, and offers nothing to press.
    await page.goto(`${server.baseUrl}/pages/withdraw/freeze`);
    await page.getByText('This link is incomplete. Open the link in the message again.').waitFor();
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    const freeze = page.getByTestId('withdraw-freeze');
    await freeze.getByRole('heading', { name: 'Freeze withdrawals' }).waitFor();
    await expectAccessible(page, 'freeze withdrawals page');
    await shot(page, 'withdraw-freeze');
    // Opening the link did nothing: the user is still signed in and not frozen.
    assert.equal((await api(server.baseUrl, '/asset/api/user/info', undefined, { token: login.token })).code, 0);
    await freeze.getByRole('button', { name: 'Freeze withdrawals' }).click();
    await page.getByTestId('withdraw-frozen').getByRole('heading', { name: 'Withdrawals are frozen' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/pages/withdraw/freeze');
    // Every session ended; the link works once.
    assert.equal((await api(server.baseUrl, '/asset/api/user/info', undefined, { token: login.token })).code, 301);
    assert.equal(
      (await api(server.baseUrl, '/asset/api/userwithdraw/freeze', { token: link.searchParams.get('token') })).code,
      1916,
    );
  } finally {
    await context.close();
  }
}

export const journeys: Journey[] = [
  {
    name: 'withdrawal address book on the phone: add TRC20 and ERC20 (held), a wrong fund password, by network, delete',
    fn: mobileAddressBook,
  },
  { name: 'withdrawal address book without a fund password leads to setting one', fn: noFundPassword },
  { name: 'withdrawal address book on the desktop page: add, list, delete', fn: desktopAddressBook },
  {
    name: 'a held withdrawal address confirmed at once with a code on the phone',
    fn: confirmByCode,
    earlyUser: 'withdraw-confirm',
  },
  {
    name: 'the "this wasn\'t me" link of a new address freezes withdrawals on the desktop, without a login',
    fn: freezeOnDesktop,
  },
];
