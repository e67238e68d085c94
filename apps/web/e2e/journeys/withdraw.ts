/**
 * Withdrawals end to end (docs/product.md §2 "Withdraw", §3; issue 18; docs/withdrawals.md): a user with a fund
 * password, a saved ERC20 address (usable at once: WITHDRAW_ADDRESS_HOLD_HOURS=0) and USDT credited
 * through the back office's four eyes opens Withdraw from the assets page, sees the fee and the
 * expected receipt, confirms with the fund password (a wrong one first) and sees the withdrawal
 * Processing in the history; an operator approves it on the back office's withdrawals page; the
 * signer sends it on a local chain (anvil) from a hot wallet holding test USDT; blocks are mined and
 * the history shows it Sent with its confirmations, then Completed with the fee and the transaction
 * hash, which carried the expected receipt to the address. On the phone (390×844), then on the
 * desktop page (1440×900) with the history beside the form. Also: a coin's network without a signer
 * says honestly that withdrawals are not available there.
 */
import assert from 'node:assert/strict';
import type {
  AccountListResult,
  Approval,
  LoginResult,
  WithdrawAddress,
  WithdrawFeeInfo,
  WithdrawalPage,
} from '@app/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { ROOT } from '../harness/config';
import { type DevChain, startDevChain } from '../harness/chain';
import { endOwnServer, startServer } from '../harness/server';

const FUND_PASSWORD = 'fund-pass-1';
/** anvil's dev account 9 (its default mnemonic): 10,000 ETH for gas and, once the test USDT is deployed, its USDT. */
const HOT_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const CONFIRMATIONS = 2;
/** The addresses the two users withdraw to (nobody's deposit address), each its own so their receipts are told apart. */
const PHONE_TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DESK_TO = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

/* USDT amounts as the server writes them ("30.000000"), exactly, as bigint of its 6 decimals. */
const USDT_SCALE = 6;
const units = (text: string) => {
  const [int = '', frac = ''] = text.split('.');
  return BigInt(int) * 10n ** BigInt(USDT_SCALE) + BigInt(frac.padEnd(USDT_SCALE, '0').slice(0, USDT_SCALE));
};
/** As the page writes an amount (formatExact, English): no trailing zeros. */
const plain = (u: bigint) => {
  const int = u / 10n ** BigInt(USDT_SCALE);
  const frac = (u % 10n ** BigInt(USDT_SCALE)).toString().padStart(USDT_SCALE, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
};

/**
 * Copies of the built web app and back office for this journey's server: a build made meanwhile (by
 * `build-web-if-changed` in another run) replaces the files under a page that is loading; the copy
 * does not change. Answers the folders and a removal.
 */
function distCopies() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'withdraw-dist-'));
  const copy = (from: string, name: string) => {
    const to = path.join(root, name);
    fs.cpSync(path.join(ROOT, from), to, { recursive: true, filter: (f) => !f.endsWith('.map') });
    // A copy taken in the middle of a build would lack the scripts its index.html names.
    for (const [, file = ''] of fs
      .readFileSync(path.join(to, 'index.html'), 'utf8')
      .matchAll(/src="\/(?:admin\/)?(assets\/[^"]+)"/g)) {
      assert(
        fs.existsSync(path.join(to, file)),
        `${from} changed while it was copied (${file}): run the journey again`,
      );
    }
    return to;
  };
  return {
    web: copy('apps/web/dist', 'web'),
    admin: copy('apps/admin/dist', 'admin'),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** An operator signs in to the back office through the API: e-mail, password, a fresh code. */
async function operatorToken(server: Server, operator: Operator) {
  const { code } = await freshTotp(operator.secret);
  const res = await api<{ token: string }>(server.baseUrl, '/admin/api/auth/login', {
    email: operator.email,
    password: operator.password,
    totp: code,
  });
  assert.equal(res.code, 0, JSON.stringify(res));
  return res.data.token;
}

async function getJson<T = unknown>(
  server: Server,
  path: string,
  token: string,
  query: Record<string, string>,
): Promise<T> {
  const url = new URL(path, server.baseUrl);
  url.search = new URLSearchParams(query).toString();
  const json = (await (await fetch(url, { headers: { token, lang: 'en' } })).json()) as ApiReply<T>;
  assert.equal(json.code, 0, JSON.stringify(json));
  return json.data;
}

/**
 * A user ready to withdraw: registered, a fund password, `credit` USDT credited by one finance
 * operator asking and another approving (the only way to credit a real account), and `to` saved as
 * an ERC20 USDT address (usable at once here).
 */
async function readyUser(
  server: Server,
  tag: string,
  {
    askToken,
    approveToken,
    credit,
    to,
    nickname,
  }: { askToken: string; approveToken: string; credit: string; to: string; nickname: string },
): Promise<LoginResult> {
  const login = await registerViaApi(server, uniqueEmail(tag));
  const set = await api(
    server.baseUrl,
    '/asset/api/user/set-fund-password',
    { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    { token: login.token },
  );
  assert.equal(set.code, 0, JSON.stringify(set));
  const asked = await api<Approval>(
    server.baseUrl,
    '/admin/api/approvals/request-credit',
    { uid: login.user.uid, asset: 'USDT', amount: credit, note: 'deposit by bank transfer' },
    { token: askToken },
  );
  assert.equal(asked.code, 0, JSON.stringify(asked));
  const done = await api(
    server.baseUrl,
    '/admin/api/approvals/decide',
    { id: asked.data.id, approve: true },
    { token: approveToken },
  );
  assert.equal(done.code, 0, JSON.stringify(done));
  const saved = await api<WithdrawAddress>(
    server.baseUrl,
    '/asset/api/currencyAddress/insert',
    { currency: 'USDT', chainType: 'ethereum', address: to, nickname, fundPassword: FUND_PASSWORD },
    { token: login.token },
  );
  assert.equal(saved.code, 0, JSON.stringify(saved));
  assert.equal(saved.data.state, 'usable');
  return { ...login, user: { ...login.user, hasFundPassword: true } };
}

/**
 * Fills the withdraw form in `scope` (USDT on ERC20 to the saved address, `amount`), checks the
 * fee and expected receipt it shows against the server's, and submits: the confirmation dialog
 * shows the same figures. A wrong fund password is refused in the dialog; the right one sends it.
 */
async function withdrawThroughForm(
  page: Page,
  scope: Page | Locator,
  server: Server,
  token: string,
  { amount, nickname, shotName }: { amount: string; nickname: string; shotName: string },
) {
  const fee = await getJson<WithdrawFeeInfo>(server, '/asset/api/userwithdraw/withdraw-fee', token, {
    currency: 'USDT',
    chainType: 'ethereum',
  });
  assert.equal(fee.available, true, JSON.stringify(fee));
  assert(units(fee.minAmount) <= units(amount), `the minimum ${fee.minAmount} is above ${amount}`);
  const feeUnits = units(fee.fee);
  const receive = plain(units(amount) - feeUnits);
  const form = scope.getByRole('form', { name: 'Withdraw', exact: true });
  await form.getByLabel('Coin').selectOption('USDT');
  await form.getByRole('radio', { name: 'ERC20' }).check();
  const address = form.getByLabel('Withdrawal address');
  await address.waitFor();
  assert.match((await address.locator('option:checked').textContent()) ?? '', new RegExp(`^${nickname} · `));
  await form.getByText(`Available: ${plain(units(fee.balance))} USDT. The fee is taken from this amount.`).waitFor();

  // The form's own checks (minimum, maximum, balance, what is left today) and its fee maths are
  // component tests (withdraw-form.test.tsx); here: the server's fee and what the address receives.
  await form.getByLabel('Amount').fill(amount);
  assert.equal(await form.getByTestId('withdraw-fee').textContent(), `${plain(feeUnits)} USDT`);
  assert.equal(await form.getByTestId('withdraw-receive').textContent(), `${receive} USDT`);
  await expectAccessible(page, 'withdraw form');
  await shot(page, shotName);
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('confirm-amount').locator('dd').textContent(), `${amount} USDT`);
  assert.equal(await dialog.getByTestId('confirm-fee').locator('dd').textContent(), `${plain(feeUnits)} USDT`);
  assert.equal(await dialog.getByTestId('confirm-receive').locator('dd').textContent(), `${receive} USDT`);
  await dialog.getByTestId('confirm-network').getByText('Ethereum (ERC20)').waitFor();
  await dialog.getByLabel('Fund password', { exact: true }).fill('not-the-one-1');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.getByText('Incorrect fund password').waitFor();
  await expectAccessible(page, 'withdraw confirmation');
  await dialog.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return { fee: plain(feeUnits), receive };
}

/** The back office's withdrawals page (already signed in): approves withdrawal `number` after its confirm step. */
async function approveInBackOffice(admin: Page, server: Server, number: string) {
  await admin.goto(`${server.baseUrl}/admin/withdrawals`);
  await admin.getByRole('button', { name: `Approve withdrawal ${number}` }).click();
  await admin.getByRole('button', { name: `Confirm: approve withdrawal ${number}` }).click();
  await admin.getByRole('button', { name: `Approve withdrawal ${number}` }).waitFor({ state: 'detached' });
}

/**
 * Follows `record` (a history entry that refreshes by itself) while the signer sends it and blocks
 * are mined: Approved or Sent, then "1 of 2 confirmations", then Completed.
 */
async function followToCompleted(chain: DevChain, record: Locator) {
  const state = record.getByTestId('withdrawal-state');
  // The signer polls every 200 ms; the transaction waits in anvil's pool until a block is mined.
  await record.getByTestId('withdrawal-tx').waitFor({ timeout: 30_000 });
  assert.equal(await state.getAttribute('data-state'), 'broadcast');
  await state.getByText(/^Sent/).waitFor();
  await chain.mine(1);
  await state.getByText(`Sent · 1 of ${CONFIRMATIONS} confirmations`).waitFor({ timeout: 30_000 });
  await chain.mine(1);
  await state.getByText('Completed').waitFor({ timeout: 30_000 });
}

/** The user's withdrawal `number` as the server lists it. */
async function listed(server: Server, token: string, number: string) {
  const page = await getJson<WithdrawalPage>(server, '/asset/api/userwithdraw/list', token, { page: '1', size: '20' });
  const found = page.items.find((w) => w.number === number);
  assert(found, `withdrawal ${number} is not listed`);
  return found;
}

async function journey({ browser }: JourneyContext) {
  // Their secrets: set in `before` (the CLI prints them).
  const asker: Operator = {
    email: 'withdraw.asker@example.com',
    password: 'withdraw-asker-pass-1',
    role: 'finance',
    secret: '',
  };
  const approver: Operator = {
    email: 'withdraw.approver@example.com',
    password: 'withdraw-approver-pass-1',
    role: 'finance',
    secret: '',
  };
  const reviewer: Operator = {
    email: 'withdraw.reviewer@example.com',
    password: 'withdraw-reviewer-pass-1',
    role: 'finance',
    secret: '',
  };
  const dist = distCopies();
  const chain = await startDevChain();
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      env: {
        WEB_DIST: dist.web,
        ADMIN_DIST: dist.admin,
        ETHEREUM_RPC_URL: chain.rpcUrl,
        ETHEREUM_CHAIN_ID: '31337',
        ETHEREUM_START_BLOCK: '0',
        CHAIN_POLL_MS: '200',
        DEPOSIT_USDT_ETHEREUM_CONTRACT: chain.token,
        DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
        WITHDRAW_HOT_KEY_EVM: HOT_KEY,
        WITHDRAW_SIGNER_POLL_MS: '200',
        WITHDRAW_ADDRESS_HOLD_HOURS: '0',
        WITHDRAW_SECURITY_LOCK_HOURS: '0',
        // A fee to see taken (new users' free months would make it 0; the waiver's wording has unit tests).
        WITHDRAW_FEE_FREE_MONTHS: '0',
      },
      before: async (env) => {
        for (const op of [asker, approver, reviewer]) Object.assign(op, await createOperatorWithCli(env, op));
      },
    });
    const [askToken, approveToken] = [await operatorToken(server, asker), await operatorToken(server, approver)];
    const phoneUser = await readyUser(server, 'withdraw-phone', {
      askToken,
      approveToken,
      credit: '100',
      to: PHONE_TO,
      nickname: 'Cold wallet',
    });
    const deskUser = await readyUser(server, 'withdraw-desk', {
      askToken,
      approveToken,
      credit: '100',
      to: DESK_TO,
      nickname: 'Desk wallet',
    });

    // The back office, signed in once by the reviewer (another finance operator).
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    contexts.push(adminContext);
    const admin = await newPage(adminContext);
    await signInOperator(admin, server.baseUrl, reviewer, (await freshTotp(reviewer.secret)).code);
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();

    /* ----- The phone ----- */
    const phone = await loggedInContext(browser, phoneUser, MOBILE);
    contexts.push(phone);
    await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const page = await newPage(phone);
    await page.goto(`${server.baseUrl}/pages/assets/index`);
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await waitForPath(page, '/pages/withdraw/withdraw');

    // TRON has no signer here: said so, with the reason, no form.
    await page.getByRole('radio', { name: 'TRC20' }).check();
    const blocked = page.getByTestId('withdraw-blocked');
    await blocked.getByText('Withdrawals on TRON are not offered yet: we do not send on this network.').waitFor();
    assert.equal(await blocked.getAttribute('data-reason'), 'chain_unsupported');
    assert.equal(await page.getByLabel('Amount').count(), 0);
    await expectAccessible(page, 'withdraw: not available on TRON');

    const phoneFigures = await withdrawThroughForm(page, page, server, phoneUser.token, {
      amount: '30',
      nickname: 'Cold wallet',
      shotName: 'withdraw-form',
    });
    await waitForPath(page, '/pages/withdraw/withdraw-history');
    const list = page.getByRole('list', { name: 'Withdrawal history' });
    const record = list.getByTestId('withdrawal-record').first();
    await record.getByTestId('withdrawal-state').getByText('Processing').waitFor();
    assert.equal(await record.getByTestId('withdrawal-fee').textContent(), `${phoneFigures.fee} USDT`);
    assert.equal(await record.getByTestId('withdrawal-receive').textContent(), `${phoneFigures.receive} USDT`);
    await record.getByText(PHONE_TO).waitFor();
    await record.getByRole('button', { name: /^Cancel withdrawal / }).waitFor();
    const number = await record.getAttribute('data-number');
    assert(number, 'the withdrawal record has no number');
    await expectAccessible(page, 'withdrawal history: processing');
    await shot(page, 'withdraw-history-processing');
    // The balance: the amount is held while the withdrawal waits.
    const accounts = await api<AccountListResult>(server.baseUrl, '/asset/api/account/list', undefined, {
      token: phoneUser.token,
    });
    assert.equal(
      accounts.data.wallets.find((w) => w.wallet === 'currency')?.balances.find((b) => b.asset === 'USDT')?.available,
      '70.000000',
    );

    await approveInBackOffice(admin, server, number);
    await followToCompleted(chain, record);
    const done = await listed(server, phoneUser.token, number);
    assert.equal(done.state, 'completed');
    assert.equal(await record.getByTestId('withdrawal-tx').textContent(), done.txHash);
    assert.equal(await record.getByTestId('withdrawal-fee').textContent(), `${phoneFigures.fee} USDT`);
    assert.equal(await record.getByRole('button', { name: /^Cancel withdrawal / }).count(), 0);
    assert.equal(await chain.usdtOf(PHONE_TO), units(phoneFigures.receive));
    await record.getByRole('button', { name: `Copy transaction hash of ${number}` }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), done.txHash);
    await expectAccessible(page, 'withdrawal history: completed');
    await shot(page, 'withdraw-history-completed');

    // Back to the withdraw page (the history was opened from it), which links to the history.
    await page.goBack();
    await waitForPath(page, '/pages/withdraw/withdraw');
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await waitForPath(page, '/pages/withdraw/withdraw-history');
    await list
      .getByTestId('withdrawal-record')
      .first()
      .getByTestId('withdrawal-state')
      .getByText('Completed')
      .waitFor();

    /* ----- The desktop ----- */
    const desk = await desktopContext(browser, { login: deskUser, viewport: DESKTOP });
    contexts.push(desk);
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/asset/index`);
    await desktop.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await waitForPath(desktop, '/pages/desktop/withdraw/index');
    const history = desktop.getByRole('region', { name: 'Withdrawal history' });
    await history.getByText('No withdrawals yet.').waitFor();
    const deskFigures = await withdrawThroughForm(
      desktop,
      desktop.getByRole('region', { name: 'Withdraw', exact: true }),
      server,
      deskUser.token,
      { amount: '45.5', nickname: 'Desk wallet', shotName: 'withdraw-desktop-form' },
    );
    const row = history.getByTestId('withdrawal-record').first();
    await row.getByTestId('withdrawal-state').getByText('Processing').waitFor();
    assert.equal(await row.getByTestId('withdrawal-receive').textContent(), `${deskFigures.receive} USDT`);
    // The form starts again, empty.
    assert.equal(
      await desktop.getByRole('form', { name: 'Withdraw', exact: true }).getByLabel('Amount').inputValue(),
      '',
    );
    const deskNumber = await row.getAttribute('data-number');
    assert(deskNumber, 'the withdrawal record has no number');
    await expectAccessible(desktop, 'desktop withdraw: processing');
    await shot(desktop, 'withdraw-desktop-processing');

    await approveInBackOffice(admin, server, deskNumber);
    await followToCompleted(chain, row);
    const deskDone = await listed(server, deskUser.token, deskNumber);
    assert.equal(await row.getByTestId('withdrawal-tx').textContent(), deskDone.txHash);
    assert.equal(await row.getByTestId('withdrawal-fee').textContent(), `${deskFigures.fee} USDT`);
    assert.equal(await chain.usdtOf(DESK_TO), units(deskFigures.receive));
    await expectAccessible(desktop, 'desktop withdraw: completed');
    await shot(desktop, 'withdraw-desktop-completed');

    // The history page of its own, and back to the form.
    await desktop.getByRole('link', { name: 'History', exact: true }).click();
    await waitForPath(desktop, '/pages/desktop/withdraw/components/history');
    await desktop
      .getByRole('region', { name: 'Withdrawal history' })
      .getByTestId('withdrawal-record')
      .first()
      .getByText('Completed')
      .waitFor();
    await expectAccessible(desktop, 'desktop withdrawal history');
    await desktop.getByRole('link', { name: 'New withdrawal' }).click();
    await waitForPath(desktop, '/pages/desktop/withdraw/index');
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
    await chain.stop();
    dist.remove();
  }
}

export const journeys: Journey[] = [
  {
    name: 'withdraw on the phone and the desktop: fee and expected receipt, confirmed with the fund password, Processing, approved in the back office, sent on a local chain, Completed with the fee and tx hash',
    fn: journey,
    slow: true,
  },
];
