/**
 * The embedded default runs the whole product (issue 34; docs/deposits.md "The development chain"):
 * on a server started as `npm start` starts it (the embedded database, no chain settings: it runs
 * its own development chain), a user opens Deposit on the phone (390×844), reads that these are test
 * coins, sends test USDT to their own address with the page's button and sees it confirmed and
 * credited; on the desktop (1440×900) the deposit card says the same, and they withdraw part of it
 * to an address on that chain: an operator approves (a first withdrawal is reviewed), the signer
 * pays it out with the development hot wallet, the history shows it Completed and the address holds
 * it on the chain.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AdminWithdrawalList, WithdrawAddress } from '@app/contract';
import { desktopContext } from '../harness/browser';
import {
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
} from '../harness';
import { type Operator, createOperatorWithCli, freshTotp } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

const FUND_PASSWORD = 'fund-pass-1';
/** Where the user withdraws to: an address of nobody here. */
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A USDT amount as the page writes it ("0", "4.5"), exactly, in base units (6 decimals). */
function units(text: string): bigint {
  assert.match(text, /^\d+(\.\d{1,6})?$/, `not a USDT amount: ${text}`);
  const [int = '', frac = ''] = text.split('.');
  return BigInt(int) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/** The development chain's node, from the line the server logs when it starts it. */
function chainRpcUrl(server: Server): string {
  const line = fs
    .readFileSync(server.logFile, 'utf8')
    .split('\n')
    .find((l) => l.includes('DEVELOPMENT CHAIN'));
  const url = line ? (JSON.parse(line) as { rpcUrl?: string }).rpcUrl : undefined;
  assert(url, 'the server did not log its development chain');
  return url;
}

/** The test USDT `address` holds on the chain at `rpcUrl`, in base units. */
async function usdtOf(rpcUrl: string, token: string, address: string): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: token, data: `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'],
    }),
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

async function journey({ browser }: JourneyContext) {
  const operator: Operator = {
    email: 'devchain.finance@example.com',
    password: 'devchain-finance-pass-1',
    role: 'finance',
    secret: '',
  };
  let server: Server | undefined;
  try {
    server = await startServer({
      env: {
        // As `npm start` runs: the embedded database (also in the PostgreSQL run) and so its own chain.
        DATABASE_URL: '',
        DEV_CHAIN: 'true',
        // The saved address is usable at once (its hold and early confirmation have journeys of their own).
        WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      },
      before: async (env) => {
        Object.assign(operator, await createOperatorWithCli(env, operator));
      },
    });
    const { baseUrl } = server;
    const login = await registerViaApi(server, uniqueEmail('devchain'));

    /* ----- Deposit with the button, on the phone ----- */
    const phone = await loggedInContext(browser, login, MOBILE);
    const page = await newPage(phone);
    await page.goto(`${baseUrl}/pages/recharge/index?symbol=USDT&chain=ethereum`);
    const card = page.locator('[data-testid=deposit-card][data-chain=ethereum]');
    const panel = card.getByTestId('dev-chain');
    await panel.getByRole('heading', { name: 'Development chain: test coins' }).waitFor();
    await panel.getByText('USDT on it is a test coin, not real money').waitFor();
    const token = (await card.locator('.deposit-facts__contract').textContent()) ?? '';
    await panel.getByRole('button', { name: 'Send 100 test USDT to this address' }).click();
    const status = panel.getByTestId('dev-chain-status');
    await status.getByText(/^100 test USDT sent to your address/).waitFor({ timeout: 30_000 });
    await status.getByText('100 USDT credited to your account').waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'deposit on the development chain');
    await shot(page, 'dev-chain-deposit-credited');
    await phone.close();

    /* ----- Withdraw on the desktop ----- */
    const set = await api(
      baseUrl,
      '/asset/api/user/set-fund-password',
      { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
      { token: login.token },
    );
    assert.equal(set.code, 0, JSON.stringify(set));
    const saved = await api<WithdrawAddress>(
      baseUrl,
      '/asset/api/currencyAddress/insert',
      { currency: 'USDT', chainType: 'ethereum', address: TO, nickname: 'Test wallet', fundPassword: FUND_PASSWORD },
      { token: login.token },
    );
    assert.equal(saved.code, 0, JSON.stringify(saved));

    const desk = await desktopContext(browser, {
      login: { ...login, user: { ...login.user, hasFundPassword: true } },
      viewport: DESKTOP,
    });
    const desktop = await newPage(desk);
    await desktop.goto(`${baseUrl}/pages/desktop/recharge/index?symbol=USDT&chain=ethereum`);
    await desktop.getByTestId('dev-chain').getByText('USDT on it is a test coin, not real money').waitFor();
    await desktop.goto(`${baseUrl}/pages/desktop/withdraw/index`);
    const form = desktop.getByRole('form', { name: 'Withdraw', exact: true });
    await form.getByLabel('Coin').selectOption('USDT');
    await form.getByRole('radio', { name: 'ERC20' }).check();
    await form.getByText('Available: 100 USDT. The fee is taken from this amount.').waitFor();
    await form.getByLabel('Amount').fill('40');
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = desktop.getByRole('dialog', { name: 'Confirm withdrawal' });
    await dialog.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = desktop.getByRole('region', { name: 'Withdrawal history' }).getByTestId('withdrawal-record').first();
    await row.getByTestId('withdrawal-state').getByText('Processing').waitFor();

    // A first withdrawal to a new address is reviewed: the finance operator approves it.
    const opLogin = await api<{ token: string }>(baseUrl, '/admin/api/auth/login', {
      email: operator.email,
      password: operator.password,
      totp: (await freshTotp(operator.secret)).code,
    });
    assert.equal(opLogin.code, 0, JSON.stringify(opLogin));
    const queue = (await (
      await fetch(`${baseUrl}/admin/api/withdrawals/list`, { headers: { token: opLogin.data.token } })
    ).json()) as { data: AdminWithdrawalList };
    const number = await row.getAttribute('data-number');
    const item = queue.data.items.find((w) => w.number === number);
    assert(item, `withdrawal ${number} is not in the review queue`);
    const decided = await api(
      baseUrl,
      '/admin/api/withdrawals/decide',
      { id: item.internalId, approve: true },
      { token: opLogin.data.token },
    );
    assert.equal(decided.code, 0, JSON.stringify(decided));

    // The signer sends it on the development chain, which mines its confirmations: Completed.
    await row.getByTestId('withdrawal-state').getByText('Completed').waitFor({ timeout: 90_000 });
    const fee = units((await row.getByTestId('withdrawal-fee').textContent())?.split(' ')[0] ?? '');
    assert.equal(await usdtOf(chainRpcUrl(server), token, TO), units('40') - fee);
    await expectAccessible(desktop, 'withdrawal completed on the development chain');
    await shot(desktop, 'dev-chain-withdrawal-completed');
    await desk.close();
  } finally {
    await endOwnServer(server);
  }
}

export const journeys: Journey[] = [
  {
    name: 'the embedded default: test USDT sent with the deposit page’s button on its development chain, credited, and withdrawn through the signer',
    fn: journey,
    slow: true,
  },
];
