import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { API, renderNotice, type DepositAddress } from '@app/contract';
import { depositChainEnv, DEV_ACCOUNTS, startAnvil, type AnvilNode } from '../../../test/anvil';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';

/** Confirmations the Ethereum routes wait for in this test. */
const N = 2;

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
const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} AND kind LIKE 'deposit.%' ORDER BY id`,
    ),
  ) as unknown as { kind: string; params: Record<string, unknown> }[];

async function depositor() {
  const u = await registerByEmail(t);
  const address = (
    await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=ethereum`, undefined, {
      token: u.token,
    })
  ).data.address as Address;
  return { ...u, address, userId: await userIdByEmail(t, u.email) };
}

describe('deposit notifications', () => {
  it('tells the user once when a deposit is seen and once when it is credited', async () => {
    const u = await depositor();
    await node.sendUsdt(token, u.address, 25_000_000n, DEV_ACCOUNTS[2]);
    await node.mine(1);
    await watcher().pollOnce();
    const seen = await notices(u.userId);
    expect(seen.map((n) => n.kind)).toEqual(['deposit.seen']);
    expect(seen[0]!.params).toMatchObject({
      amount: '25.000000',
      currency: 'USDT',
      chain: 'ethereum',
      confirmations: N,
    });
    expect(seen[0]!.params['txHash']).toMatch(/^0x/);
    expect(renderNotice('deposit.seen', seen[0]!.params, 'en')).toMatchObject({
      title: 'Deposit on its way',
      body: `Your deposit of 25.000000 USDT on Ethereum (ERC20) has been seen on the chain. It is credited after ${N} confirmations.`,
      link: '/pages/recharge/recharge-records',
    });

    // Seen again in the next poll (more confirmations): no second notice. Then credited: one.
    await node.mine(N);
    await watcher().pollOnce();
    await watcher().pollOnce();
    const all = await notices(u.userId);
    expect(all.map((n) => n.kind)).toEqual(['deposit.seen', 'deposit.credited']);
    expect(all[1]!.params).toMatchObject({
      id: seen[0]!.params['id'],
      amount: '25.000000',
      currency: 'USDT',
      chain: 'ethereum',
    });
    expect(renderNotice('deposit.credited', all[1]!.params, 'zh')).toMatchObject({
      title: '充值已入账',
      body: '您在 Ethereum (ERC20) 上的 25.000000 USDT 充值已存入您的余额。',
    });
  });

  it('tells the user a deposit below the minimum is not credited', async () => {
    const u = await depositor();
    await node.sendUsdt(token, u.address, 1_000_000n, DEV_ACCOUNTS[3]);
    await node.mine(N + 1);
    await watcher().pollOnce();
    await watcher().pollOnce();
    const all = await notices(u.userId);
    expect(all.map((n) => [n.kind, n.params['amount']])).toEqual([['deposit.below_minimum', '1.000000']]);
    expect(renderNotice('deposit.below_minimum', all[0]!.params, 'de').title).toBe(
      'Einzahlung unter dem Mindestbetrag',
    );
  });
});
