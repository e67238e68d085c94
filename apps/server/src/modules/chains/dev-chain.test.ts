import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  ADMIN_API,
  API,
  ERRORS,
  type AdminWithdrawal,
  type DepositRoute,
  type DevChainSent,
  type RechargeList,
  type WithdrawAddress,
  type WithdrawFeeInfo,
  type WithdrawQuote,
  type Withdrawal,
  type WithdrawalPage,
} from '@app/contract';
import { DEV_CHAIN_ID, DEV_CHAIN_USDT } from '../../config';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';
import {
  connectAnvil,
  DevChainError,
  FAUCET_ACCOUNT,
  HOT_WALLET_ETH,
  HOT_WALLET_USDT,
  startDevChain,
  type AnvilChain,
  type DevChain,
  type DevChainOptions,
} from '.';

/**
 * The development chain the embedded default runs (docs/deposits.md "The development chain"), on a
 * real anvil: what its start sets up, that the app on it takes a deposit sent by the new endpoint
 * through the deposit watcher to the balance and pays a withdrawal out with the hot wallet, and that
 * its state survives a restart (and a data folder that lost it refuses to start).
 */
const USDT = 1_000_000n;
const FUND = 'fund-pass-1';
const quiet = { info: () => undefined, warn: () => undefined };

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A port something listens on: the chain asked for it must take another. */
const busy = net.createServer().listen(0, '127.0.0.1');
const busyPort = () => (busy.address() as net.AddressInfo).port;
afterAll(() => busy.close());

/** Options for a chain on `dataDir`: its own info file, a port that is taken (a running server may hold the default one). */
function options(dataDir: string, fund: Address[]): DevChainOptions {
  return {
    dataDir,
    port: busyPort(),
    confirmations: 3,
    fund,
    log: quiet,
    infoFile: path.join(dataDir, 'chain-dev.json'),
    followMs: 60_000,
  };
}

describe('the development chain', () => {
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAccount(hotKey).address;
  let dataDir: string;
  let chain: DevChain;
  let node: AnvilChain;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = tempDir('dev-chain-');
    chain = await startDevChain(options(dataDir, [hot]));
    node = await connectAnvil(chain.rpcUrl, DEV_CHAIN_ID);
    t = await createTestApp({
      devChain: chain,
      env: {
        WITHDRAW_HOT_KEY_EVM: hotKey,
        WITHDRAW_ADDRESS_HOLD_HOURS: '0',
        WITHDRAW_FEE_FREE_MONTHS: '0',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('deploys the test USDT at its fixed address, funds the hot wallet, and leaves its address for chain:send', async () => {
    expect(chain).toMatchObject({ chainId: DEV_CHAIN_ID, usdt: DEV_CHAIN_USDT, fresh: true });
    // The port asked for is taken: a free one.
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.rpcUrl).not.toContain(`:${busyPort()}`);
    expect(await node.rpc('eth_getCode', [DEV_CHAIN_USDT, 'latest'])).not.toBe('0x');
    expect(await node.ethBalance(hot)).toBe(HOT_WALLET_ETH);
    expect(await node.usdtBalance(DEV_CHAIN_USDT, hot)).toBe(HOT_WALLET_USDT);
    expect(await node.usdtBalance(DEV_CHAIN_USDT, FAUCET_ACCOUNT)).toBeGreaterThan(0n);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'chain-dev.json'), 'utf8'))).toEqual({
      rpcUrl: chain.rpcUrl,
      chainId: DEV_CHAIN_ID,
      usdt: DEV_CHAIN_USDT,
      pid: chain.pid,
    });
  });

  it('makes a block per transaction, then confirmation blocks until the newest transaction has them, then none', async () => {
    const head = await node.head();
    await node.sendEth('0x00000000000000000000000000000000000a11ce', 1n, FAUCET_ACCOUNT);
    expect(await node.head()).toBe(head + 1);
    for (let i = 0; i < 5; i++) await chain.follow();
    // The transaction's block and two on top: three confirmations, and no more blocks after.
    expect(await node.head()).toBe(head + 3);
  });

  it('the app on it: Ethereum routes say development chain, USDT is the test token at 3 confirmations, USDC is off', async () => {
    const routes = (await t.call<{ chains: DepositRoute[] }>('GET', `${API.currency.chainTypes}?symbol=USDT`)).data
      .chains;
    expect(routes.find((r) => r.chain === 'ethereum')).toMatchObject({
      token: DEV_CHAIN_USDT,
      confirmations: 3,
      state: 'available',
      devChain: true,
    });
    expect(routes.find((r) => r.chain === 'tron')).toMatchObject({ devChain: false });
    const usdc = (await t.call<{ chains: DepositRoute[] }>('GET', `${API.currency.chainTypes}?symbol=USDC`)).data
      .chains;
    expect(usdc.find((r) => r.chain === 'ethereum')).toMatchObject({ state: 'disabled', devChain: true });
  });

  it('sends test coins to the user’s own deposit address (bounded), the watcher credits them, and a withdrawal is paid out by the hot wallet', async () => {
    const u = await registerByEmail(t);
    const opts = { token: u.token };
    const send = (body: unknown) => t.post<DevChainSent>(API.userRecharge.devChainSend, body, opts);

    // Bounds: the coin's range and decimals, only the chain's coins; nothing is sent for those.
    const refused = await send({ symbol: 'USDT', amount: '0.5' });
    expect(refused).toMatchObject({
      code: ERRORS.DEV_CHAIN_AMOUNT_INVALID.code,
      msg: 'Send between 1 and 10000 test USDT',
    });
    expect((await send({ symbol: 'USDT', amount: '10000.000001' })).code).toBe(ERRORS.DEV_CHAIN_AMOUNT_INVALID.code);
    expect((await send({ symbol: 'USDT', amount: '1.0000001' })).code).toBe(ERRORS.DEV_CHAIN_AMOUNT_INVALID.code);
    expect((await send({ symbol: 'ETH', amount: '10.5' })).code).toBe(ERRORS.DEV_CHAIN_AMOUNT_INVALID.code);
    expect((await send({ symbol: 'BTC', amount: '1' })).code).toBe(ERRORS.DEPOSIT_CHAIN_UNKNOWN.code);
    expect((await send({ symbol: 'USDT', amount: '-1' })).code).toBe(ERRORS.AMOUNT_INVALID.code);

    const sent = await send({ symbol: 'USDT', amount: '250' });
    expect(sent.code).toBe(0);
    const address = (
      await t.call<{ address: string }>(
        'GET',
        `${API.currency.getDepositAddress}?symbol=USDT&chain=ethereum`,
        undefined,
        opts,
      )
    ).data.address;
    expect(sent.data).toMatchObject({ symbol: 'USDT', chain: 'ethereum', address, amount: '250.000000' });
    expect(await node.usdtBalance(DEV_CHAIN_USDT, address as Address)).toBe(250n * USDT);

    // The watcher sees it at once, credits it at its third confirmation (the chain mines them).
    const watcher = t.app.depositWatchers.find((w) => w.chain === 'ethereum')!;
    const record = async () =>
      (await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=5`, undefined, opts)).data.items[0];
    await watcher.pollOnce();
    expect(await record()).toMatchObject({ status: 'in_progress', txHash: sent.data.txHash, confirmationsRequired: 3 });
    for (let i = 0; i < 3; i++) await chain.follow();
    await watcher.pollOnce();
    expect(await record()).toMatchObject({ status: 'success', quantity: '250.000000', confirmations: 3 });

    // Withdrawals are available on it (the node answers, the hot wallet can pay).
    await t.app.withdrawals.checkAvailability();
    const fee = await t.call<WithdrawFeeInfo>(
      'GET',
      `${API.userWithdraw.withdrawFee}?currency=USDT&chainType=ethereum`,
      undefined,
      opts,
    );
    expect(fee.data).toMatchObject({ available: true, unavailable: null, balance: '250.000000' });

    // A withdrawal of 100 USDT (5 fee inside) to a fresh address: reviewed, signed, sent, confirmed.
    expect((await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, opts)).code).toBe(
      0,
    );
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const saved = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: to, fundPassword: FUND },
      opts,
    );
    expect(saved.code).toBe(0);
    const quote = await t.post<WithdrawQuote>(
      API.userWithdraw.create,
      { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount: '100' },
      opts,
    );
    expect(quote.data).toMatchObject({ fee: '5.000000', receive: '95.000000' });
    const confirmed = await t.post<Withdrawal>(
      API.userWithdraw.confirm,
      { quoteId: quote.data.quoteId, fundPassword: FUND },
      { ...opts, headers: { 'idempotency-key': 'dev-chain-w1' } },
    );
    expect(confirmed.data).toMatchObject({ state: 'processing', requiredConfirmations: 3 });
    // A first withdrawal to a new address waits for an operator (docs/withdrawals.md "Review").
    const finance = await operatorLogin(t, await createOperator(t, 'finance'));
    const id = Number(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM withdrawals WHERE public_id = ${confirmed.data.id}`))[0]!.id,
    );
    expect(
      (await t.post<AdminWithdrawal>(ADMIN_API.withdrawals.decide, { id, approve: true }, { token: finance })).data
        .state,
    ).toBe('approved');
    expect(await t.app.withdrawalSigner.runOnce()).toMatchObject({ status: 'done', signed: 1, sent: 1 });
    for (let i = 0; i < 3; i++) await chain.follow();
    expect(await t.app.withdrawalSigner.runOnce()).toMatchObject({ status: 'done', completed: 1 });
    expect(await node.usdtBalance(DEV_CHAIN_USDT, to)).toBe(95n * USDT);
    expect(await node.usdtBalance(DEV_CHAIN_USDT, hot)).toBe(HOT_WALLET_USDT - 95n * USDT);
    const list = await t.call<WithdrawalPage>('GET', API.userWithdraw.list, undefined, opts);
    expect(list.data.items[0]).toMatchObject({ state: 'completed', receive: '95.000000', confirmations: 3 });
  }, 60_000);

  it('keeps its state across a restart (same first block, token and balances; the hot wallet topped up), and a data folder that lost it refuses to start', async () => {
    const before = await node.rpc<{ hash: string }>('eth_getBlockByNumber', ['0x1', false]);
    const head = await node.head();
    const hotUsdt = await node.usdtBalance(DEV_CHAIN_USDT, hot);
    await chain.stop();
    expect(fs.existsSync(path.join(dataDir, 'chain-dev.json'))).toBe(false);

    const again = await startDevChain(options(dataDir, [hot]));
    try {
      const n = await connectAnvil(again.rpcUrl, DEV_CHAIN_ID);
      expect(again).toMatchObject({ usdt: DEV_CHAIN_USDT, fresh: false });
      expect((await n.rpc<{ hash: string }>('eth_getBlockByNumber', ['0x1', false])).hash).toBe(before.hash);
      // The hot wallet's top-up (the ETH its withdrawal spent, the USDT it paid out) is all that is
      // new: two transactions (a block mined to wait out a slow receipt may stand between them).
      const after = await n.head();
      let transactions = 0;
      for (let b = head + 1; b <= after; b++)
        transactions += Number(await n.rpc<string>('eth_getBlockTransactionCountByNumber', [`0x${b.toString(16)}`]));
      expect(transactions).toBe(2);
      expect(await n.ethBalance(hot)).toBe(HOT_WALLET_ETH);
      expect(hotUsdt).toBeLessThan(HOT_WALLET_USDT);
      expect(await n.usdtBalance(DEV_CHAIN_USDT, hot)).toBe(HOT_WALLET_USDT);
    } finally {
      await again.stop();
    }

    fs.rmSync(path.join(dataDir, 'dev-chain', 'state.json'));
    await expect(startDevChain(options(dataDir, [hot]))).rejects.toThrow(DevChainError);
    await expect(startDevChain(options(dataDir, [hot]))).rejects.toThrow(/state .* is missing/);
  }, 60_000);
});

describe('without a development chain', () => {
  it('the send endpoint answers DEV_CHAIN_OFF (404), and no route says development chain', async () => {
    const t = await createTestApp({ env: { DEV_CHAIN: 'false' } });
    try {
      const u = await registerByEmail(t);
      const res = await t.post(API.userRecharge.devChainSend, { symbol: 'USDT', amount: '100' }, { token: u.token });
      expect(res).toMatchObject({ status: 404, code: ERRORS.DEV_CHAIN_OFF.code });
      const routes = (await t.call<{ chains: DepositRoute[] }>('GET', `${API.currency.chainTypes}?symbol=USDT`)).data
        .chains;
      expect(routes.every((r) => !r.devChain)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses a start on a data folder whose state is of another chain', async () => {
    const dataDir = tempDir('dev-chain-foreign-');
    const first = await startDevChain(options(dataDir, []));
    await first.stop();
    const record = path.join(dataDir, 'dev-chain', 'chain.json');
    const json = JSON.parse(fs.readFileSync(record, 'utf8')) as { firstBlockHash: string };
    fs.writeFileSync(record, JSON.stringify({ ...json, firstBlockHash: `0x${'0'.repeat(64)}` }));
    await expect(startDevChain(options(dataDir, []))).rejects.toThrow(/of another chain/);
  }, 60_000);
});
