/**
 * The back office's withdrawal pages (issue 18 "Review and broadcast", "Fees per coin × chain,
 * configured by operators"), on a desktop screen, against a local chain (anvil) so USDT on
 * Ethereum has a node and a signer.
 */
import assert from 'node:assert/strict';
import type {
  AdminWithdrawal,
  AdminWithdrawalList,
  Approval,
  LoginResult,
  WithdrawAddress,
  WithdrawFeeInfo,
  WithdrawQuote,
  Withdrawal,
  WithdrawalPage,
} from '@app/contract';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type ApiReply,
  type Journey,
  type JourneyContext,
  type Server,
  DESKTOP,
  api,
  expectAccessible,
  newPage,
  registerViaApi,
  shot,
  uniqueEmail,
} from '../harness';
import { sleep } from '../harness/config';
import { startDevChain } from '../harness/chain';
import { type Operator, createOperatorWithCli, freshTotp, signInOperator } from '../harness/operators';
import { endOwnServer, startServer } from '../harness/server';

const FUND_PASSWORD = 'fund-pass-1';
/** Where the user withdraws to: any valid EIP-55 address that is not theirs. */
const TO_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/**
 * The hot wallet: anvil's public dev account 9 (its default mnemonic), which holds 10,000 ETH for
 * gas and the test USDT that chain:dev mints to every dev account but the token's owner.
 */
const HOT_KEY_EVM = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/** A GET of the API with a token (user or operator): its data, asserted code 0. */
async function read<T = unknown>(
  server: Server,
  path: string,
  params: Record<string, string>,
  token: string,
): Promise<T> {
  const url = new URL(path, server.baseUrl);
  url.search = new URLSearchParams(params).toString();
  const json = (await (await fetch(url, { headers: { token, lang: 'en' } })).json()) as ApiReply<T>;
  assert.equal(json.code, 0, `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

async function post<T = unknown>(server: Server, path: string, body: unknown, token: string): Promise<T> {
  const json = await api<T>(server.baseUrl, path, body, { token });
  assert.equal(json.code, 0, `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The operator's session token the signed-in page keeps. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('admin.token'));
  assert(token, 'no operator session stored');
  return token;
}

/** Operators' sessions: one asks for a credit, the other approves it. */
interface CreditTokens {
  askToken: string;
  approveToken: string;
}

/** A user who can withdraw: their login and their saved address's id. */
type Withdrawer = LoginResult & { addressId: string };

/**
 * A user who can withdraw USDT on Ethereum: a fund password, the address saved (usable at once:
 * WITHDRAW_ADDRESS_HOLD_HOURS=0), and `amount` USDT credited through the back office's four eyes.
 */
async function userWithUsdt(
  server: Server,
  { askToken, approveToken }: CreditTokens,
  amount: string,
): Promise<Withdrawer> {
  const login = await registerViaApi(server, uniqueEmail('withdrawer'));
  await post(
    server,
    '/asset/api/user/set-fund-password',
    { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD },
    login.token,
  );
  const address = await post<WithdrawAddress>(
    server,
    '/asset/api/currencyAddress/insert',
    {
      currency: 'USDT',
      chainType: 'ethereum',
      address: TO_ADDRESS,
      nickname: 'cold wallet',
      fundPassword: FUND_PASSWORD,
    },
    login.token,
  );
  const asked = await post<Approval>(
    server,
    '/admin/api/approvals/request-credit',
    { uid: login.user.uid, asset: 'USDT', amount, note: 'deposit by bank transfer' },
    askToken,
  );
  await post(server, '/admin/api/approvals/decide', { id: asked.id, approve: true }, approveToken);
  return { ...login, addressId: address.id };
}

/** The user withdraws `amount` USDT on Ethereum to the saved address: a quote, then the confirm step. The withdrawal. */
async function withdraw(server: Server, user: Withdrawer, amount: string): Promise<Withdrawal> {
  const quote = await post<WithdrawQuote>(
    server,
    '/asset/api/userwithdraw/create',
    { currency: 'USDT', chainType: 'ethereum', addressId: user.addressId, amount },
    user.token,
  );
  return post<Withdrawal>(
    server,
    '/asset/api/userwithdraw/confirm',
    { quoteId: quote.quoteId, fundPassword: FUND_PASSWORD },
    user.token,
  );
}

/** The row of withdrawal `number` in the table shown. */
const withdrawalRow = (page: Page, number: string) => page.locator(`tbody tr[data-number="${number}"]`);

/** The Withdrawals page's filter: a state (its label) and a UID. */
async function filterQueue(page: Page, state: string, uid = '') {
  const form = page.getByRole('search', { name: 'Filter withdrawals' });
  // antd's Select (a combobox and its listbox), not a native <select>: opened, then the option chosen.
  await form.getByLabel('State').click();
  await page.getByRole('option', { name: state, exact: true }).click();
  await form.getByLabel(/^User UID/).fill(uid);
  await form.getByRole('button', { name: 'Show' }).click();
}

/**
 * An admin changes the fee and limits of USDT on Ethereum (the form refuses a fee at the minimum
 * first, as the server does) and the user's withdraw-fee says the new fee; a finance operator sees
 * the same table without a way to change it. The user asks for three withdrawals: 50 USDT (one
 * operator reviews it: a new address, a first withdrawal), 150 USDT (four eyes: from 100 USDT here)
 * and 40 USDT that they cancel while the finance operator's page still shows it. The finance
 * operator rejects the first with a reason and a note (the reason is required), meets the server's
 * refusal of the cancelled one, and approves the four-eyes one: "1 of 2", nothing sent, no second
 * approval by them (the server refuses it too). The admin approves it second; the signer sends it
 * and the page shows its transaction.
 */
async function withdrawalsReview({ browser }: JourneyContext) {
  // Their secrets: set in `before` (the CLI prints them).
  const admin: Operator = { email: 'wd.admin@example.com', password: 'wd-admin-pass-1', role: 'admin', secret: '' };
  const finance: Operator = {
    email: 'wd.finance@example.com',
    password: 'wd-finance-pass-1',
    role: 'finance',
    secret: '',
  };
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
        CHAIN_POLL_MS: '200',
        WITHDRAW_HOT_KEY_EVM: HOT_KEY_EVM,
        WITHDRAW_SIGNER_POLL_MS: '200',
        WITHDRAW_ADDRESS_HOLD_HOURS: '0',
        WITHDRAW_SECURITY_LOCK_HOURS: '0',
        WITHDRAW_FEE_FREE_MONTHS: '0',
        WITHDRAW_AUTO_APPROVE_USDT: '10',
        WITHDRAW_FOUR_EYES_USDT: '100',
      },
      before: async (env) => {
        for (const op of [admin, finance]) Object.assign(op, await createOperatorWithCli(env, op));
      },
    });
    const [adminContext, financeContext] = [
      await browser.newContext({ viewport: DESKTOP }),
      await browser.newContext({ viewport: DESKTOP }),
    ];
    contexts.push(adminContext, financeContext);
    const a = await newPage(adminContext);
    await signInOperator(a, server.baseUrl, admin, (await freshTotp(admin.secret)).code);
    await a.waitForURL(/\/admin\/dashboard$/);
    const f = await newPage(financeContext);
    await signInOperator(f, server.baseUrl, finance, (await freshTotp(finance.secret)).code);
    await f.waitForURL(/\/admin\/dashboard$/);
    const tokens = { askToken: await tokenOf(f), approveToken: await tokenOf(a) };

    // The admin: Withdrawals → Fees and limits; USDT on Ethereum has a signer (anvil and the hot key).
    await a.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
    await a.waitForURL(/\/admin\/withdrawals$/);
    await a.getByRole('navigation', { name: 'Withdrawals' }).getByRole('link', { name: 'Fees and limits' }).click();
    await a.waitForURL(/\/admin\/withdrawals\/fees$/);
    const usdtRow = a
      .getByRole('row')
      .filter({ has: a.getByRole('cell', { name: 'USDT', exact: true }) })
      .filter({ hasText: 'Ethereum (ERC20)' });
    await usdtRow.getByRole('button', { name: 'Change USDT on Ethereum' }).click();
    const form = a.getByRole('form', { name: 'Change USDT on Ethereum' });
    await form.getByLabel('Minimum (USDT)').fill('10');
    await form.getByLabel('Fee (USDT)').fill('10');
    await form.getByRole('button', { name: 'Save USDT on Ethereum' }).click();
    await form.getByText('The fee must be below the minimum.').waitFor();
    assert.equal(await form.getByLabel('Fee (USDT)').getAttribute('aria-invalid'), 'true');
    await expectAccessible(a, 'back office: a fee setting with a problem');
    // The server refuses it too, whatever the page checks.
    const refused = await api(
      server.baseUrl,
      '/admin/api/withdrawals/settings/update',
      {
        currency: 'USDT',
        chainType: 'ethereum',
        fee: '10',
        minAmount: '10',
        maxAmount: '1000',
        dailyLimit: '5000',
        enabled: true,
      },
      { token: tokens.approveToken },
    );
    assert.equal(refused.code, 1917, JSON.stringify(refused));
    await form.getByLabel('Fee (USDT)').fill('2');
    await form.getByLabel('Maximum (USDT)').fill('1000');
    await form.getByLabel('Daily limit (USDT)').fill('5000');
    await form.getByRole('button', { name: 'Save USDT on Ethereum' }).click();
    await a
      .getByText('USDT on Ethereum saved: fee 2, minimum 10, maximum 1000, daily limit 5000, enabled.', { exact: true })
      .waitFor();
    await form.waitFor({ state: 'detached' });
    await usdtRow.getByRole('cell', { name: admin.email }).waitFor();
    assert.equal(await usdtRow.getByRole('cell').nth(2).textContent(), '2');
    await expectAccessible(a, 'back office: withdrawal fees (admin)');
    await shot(a, 'admin-withdrawal-fees');

    // The finance operator reads the same table and cannot change it.
    await f.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
    await f.getByRole('link', { name: 'Fees and limits' }).click();
    await f.getByText('Only an admin can change them.').waitFor();
    await f.getByRole('row').filter({ hasText: 'Ethereum (ERC20)' }).filter({ hasText: admin.email }).first().waitFor();
    assert.equal(await f.getByRole('button', { name: /^Change / }).count(), 0, 'finance may change a fee');
    await expectAccessible(f, 'back office: withdrawal fees (finance)');

    // The user: 1,000 USDT; the new fee is what withdraw-fee says; three withdrawals.
    const user = await userWithUsdt(server, tokens, '1000');
    const fee = await read<WithdrawFeeInfo>(
      server,
      '/asset/api/userwithdraw/withdraw-fee',
      { currency: 'USDT', chainType: 'ethereum' },
      user.token,
    );
    assert.equal(fee.available, true, `USDT on Ethereum is not available: ${JSON.stringify(fee)}`);
    assert.match(fee.fee, /^2(\.0+)?$/);
    const manual = await withdraw(server, user, '50');
    const large = await withdraw(server, user, '150');
    const cancelled = await withdraw(server, user, '40');

    // The finance operator's dashboard counts them; its card leads to the queue: waiting for review, oldest first.
    await f.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard' }).click();
    const card = f.getByTestId('queue-withdrawals');
    await card.getByText('3 withdrawals awaiting review').waitFor();
    await card.getByRole('link', { name: 'Withdrawals' }).click();
    await f.waitForURL(/\/admin\/withdrawals$/);
    const first = withdrawalRow(f, manual.number);
    await first.waitFor();
    const numbers = await f
      .locator('tbody tr')
      .evaluateAll((trs: HTMLTableRowElement[]) => trs.map((tr) => tr.dataset.number));
    assert.deepEqual(numbers, [manual.number, large.number, cancelled.number]);
    await first.getByRole('cell', { name: user.user.uid }).waitFor();
    await first.getByText(TO_ADDRESS).waitFor();
    await first.getByRole('listitem').filter({ hasText: 'New address' }).waitFor();
    await first.getByRole('listitem').filter({ hasText: 'First withdrawal' }).waitFor();
    await first.getByRole('cell', { name: 'One operator' }).waitFor();
    await first.getByRole('cell', { name: /^USDT\s*Ethereum \(ERC20\)$/ }).waitFor();
    await first.getByRole('cell', { name: /^50\s*Fee 2\s*Receives 48$/ }).waitFor();
    const second = withdrawalRow(f, large.number);
    await second.getByText('Four eyes · 0 of 2 approvals').waitFor();
    await second.getByRole('listitem').filter({ hasText: 'Large amount' }).waitFor();
    await expectAccessible(f, 'back office: withdrawals waiting for review');
    await shot(f, 'admin-withdrawals-queue');

    // Reject the first: a reason is required; the note goes to the user.
    await first.getByRole('button', { name: `Reject withdrawal ${manual.number}` }).click();
    const reject = f.getByRole('form', { name: `Reject withdrawal ${manual.number}` });
    await reject
      .getByText(
        `Reject: 50 USDT goes back to the balance of user ${user.user.uid}, who sees the reason and your note.`,
      )
      .waitFor();
    await reject.getByRole('button', { name: `Confirm: reject withdrawal ${manual.number}` }).click();
    await reject.getByText('Choose a reason: the user sees it.').waitFor();
    await expectAccessible(f, 'back office: reject a withdrawal');
    await reject.getByLabel(/^Reason/).click();
    await f.getByRole('option', { name: 'The address is a risk', exact: true }).click();
    await reject.getByLabel(/^Note to the user/).fill('Please contact support about this address.');
    await reject.getByRole('button', { name: `Confirm: reject withdrawal ${manual.number}` }).click();
    await f.getByText(`Withdrawal ${manual.number} rejected: 50 USDT returned to user ${user.user.uid}.`).waitFor();
    await first.waitFor({ state: 'detached' });
    const own = await read<WithdrawalPage>(server, '/asset/api/userwithdraw/list', { state: 'rejected' }, user.token);
    assert.deepEqual(
      own.items.map((w) => [w.number, w.reason, w.note]),
      [[manual.number, 'address_risk', 'Please contact support about this address.']],
    );

    // The user cancels the third while the page shows it: approving it is refused in the server's words.
    await post(server, '/asset/api/userwithdraw/cancel', { id: cancelled.id }, user.token);
    const stale = withdrawalRow(f, cancelled.number);
    await stale.getByRole('button', { name: `Approve withdrawal ${cancelled.number}` }).click();
    await stale.getByRole('button', { name: `Confirm: approve withdrawal ${cancelled.number}` }).click();
    await f
      .getByRole('alert')
      .filter({ hasText: `Withdrawal ${cancelled.number} was not decided: This withdrawal was already decided` })
      .waitFor();
    await stale.waitFor({ state: 'detached' });

    // Four eyes: the finance operator approves first; nothing is sent, and they cannot approve again.
    await second.getByRole('button', { name: `Approve withdrawal ${large.number}` }).click();
    await second
      .getByText(
        /^Approve \(1 of 2\): nothing is sent yet; another operator must approve too before 148 USDT is sent to 0x5aAeb/,
      )
      .waitFor();
    await expectAccessible(f, 'back office: approve a withdrawal, confirm step');
    await shot(f, 'admin-withdrawals-confirm');
    await second.getByRole('button', { name: `Confirm: approve withdrawal ${large.number}` }).click();
    await f.getByText(`Withdrawal ${large.number}: your approval is 1 of 2; it waits for another operator.`).waitFor();
    await second.getByText('Four eyes · 1 of 2 approvals').waitFor();
    await second.getByText('You approved it: waiting for another operator.').waitFor();
    assert.equal(await second.getByRole('button', { name: `Approve withdrawal ${large.number}` }).count(), 0);
    const twice = await api(
      server.baseUrl,
      '/admin/api/withdrawals/decide',
      { id: await internalId(server, tokens.askToken, large.number), approve: true },
      { token: tokens.askToken },
    );
    assert.equal(twice.code, 1607, JSON.stringify(twice));

    // The admin sees "1 of 2" and who approved, and approves second: it is sent.
    await a.getByRole('link', { name: 'Review queue' }).click();
    const theirs = withdrawalRow(a, large.number);
    await theirs.getByText('Four eyes · 1 of 2 approvals').waitFor();
    await theirs.getByText(`Approved by ${finance.email}`).waitFor();
    await theirs.getByRole('button', { name: `Approve withdrawal ${large.number}` }).click();
    await theirs
      .getByText(
        /^Approve \(2 of 2\): 148 USDT is sent to 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed on Ethereum \(ERC20\)\. This cannot be undone\.$/,
      )
      .waitFor();
    await theirs.getByRole('button', { name: `Confirm: approve withdrawal ${large.number}` }).click();
    await a.getByText(new RegExp(`^Withdrawal ${large.number} approved: 148 USDT is sent to`)).waitFor();
    await theirs.waitFor({ state: 'detached' });
    await a.getByText('No withdrawal waits for review.').waitFor();

    // The signer sends it: the page shows its state and transaction hash.
    const sent = await sentWithdrawal(server, tokens.approveToken, large.number);
    const stateLabels: Record<string, string> = { broadcast: 'Sent to the chain', completed: 'Completed' };
    const stateLabel = stateLabels[sent.state];
    assert(stateLabel, `withdrawal ${large.number} is ${sent.state}`);
    await filterQueue(a, stateLabel, user.user.uid);
    const done = withdrawalRow(a, large.number);
    await done.getByText(sent.txHash).waitFor();
    await done.getByText('Four eyes · 2 of 2 approvals').waitFor();
    await done.getByText(`Approved by ${finance.email}, ${admin.email}`).waitFor();
    await expectAccessible(a, 'back office: a sent withdrawal');
    await shot(a, 'admin-withdrawals-sent');

    // The rejected one, with its reason and note, for that user.
    await filterQueue(a, 'Rejected', user.user.uid);
    const rejected = withdrawalRow(a, manual.number);
    await rejected.getByText('Reason: The address is a risk').waitFor();
    await rejected.getByText('Note: Please contact support about this address.').waitFor();
    await rejected.getByText(`Rejected by ${finance.email}`).waitFor();
    assert.match(a.url(), new RegExp(`state=rejected&uid=${user.user.uid}$`));
    // A UID is 8 digits.
    await filterQueue(a, 'Rejected', '123');
    await a.getByRole('alert').filter({ hasText: 'A UID is 8 digits.' }).waitFor();
    await expectAccessible(a, 'back office: withdrawals filtered');
  } finally {
    for (const c of contexts) await c.close();
    await endOwnServer(server);
    await chain.stop();
  }
}

/** The back office's internal id of withdrawal `number` (what the decide route takes). */
async function internalId(server: Server, token: string, number: string): Promise<number> {
  const list = await read<AdminWithdrawalList>(server, '/admin/api/withdrawals/list', { state: 'processing' }, token);
  const found = list.items.find((w) => w.number === number);
  assert(found, `withdrawal ${number} is not waiting for review`);
  return found.internalId;
}

/** Waits (up to 30 s) until the signer has sent withdrawal `number`: the back office's row, with its tx hash. */
async function sentWithdrawal(
  server: Server,
  token: string,
  number: string,
): Promise<AdminWithdrawal & { txHash: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const state of ['broadcast', 'completed', 'failed']) {
      const list = await read<AdminWithdrawalList>(server, '/admin/api/withdrawals/list', { state }, token);
      const found = list.items.find((w) => w.number === number);
      if (found) {
        assert.notEqual(state, 'failed', `the signer could not send it: ${JSON.stringify(found)}`);
        if (found.txHash) return { ...found, txHash: found.txHash };
      }
    }
    if (Date.now() > deadline) throw new Error(`withdrawal ${number} was not sent within 30 s`);
    await sleep(300);
  }
}

export const journeys: Journey[] = [
  {
    name: 'back office withdrawals: an admin changes a fee; a finance operator rejects one with a reason; a four-eyes withdrawal is approved by two different operators (the first sees 1 of 2) and sent',
    fn: withdrawalsReview,
    slow: true,
  },
];
