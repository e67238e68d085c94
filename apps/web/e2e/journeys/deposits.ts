/**
 * Deposits (docs/product.md §2 "Recharge", §3, §4; docs/deposits.md): the user's addresses with a real QR
 * code on the phone and the desktop, copied; the deposit records with a back-stage credit made
 * through the back office's four-eyes path.
 */
import assert from 'node:assert/strict';
import type { AccountListResult, Approval, DepositAddress, RechargeList } from '@app/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
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
import { type Operator, createOperatorWithCli, freshTotp } from '../harness/operators';
import { sendUsdt, startDevChain } from '../harness/chain';
import { endOwnServer, startServer } from '../harness/server';

/** The server's answer for the user's address (what the page must show and encode). */
async function depositAddress(server: Server, token: string, symbol: string, chain: string): Promise<DepositAddress> {
  const url = new URL('/asset/api/currency/get-deposit-address', server.baseUrl);
  url.search = new URLSearchParams({ symbol, chain }).toString();
  const json = (await (await fetch(url, { headers: { token, lang: 'en' } })).json()) as ApiReply<DepositAddress>;
  assert.equal(json.code, 0, JSON.stringify(json));
  return json.data;
}

/**
 * The dark modules of the QR code on the page, read from qrcode.react's SVG: its viewBox is the
 * code plus the quiet zone, and its last path draws each row's runs of dark modules
 * (`M<x> <y>h<n>v1H<x>z`).
 */
async function qrModules(scope: Locator): Promise<boolean[][]> {
  const svg = scope.getByTestId('deposit-qr');
  const { viewBox, d } = await svg.evaluate((el) => ({
    viewBox: el.getAttribute('viewBox'),
    d: [...el.querySelectorAll('path')].at(-1)?.getAttribute('d'),
  }));
  assert(viewBox && d, `the QR code's SVG has no viewBox or path: ${viewBox}, ${d}`);
  const total = Number(viewBox.split(' ')[2]);
  const margin = 4;
  const size = total - 2 * margin;
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const [, x, y, n] of d.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    const row = grid[Number(y) - margin];
    assert(row, `the QR code's row ${y} is outside its ${size} modules`);
    for (let i = 0; i < Number(n); i++) row[Number(x) - margin + i] = true;
  }
  return grid;
}

/**
 * Asserts that the page's QR code encodes `text`: the same text encoded by the `qrcode` package
 * (one byte-mode segment, level M, the smallest version) gives the same modules under one of the
 * eight masks (two encoders may weigh a tie between masks differently; the data is the same).
 */
async function expectQrEncodes(scope: Locator, text: string) {
  const shown = await qrModules(scope);
  const shownKey = shown.map((row) => row.map((c) => (c ? 1 : 0)).join('')).join('\n');
  for (const mask of [0, 1, 2, 3, 4, 5, 6, 7] as const) {
    // Its UTF-8 bytes, as qrcode makes of a string (@types/qrcode takes bytes only).
    const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], {
      errorCorrectionLevel: 'M',
      maskPattern: mask,
    });
    if (modules.size !== shown.length) continue;
    const rows: string[] = [];
    for (let r = 0; r < modules.size; r++) {
      let row = '';
      for (let c = 0; c < modules.size; c++) row += modules.get(r, c) ? '1' : '0';
      rows.push(row);
    }
    if (rows.join('\n') === shownKey) return;
  }
  assert.fail(`the QR code on the page (${shown.length}×${shown.length}) does not encode ${text}`);
}

/** The address card shows the server's address for the route, and its QR code encodes `qrText`. */
async function expectAddress(page: Page, server: Server, token: string, symbol: string, chain: string) {
  const expected = await depositAddress(server, token, symbol, chain);
  const card = page.locator(`[data-testid=deposit-card][data-chain=${chain}]`);
  await card.waitFor();
  assert.equal(await card.getByTestId('deposit-address').textContent(), expected.address);
  await expectQrEncodes(card, expected.qrText);
  // The check tells codes apart: one character more is another code.
  await assert.rejects(expectQrEncodes(card, `${expected.qrText}0`), /does not encode/);
  return { card, expected };
}

/** Copies the address with the button: "Copied" shows, and the clipboard holds the address. */
async function copyAddress(page: Page, card: Locator, address: string) {
  await card.getByRole('button', { name: 'Copy address' }).click();
  await card.getByRole('status').getByText('Copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);
}

async function mobileDeposit({ browser, server }: JourneyContext) {
  const login = await registerViaApi(server, uniqueEmail('deposit'));
  const context = await loggedInContext(browser, login);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  const page = await newPage(context);
  await page.goto(`${server.baseUrl}/pages/home/index`);
  await page.getByRole('link', { name: 'Deposit', exact: true }).click();
  await waitForPath(page, '/pages/recharge/index');

  // Pick a coin: those to deposit first, the rest under their heading, one without a network saying so.
  const coins = page.getByRole('list', { name: 'Choose the coin to deposit' });
  await coins.getByRole('link', { name: /^USDT/ }).waitFor();
  const others = page.getByRole('list', { name: 'Not available for deposit yet' });
  const noNetwork = others.getByTestId('deposit-coin').filter({ hasText: 'No network yet' });
  assert((await noNetwork.count()) > 0, 'a coin without a network is not listed as such');
  await expectAccessible(page, 'deposit: coins');
  await coins.getByRole('link', { name: /^USDT/ }).click();
  await page.getByTestId('deposit-symbol').getByText('USDT').waitFor();

  // Then a network: ERC20, the address and its QR code, the minimum, the confirmations, the warning.
  await page.getByRole('radio', { name: 'ERC20' }).check();
  const erc20 = await expectAddress(page, server, login.token, 'USDT', 'ethereum');
  assert.match(erc20.expected.address, /^0x[0-9a-fA-F]{40}$/);
  assert.match(erc20.expected.qrText, /^ethereum:0x[0-9a-fA-F]{40}\/transfer\?address=0x/);
  await erc20.card.getByTestId('deposit-minimum').getByText('20 USDT').waitFor();
  await erc20.card.getByTestId('deposit-confirmations').getByText('12 blocks').waitFor();
  await erc20.card
    .getByRole('note')
    .getByText(
      'Send only USDT on the Ethereum (ERC20) network to this address. Coins sent on another network are lost.',
    )
    .waitFor();
  await erc20.card.getByRole('img', { name: 'QR code of your USDT deposit address on Ethereum (ERC20)' }).waitFor();
  await copyAddress(page, erc20.card, erc20.expected.address);
  await expectAccessible(page, 'deposit: USDT on ERC20');
  await shot(page, 'deposit-usdt-erc20');

  // TRC20: another address, a TRON one.
  await page.getByRole('radio', { name: 'TRC20' }).check();
  const trc20 = await expectAddress(page, server, login.token, 'USDT', 'tron');
  assert.match(trc20.expected.address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  assert.notEqual(trc20.expected.address, erc20.expected.address);
  await trc20.card.getByTestId('deposit-confirmations').getByText('20 blocks').waitFor();
  await copyAddress(page, trc20.card, trc20.expected.address);
  assert.equal(new URL(page.url()).searchParams.get('chain'), 'tron');

  // Another coin: Bitcoin's bc1… address, its QR code a BIP-21 URI.
  await page.getByRole('link', { name: 'Change coin' }).click();
  await waitForPath(page, '/pages/recharge/recharge-list');
  await page.getByRole('link', { name: /^BTC/ }).click();
  await waitForPath(page, '/pages/recharge/index');
  const btc = await expectAddress(page, server, login.token, 'BTC', 'bitcoin');
  assert.match(btc.expected.address, /^bc1q[02-9ac-hj-np-z]{38}$/);
  assert.equal(btc.expected.qrText, `bitcoin:${btc.expected.address}`);
  await btc.card.getByTestId('deposit-minimum').getByText('0.0005 BTC').waitFor();
  await expectAccessible(page, 'deposit: BTC');

  // A browser that refuses to copy: no error, the address is selected to copy by hand.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    document.execCommand = () => false;
  });
  await btc.card.getByRole('button', { name: 'Copy address' }).click();
  await btc.card.getByRole('status').getByText('The address could not be copied here').waitFor();
  assert.equal(await page.evaluate(() => window.getSelection()?.toString()), btc.expected.address);

  // A coin with no network yet: said so, no error.
  const symbol = await (async () => {
    await page.getByRole('link', { name: 'Change coin' }).click();
    const row = page.getByTestId('deposit-coin').filter({ hasText: 'No network yet' }).first();
    const s = await row.getAttribute('data-symbol');
    await row.click();
    return s;
  })();
  await page
    .getByTestId('deposit-state')
    .getByText(`Deposits of ${symbol} are not possible yet: it has no deposit network.`)
    .waitFor();

  // No deposits yet.
  await page.goto(`${server.baseUrl}/pages/recharge/recharge-records`);
  await page.getByText('No deposits yet.').waitFor();
  await expectAccessible(page, 'deposit records (none)');
  await context.close();
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

/**
 * Records: back-stage deposits made the only way an operator can credit a user's real account
 * (four eyes: one finance operator asks, another approves; docs/back-office.md). 21 of them, so
 * the records come in two pages. The phone shows them with channel "Back stage" and status
 * "Success", page by page; the desktop page shows the address, QR code and copy beside the same
 * records in a table.
 */
async function records({ browser }: JourneyContext) {
  // Their secrets: set in `before` (the CLI prints them).
  const asker: Operator = {
    email: 'deposit.asker@example.com',
    password: 'deposit-asker-pass-1',
    role: 'finance',
    secret: '',
  };
  const approver: Operator = {
    email: 'deposit.approver@example.com',
    password: 'deposit-approver-pass-1',
    role: 'finance',
    secret: '',
  };
  const server = await startServer({
    before: async (env) => {
      Object.assign(asker, await createOperatorWithCli(env, asker));
      Object.assign(approver, await createOperatorWithCli(env, approver));
    },
  });
  const contexts: BrowserContext[] = [];
  try {
    const login = await registerViaApi(server, uniqueEmail('deposit-records'));
    const [askToken, approveToken] = [await operatorToken(server, asker), await operatorToken(server, approver)];
    const credit = async (amount: string) => {
      const asked = await api<Approval>(
        server.baseUrl,
        '/admin/api/approvals/request-credit',
        { uid: login.user.uid, asset: 'USDT', amount, note: 'deposit by bank transfer' },
        { token: askToken },
      );
      assert.equal(asked.code, 0, JSON.stringify(asked));
      const done = await api<Approval>(
        server.baseUrl,
        '/admin/api/approvals/decide',
        { id: asked.data.id, approve: true },
        { token: approveToken },
      );
      assert.equal(done.code, 0, JSON.stringify(done));
      assert.equal(done.data.decision, 'approved');
    };
    for (let i = 1; i <= 20; i++) await credit(String(i));
    await credit('150.5');

    // The phone: newest first, 20 a page.
    const phone = await loggedInContext(browser, login, MOBILE);
    contexts.push(phone);
    const page = await newPage(phone);
    await page.goto(`${server.baseUrl}/pages/recharge/index?symbol=USDT`);
    await page.getByRole('link', { name: 'Deposit records' }).click();
    await waitForPath(page, '/pages/recharge/recharge-records');
    const list = page.getByRole('list', { name: 'Deposit records' });
    const first = list.getByTestId('deposit-record').first();
    await first.waitFor();
    assert.equal(await list.getByTestId('deposit-record').count(), 20);
    assert.equal(await first.getAttribute('data-channel'), 'back_stage');
    await first.getByText('150.5 USDT').first().waitFor();
    await first.getByText('USDT · Back stage').waitFor();
    await first.getByTestId('deposit-status').getByText('Success').waitFor();
    await expectAccessible(page, 'deposit records');
    await shot(page, 'deposit-records');
    await page.getByRole('button', { name: 'Load more' }).click();
    await list.getByTestId('deposit-record').nth(20).waitFor();
    assert.equal(await list.getByTestId('deposit-record').count(), 21);
    assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
    await list.getByTestId('deposit-record').nth(20).getByText('1 USDT').first().waitFor();

    // The desktop page: pickers, address, QR code and copy, the records in a table.
    const desk = await desktopContext(browser, { login, viewport: DESKTOP });
    contexts.push(desk);
    await desk.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/recharge/index`);
    await desktop.getByLabel('Coin').selectOption('USDT');
    await desktop.getByRole('radio', { name: 'ERC20' }).check();
    const erc20 = await expectAddress(desktop, server, login.token, 'USDT', 'ethereum');
    await copyAddress(desktop, erc20.card, erc20.expected.address);
    await desktop.getByRole('radio', { name: 'TRC20' }).check();
    const trc20 = await expectAddress(desktop, server, login.token, 'USDT', 'tron');
    assert.match(trc20.expected.address, /^T/);
    await desktop.getByLabel('Coin').selectOption('BTC');
    const btc = await expectAddress(desktop, server, login.token, 'BTC', 'bitcoin');
    assert.match(btc.expected.address, /^bc1q/);
    const table = desktop.getByRole('table', { name: 'Deposit records' });
    const row = table.getByTestId('deposit-record').first();
    await row.getByRole('cell', { name: 'Back stage', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Success', exact: true }).waitFor();
    await row.getByRole('cell', { name: '150.5', exact: true }).first().waitFor();
    assert.equal(await table.getByTestId('deposit-record').count(), 20);
    await expectAccessible(desktop, 'desktop deposit');
    await desktop.evaluate(() => window.scrollTo(0, 0));
    await shot(desktop, 'deposit-desktop');
    await desktop.getByRole('button', { name: 'Load more' }).click();
    await table.getByTestId('deposit-record').nth(20).waitFor();

    // The same records through the API (docs/product.md §3's fields).
    const url = new URL('/asset/api/userrechange/list', server.baseUrl);
    url.search = 'page=1&size=1';
    const listed = (await (
      await fetch(url, { headers: { token: login.token, lang: 'en' } })
    ).json()) as ApiReply<RechargeList>;
    assert.equal(listed.data.total, 21);
    assert.deepEqual(
      {
        amount: listed.data.items[0]?.amount,
        channel: listed.data.items[0]?.channel,
        status: listed.data.items[0]?.status,
      },
      { amount: '150.500000', channel: 'back_stage', status: 'success' },
    );
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
  }
}

/**
 * A real deposit on a local chain (anvil): the user sends 25 test USDT to the address the phone
 * shows; the records say "in progress" with the confirmations counted as blocks are mined, then
 * "success"; the balance has it, on the phone and the desktop.
 */
async function onChain({ browser }: JourneyContext) {
  const chain = await startDevChain();
  let server: Server | undefined;
  const contexts: BrowserContext[] = [];
  try {
    server = await startServer({
      env: {
        ETHEREUM_RPC_URL: chain.rpcUrl,
        ETHEREUM_CHAIN_ID: '31337',
        ETHEREUM_START_BLOCK: '0',
        DEPOSIT_USDT_ETHEREUM_CONTRACT: chain.token,
        DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: '3',
        CHAIN_POLL_MS: '200',
      },
    });
    const login = await registerViaApi(server, uniqueEmail('deposit-chain'));
    const phone = await loggedInContext(browser, login, MOBILE);
    contexts.push(phone);
    const page = await newPage(phone);
    await page.goto(`${server.baseUrl}/pages/recharge/index?symbol=USDT`);
    await page.getByRole('radio', { name: 'ERC20' }).check();
    const { expected } = await expectAddress(page, server, login.token, 'USDT', 'ethereum');

    await sendUsdt(chain, expected.address, '25');
    await page.goto(`${server.baseUrl}/pages/recharge/recharge-records`);
    const record = page.getByRole('list', { name: 'Deposit records' }).getByTestId('deposit-record').first();
    // The watcher polls every 200 ms; the page reads the records when opened.
    for (let i = 0; i < 50 && (await record.count()) === 0; i++) {
      await page.waitForTimeout(200);
      await page.reload();
    }
    await record.getByTestId('deposit-status').getByText('In progress').waitFor();
    await record.getByText('1 of 3 confirmations').waitFor();
    assert.equal(await record.getAttribute('data-channel'), 'terminal');
    await expectAccessible(page, 'deposit in progress');
    await shot(page, 'deposit-in-progress');

    await chain.mine(2);
    for (
      let i = 0;
      i < 50 && (await record.getByTestId('deposit-status').getAttribute('data-status')) !== 'success';
      i++
    ) {
      await page.waitForTimeout(200);
      await page.reload();
      await record.waitFor();
    }
    await record.getByTestId('deposit-status').getByText('Success').waitFor();
    await record.getByText('25 USDT').first().waitFor();

    const accounts = await api<AccountListResult>(server.baseUrl, '/asset/api/account/list', undefined, {
      token: login.token,
    });
    const usdt = accounts.data.wallets.find((w) => w.wallet === 'currency')?.balances.find((b) => b.asset === 'USDT');
    assert(usdt, `no USDT in the currency account: ${JSON.stringify(accounts.data)}`);
    assert.equal(usdt.available, '25.000000');

    // The desktop page shows the same record, credited.
    const desk = await desktopContext(browser, { login, viewport: DESKTOP });
    contexts.push(desk);
    const desktop = await newPage(desk);
    await desktop.goto(`${server.baseUrl}/pages/desktop/recharge/index`);
    const row = desktop.getByRole('table', { name: 'Deposit records' }).getByTestId('deposit-record').first();
    await row.getByRole('cell', { name: 'Success', exact: true }).waitFor();
    await expectAccessible(desktop, 'desktop deposit on chain');
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
    await chain.stop();
  }
}

export const journeys: Journey[] = [
  {
    name: 'deposit (mobile): from home, USDT on ERC20 and TRC20, BTC: the addresses with QR codes that encode them, copied; a coin without a network says so',
    fn: mobileDeposit,
  },
  {
    name: 'deposit on chain: USDT sent on a local chain to the address the phone shows is counted up and credited; the desktop shows it',
    fn: onChain,
    slow: true,
  },
  {
    name: 'deposit records: back-stage credits through four eyes, on the phone page by page and on the desktop page beside the address',
    fn: records,
  },
];
