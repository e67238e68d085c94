import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  type AccountListResult,
  type DepositAddress,
  type RechargeList,
  type RechargeRecord,
} from '@app/contract';
import { startBitcoind, type BitcoindNode } from '../../../test/bitcoind';
import { createTestApp, READYZ_AUTH, registerByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { chainScanners, DepositWatcher } from './index';

/**
 * BTC deposits end to end: the app's Bitcoin watcher reads a bitcoind-compatible test node
 * (test/bitcoind.ts: real transactions and block headers served in bitcoind 27's JSON; no Bitcoin
 * node can be installed here) on regtest, whose outputs to a user's bc1q… address it finds in
 * their regtest form (bcrt1q…, the same key). The catalogue's BTC route: 2 confirmations, a
 * minimum of 0.0005.
 */
let node: BitcoindNode;
let t: TestApp;
beforeAll(async () => {
  node = await startBitcoind();
  t = await createTestApp({
    env: {
      BITCOIN_RPC_URL: node.rpcUrl,
      BITCOIN_NETWORK: 'regtest',
      BITCOIN_START_BLOCK: String(node.height() + 1),
      CHAIN_BACKOFF_MS: '1000',
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const watcher = () => t.app.depositWatchers[0]!;

async function depositor() {
  const u = await registerByEmail(t);
  const address = (
    await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=BTC&chain=bitcoin`, undefined, {
      token: u.token,
    })
  ).data.address;
  const records = async (): Promise<RechargeRecord[]> =>
    (await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=50`, undefined, { token: u.token })).data
      .items;
  const balance = async (): Promise<string> => {
    const list = (await t.post<AccountListResult>(API.account.list, undefined, { token: u.token })).data;
    return list.wallets.find((w) => w.wallet === 'currency')?.balances.find((b) => b.asset === 'BTC')?.available ?? '0';
  };
  return { ...u, address, records, balance };
}

const creditTransactions = async () =>
  Number(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'deposit' AND reference LIKE 'deposit:%'`,
      ),
    )[0]!.n,
  );
const keysOf = async (txid: string) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT chain_key FROM deposits WHERE chain = 'bitcoin' AND tx_hash = ${txid} ORDER BY chain_key`,
    ),
  ).map((r) => r.chain_key);

describe("BTC deposits through bitcoind's JSON-RPC", () => {
  it("sees a deposit to the user's bc1q address, counts it up and credits it once at its confirmations", async () => {
    expect(t.app.depositWatchers.map((w) => w.chain)).toEqual(['bitcoin']);
    const u = await depositor();
    expect(u.address).toMatch(/^bc1q/);
    const tx = node.pay([{ address: u.address, sats: 150_000n }]);
    node.mine(1);
    await watcher().pollOnce();
    const seen = await u.records();
    expect(
      seen.map((r) => [
        r.chain,
        r.symbol,
        r.amount,
        r.status,
        r.confirmations,
        r.confirmationsRequired,
        r.channel,
        r.to,
        r.from,
        r.txHash,
        r.quantity,
      ]),
    ).toEqual([
      ['bitcoin', 'BTC', '0.00150000', 'in_progress', 1, 2, 'terminal', u.address, null, tx.txid, '0.00000000'],
    ]);
    expect(await keysOf(tx.txid)).toEqual([`${tx.txid}:0`]);
    expect(await u.balance()).toBe('0.00000000');

    node.mine(1);
    await watcher().pollOnce();
    expect((await u.records()).map((r) => [r.status, r.confirmations, r.quantity])).toEqual([
      ['success', 2, '0.00150000'],
    ]);
    expect(await u.balance()).toBe('0.00150000');

    // More blocks and polls credit nothing again.
    const before = await creditTransactions();
    node.mine(2);
    await watcher().pollOnce();
    await watcher().creditConfirmed();
    expect(await creditTransactions()).toBe(before);
    expect(await u.balance()).toBe('0.00150000');
    const ready = (await t.app.inject({ url: '/readyz', headers: READYZ_AUTH })).json() as { chains: unknown[] };
    expect(ready.chains).toEqual([
      { chain: 'bitcoin', head: node.height(), cursor: node.height(), lag: 0, failures: 0, lastError: null },
    ]);
  });

  it('takes two outputs to the user in one transaction as two deposits', async () => {
    const u = await depositor();
    const tx = node.pay([
      { address: u.address, sats: 60_000n },
      { address: u.address, sats: 70_000n },
    ]);
    node.mine(2);
    await watcher().pollOnce();
    expect((await u.records()).map((r) => [r.amount, r.status, r.txHash]).sort()).toEqual([
      ['0.00060000', 'success', tx.txid],
      ['0.00070000', 'success', tx.txid],
    ]);
    expect(await keysOf(tx.txid)).toEqual([`${tx.txid}:0`, `${tx.txid}:1`]);
    expect(await u.balance()).toBe('0.00130000');
  });

  it('records a deposit below the minimum with the reason, and never credits it', async () => {
    const u = await depositor();
    node.pay([{ address: u.address, sats: 49_999n }]);
    node.mine(3);
    await watcher().pollOnce();
    expect((await u.records()).map((r) => [r.amount, r.status, r.failReason, r.confirmations])).toEqual([
      ['0.00049999', 'fail', 'below_minimum', null],
    ]);
    expect(await u.balance()).toBe('0.00000000');
  });

  it('drops an unconfirmed deposit a re-org removes; one the new branch mines again is counted from its new block and credited once', async () => {
    const gone = await depositor();
    node.pay([{ address: gone.address, sats: 80_000n }]);
    node.mine(1);
    await watcher().pollOnce();
    expect((await gone.records())[0]).toMatchObject({ status: 'in_progress', confirmations: 1 });
    node.reorg(1); // the transaction is gone (a conflicting spend won)
    node.mine(2);
    await watcher().pollOnce();
    expect((await gone.records()).map((r) => [r.status, r.failReason])).toEqual([['fail', 'dropped']]);
    expect(await gone.balance()).toBe('0.00000000');

    const moved = await depositor();
    const tx = node.pay([{ address: moved.address, sats: 90_000n }]);
    node.mine(1);
    await watcher().pollOnce();
    const before = await creditTransactions();
    // Its block and the next are replaced; the transaction is mined again in the second new one.
    node.mine(1);
    node.reorg(2, [[], [tx]]);
    await watcher().pollOnce();
    expect((await moved.records()).map((r) => [r.status, r.confirmations])).toEqual([['in_progress', 1]]);
    node.mine(1);
    await watcher().pollOnce();
    expect((await moved.records()).map((r) => [r.amount, r.status, r.failReason])).toEqual([
      ['0.00090000', 'success', null],
    ]);
    expect(await creditTransactions()).toBe(before + 1);
    expect(await moved.balance()).toBe('0.00090000');
  });

  it("leaves a coinbase output to the user's address uncredited (an operator decides)", async () => {
    const u = await depositor();
    node.mine(1, { coinbaseTo: u.address });
    node.mine(2);
    await watcher().pollOnce();
    expect(await u.records()).toEqual([]);
  });

  it('backs off while the node is down, shows it on /readyz, and resumes', async () => {
    const u = await depositor();
    node.pay([{ address: u.address, sats: 100_000n }]);
    node.mine(2);
    await node.down();
    try {
      expect((await watcher().pollOnce()).status).toBe('failed');
      expect((await watcher().pollOnce()).status).toBe('backoff');
      const ready = (await t.app.inject({ url: '/readyz', headers: READYZ_AUTH })).json() as {
        chains: { failures: number; lastError: string }[];
      };
      expect(ready.chains[0]).toMatchObject({
        failures: 1,
        lastError: expect.stringContaining('the bitcoin node is unreachable'),
      });
      expect(ready.chains[0]!.lastError).not.toContain(new URL(node.rpcUrl).password);
    } finally {
      await node.up();
    }
    t.clock.advance(1000);
    expect((await watcher().pollOnce()).status).toBe('scanned');
    expect((await u.records()).map((r) => [r.amount, r.status])).toEqual([['0.00100000', 'success']]);
    expect(watcher().status()).toMatchObject({ failures: 0, lastError: null });
  });

  it('refuses a node that answers another network', async () => {
    node.answerChain('main');
    try {
      const other = new DepositWatcher(t.ctx, {
        deposits: t.app.deposits,
        money: t.money,
        scanner: chainScanners(t.ctx, t.app.deposits).find((s) => s.chain === 'bitcoin')!,
      });
      expect(await other.pollOnce()).toMatchObject({
        status: 'failed',
        error: 'the node of bitcoin serves chain main, configured regtest',
      });
    } finally {
      node.answerChain('regtest');
    }
  });
});
