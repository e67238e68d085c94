import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import {
  ADMIN_API,
  API,
  type AdminWithdrawal,
  type DepositAddress,
  type WithdrawAddress,
  type WithdrawQuote,
  type Withdrawal,
  type WithdrawalPage,
} from '@app/contract';
import { DEV_ACCOUNTS, startWithdrawChain, type AnvilNode } from '../../../test/anvil';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import { rowsOf } from '../../db/client';

/**
 * The whole path on a local chain: a user deposits USDT on chain (the deposit watcher
 * credits it), withdraws it to a saved address, an operator approves, the signer broadcasts, the
 * address receives exactly amount − fee, and the ledger shows it paid out.
 */
const N = 2;
const USDT = 1_000_000n;
const FUND = 'fund-pass-1';

let node: AnvilNode;
let token: Address;
let t: TestApp;

beforeAll(async () => {
  const chain = await startWithdrawChain({ eth: 10n * 10n ** 18n, usdt: 10_000n * USDT });
  ({ node, token } = chain);
  t = await createTestApp({
    env: await chain.env({
      DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: String(N),
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WITHDRAW_FEE_FREE_MONTHS: '0',
      SCRYPT_COST: '1024',
    }),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('a withdrawal on a local chain (anvil), end to end', () => {
  it('deposit on chain → withdraw → operator approves → signer sends → the address receives amount − fee → completed on the ledger', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdByEmail(t, u.email);
    const opts = { token: u.token };
    expect((await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, opts)).code).toBe(
      0,
    );

    // The deposit: 500 USDT to the user's own address, credited at N confirmations.
    const deposit = (
      await t.call<DepositAddress>(
        'GET',
        `${API.currency.getDepositAddress}?symbol=USDT&chain=ethereum`,
        undefined,
        opts,
      )
    ).data.address as Address;
    await node.sendUsdt(token, deposit, 500n * USDT, DEV_ACCOUNTS[2]);
    await node.mine(N);
    const watcher = t.app.depositWatchers[0]!;
    await watcher.pollOnce();
    await watcher.creditConfirmed();
    const balances = async () =>
      Object.fromEntries(
        rowsOf(
          await t.ctx.db.execute(sql`SELECT kind, balance::text AS b FROM ledger_accounts
      WHERE user_id = ${userId} AND mode = 'real' AND asset = 'USDT' ORDER BY kind`),
        ).map((r) => [String(r.kind), String(r.b)]),
      );
    expect(await balances()).toEqual({ currency: String(500n * USDT) });

    // The withdrawal: 200 USDT to a saved address, a 5 USDT fee inside it.
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const saved = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: to, fundPassword: FUND },
      opts,
    );
    const quote = await t.post<WithdrawQuote>(
      API.userWithdraw.create,
      { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount: '200' },
      opts,
    );
    expect(quote.data).toMatchObject({ fee: '5.000000', receive: '195.000000' });
    const confirmed = await t.post<Withdrawal>(
      API.userWithdraw.confirm,
      { quoteId: quote.data.quoteId, fundPassword: FUND },
      { ...opts, headers: { 'idempotency-key': 'w-1' } },
    );
    expect(confirmed.data).toMatchObject({ state: 'processing', requiredConfirmations: N });
    expect(await balances()).toEqual({ currency: String(300n * USDT), currency_frozen: String(200n * USDT) });

    // The operator approves; the signer sends it; N blocks later it is completed.
    const finance = await operatorLogin(t, await createOperator(t, 'finance'));
    const id = Number(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM withdrawals WHERE public_id = ${confirmed.data.id}`))[0]!.id,
    );
    expect(
      (await t.post<AdminWithdrawal>(ADMIN_API.withdrawals.decide, { id, approve: true }, { token: finance })).data
        .state,
    ).toBe('approved');
    expect(await t.app.withdrawalSigner.runOnce()).toMatchObject({ status: 'done', signed: 1, sent: 1 });
    const list = async () =>
      (await t.call<WithdrawalPage>('GET', API.userWithdraw.list, undefined, opts)).data.items[0]!;
    expect(await list()).toMatchObject({ state: 'broadcast', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await node.mine(N);
    expect(await t.app.withdrawalSigner.runOnce()).toMatchObject({ status: 'done', completed: 1 });

    expect(await node.usdtBalance(token, to)).toBe(195n * USDT);
    const done = await list();
    expect(done).toMatchObject({ state: 'completed', fee: '5.000000', receive: '195.000000', confirmations: N });
    const receipt = await node.rpc<{ status: string; to: string }>('eth_getTransactionReceipt', [done.txHash]);
    expect(receipt).toMatchObject({ status: '0x1', to: token.toLowerCase() });
    expect(await balances()).toEqual({ currency: String(300n * USDT), currency_frozen: '0' });
    const kinds = rowsOf(
      await t.ctx.db.execute(sql`SELECT DISTINCT t.kind FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = ${userId} ORDER BY t.kind`),
    ).map((r) => r.kind);
    expect(kinds).toEqual(['deposit', 'withdraw', 'withdraw_escrow']);
    // Nothing more is sent or paid on later runs.
    await node.mine(2);
    expect(await t.app.withdrawalSigner.runOnce()).toMatchObject({ signed: 0, sent: 0, completed: 0 });
    expect(await node.usdtBalance(token, to)).toBe(195n * USDT);
  });
});
