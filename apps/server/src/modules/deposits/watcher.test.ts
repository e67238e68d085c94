import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import {
  API,
  type AccountListResult,
  type DepositAddress,
  type RechargeList,
  type RechargeRecord,
} from '@app/contract';
import { depositChainEnv, DEV_ACCOUNTS, startAnvil, type AnvilNode } from '../../../test/anvil';
import { createTestApp, READYZ_AUTH, registerByEmail, type TestApp } from '../../../test/harness';
import { rowsOf, type Tx } from '../../db/client';
import type { ScanBatch } from '../chains';
import { chainScanners, DepositWatcher, type AddressOwner } from './index';

/** Confirmations every Ethereum route waits for in these tests (the block itself is the first). */
const N = 3;

let node: AnvilNode;
let token: Address;
let t: TestApp;
beforeAll(async () => {
  node = await startAnvil();
  token = await node.deployTestUsdt();
  t = await createTestApp({ env: await depositChainEnv(node, token, N) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const watcher = () => t.app.depositWatchers[0]!;
/** Another watcher of the same chain, as after a restart or in a second engine process. */
const anotherWatcher = (record?: () => (batch: ScanBatch<AddressOwner>, tx: Tx) => Promise<void>) => {
  const w = new DepositWatcher(t.ctx, {
    deposits: t.app.deposits,
    money: t.money,
    scanner: chainScanners(t.ctx, t.app.deposits).find((s) => s.chain === 'ethereum')!,
  });
  if (record) Object.defineProperty(w, 'record', { value: record() });
  return w;
};

async function depositor() {
  const u = await registerByEmail(t);
  const address = (
    await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=ethereum`, undefined, {
      token: u.token,
    })
  ).data.address as Address;
  const records = async (): Promise<RechargeRecord[]> =>
    (await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=50`, undefined, { token: u.token })).data
      .items;
  /** The currency account's available balance of the coin, without trailing zeros. */
  const balance = async (asset: string): Promise<string> => {
    const list = (await t.post<AccountListResult>(API.account.list, undefined, { token: u.token })).data;
    const text =
      list.wallets.find((w) => w.wallet === 'currency')?.balances.find((b) => b.asset === asset)?.available ?? '0';
    // Without trailing zeros: 25.000000 → 25, 1.500000000000000000 → 1.5.
    return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  };
  return { ...u, address, records, balance };
}

const deposits = async () =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT id, status, fail_reason, amount::text AS amount, transaction_id, flagged_at FROM deposits WHERE chain_key IS NOT NULL ORDER BY id`,
    ),
  );
const creditTransactions = async () =>
  Number(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'deposit' AND reference LIKE 'deposit:%'`,
      ),
    )[0]!.n,
  );

describe('deposits on a local chain (anvil)', () => {
  it('sees an ETH and a USDT deposit, counts their confirmations and credits each once', async () => {
    const u = await depositor();
    await node.sendEth(u.address, 1_500_000_000_000_000_000n);
    await node.sendUsdt(token, u.address, 25_000_000n, DEV_ACCOUNTS[2]);
    await node.mine(1);
    await watcher().pollOnce();
    const seen = await u.records();
    expect(
      seen.map((r) => [r.symbol, r.amount, r.status, r.confirmations, r.confirmationsRequired, r.channel]),
    ).toEqual([
      ['USDT', '25.000000', 'in_progress', 1, N, 'terminal'],
      ['ETH', '1.500000000000000000', 'in_progress', 1, N, 'terminal'],
    ]);
    expect(seen[0]).toMatchObject({
      chain: 'ethereum',
      to: u.address,
      from: DEV_ACCOUNTS[2]!.toLowerCase(),
      quantity: '0.000000',
    });
    expect(await u.balance('USDT')).toBe('0');

    await node.mine(1);
    await watcher().pollOnce();
    expect((await u.records()).map((r) => r.confirmations)).toEqual([2, 2]);
    expect(await u.balance('USDT')).toBe('0');

    await node.mine(1);
    await watcher().pollOnce();
    const credited = await u.records();
    expect(credited.map((r) => [r.status, r.confirmations, r.quantity])).toEqual([
      ['success', N, '25.000000'],
      ['success', N, '1.500000000000000000'],
    ]);
    expect(await u.balance('USDT')).toBe('25');
    expect(await u.balance('ETH')).toBe('1.5');

    // More blocks and polls credit nothing again.
    const before = await creditTransactions();
    await node.mine(2);
    await watcher().pollOnce();
    await watcher().creditConfirmed();
    expect(await creditTransactions()).toBe(before);
    // /readyz shows how far behind the node the watcher is.
    const ready = (await t.app.inject({ url: '/readyz', headers: READYZ_AUTH })).json() as { chains: unknown[] };
    expect(ready.chains).toEqual([
      { chain: 'ethereum', head: await node.head(), cursor: await node.head(), lag: 0, failures: 0, lastError: null },
    ]);
  });

  it('records a deposit below the minimum with the reason, and never credits it', async () => {
    const u = await depositor();
    await node.sendUsdt(token, u.address, 19_999_999n, DEV_ACCOUNTS[3]);
    await node.mine(N + 1);
    await watcher().pollOnce();
    expect((await u.records()).map((r) => [r.amount, r.status, r.failReason, r.confirmations])).toEqual([
      ['19.999999', 'fail', 'below_minimum', null],
    ]);
    expect(await u.balance('USDT')).toBe('0');
  });

  it('drops an unconfirmed deposit a re-org removes; credits the amount of the transfer that replaced it', async () => {
    const gone = await depositor();
    await node.sendUsdt(token, gone.address, 40_000_000n, DEV_ACCOUNTS[4]);
    await node.mine(1);
    await watcher().pollOnce();
    expect((await gone.records())[0]).toMatchObject({ status: 'in_progress', confirmations: 1 });
    await node.reorg(1);
    await node.mine(N);
    await watcher().pollOnce();
    expect((await gone.records()).map((r) => [r.status, r.failReason])).toEqual([['fail', 'dropped']]);
    expect(await gone.balance('USDT')).toBe('0');

    const replaced = await depositor();
    await node.sendUsdt(token, replaced.address, 50_000_000n, DEV_ACCOUNTS[5]);
    await node.mine(1);
    await watcher().pollOnce();
    await node.reorg(1, [
      {
        tx: { from: DEV_ACCOUNTS[5]!, to: token, data: transferData(replaced.address, 30_000_000n), gas: 100_000n },
        block: 0,
      },
    ]);
    await node.mine(N);
    await watcher().pollOnce();
    const records = await replaced.records();
    expect(records.map((r) => [r.amount, r.status, r.failReason])).toEqual([
      ['30.000000', 'success', null],
      ['50.000000', 'fail', 'dropped'],
    ]);
    expect(await replaced.balance('USDT')).toBe('30');
  });

  it('a re-org that removes a credited deposit flags it for an operator and reverses nothing', async () => {
    const u = await depositor();
    await node.sendUsdt(token, u.address, 60_000_000n, DEV_ACCOUNTS[6]);
    await node.mine(N);
    await watcher().pollOnce();
    expect((await u.records())[0]!.status).toBe('success');
    await node.reorg(N);
    await node.mine(1);
    await watcher().pollOnce();
    const [row] = (await deposits()).filter((d) => d.amount === '60000000');
    expect(row).toMatchObject({ status: 'success', flagged_at: expect.anything() });
    expect(await u.balance('USDT')).toBe('60');
  });

  it('loses and doubles nothing when the watcher dies between seeing and crediting, or two watchers run at once', async () => {
    const u = await depositor();
    await node.sendUsdt(token, u.address, 70_000_000n, DEV_ACCOUNTS[7]);
    await node.mine(N);
    // The first watcher dies inside the batch's transaction: nothing of it is kept.
    const dying = anotherWatcher(() => async () => {
      throw new Error('killed while recording');
    });
    expect((await dying.pollOnce()).status).toBe('failed');
    expect(await u.records()).toEqual([]);
    // The next one sees the deposit and dies before crediting it.
    const seeing = anotherWatcher();
    expect((await seeing.scanner.poll(seeing.record)).status).toBe('scanned');
    expect((await u.records()).map((r) => r.status)).toEqual(['in_progress']);

    // Restarted (a fresh watcher from the stored cursor), twice at once: one records and credits.
    const before = await creditTransactions();
    const [a, b] = [anotherWatcher(), anotherWatcher()];
    await Promise.all([a.pollOnce(), b.pollOnce(), a.creditConfirmed(), b.creditConfirmed()]);
    await Promise.all([a.pollOnce(), b.pollOnce()]);
    expect((await u.records()).map((r) => [r.amount, r.status])).toEqual([['70.000000', 'success']]);
    expect(await creditTransactions()).toBe(before + 1);
    expect(await u.balance('USDT')).toBe('70');
  });

  it('credits 1,000 deposits in 100 blocks, each once', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => depositor()));
    for (let block = 0; block < 100; block++) {
      await node.mintUsdt(
        token,
        users.map((u) => ({ to: u.address, amount: 20_000_000n + BigInt(block) })),
      );
      await node.mine(1);
    }
    await node.mine(N);
    const before = await creditTransactions();
    // K blocks a poll: as many polls as it takes.
    for (let i = 0; i < 5; i++) await watcher().pollOnce();
    expect(await creditTransactions()).toBe(before + 1000);
    for (const u of users.slice(0, 2)) {
      const list = (
        await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=100`, undefined, { token: u.token })
      ).data;
      expect(list.total).toBe(100);
      expect(list.items.every((r) => r.status === 'success')).toBe(true);
    }
    // 100 × 20 USDT plus 0 + 1 + … + 99 millionths.
    expect(await users[0]!.balance('USDT')).toBe('2000.00495');
  }, 120_000);
});

function transferData(to: Address, amount: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
