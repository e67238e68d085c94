import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { API, type AccountListResult, type DepositAddress, type RechargeList } from '@app/contract';
import { DEV_ACCOUNTS, startAnvil, type AnvilNode } from '../../../test/anvil';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { tronAddressFromHex, tronAddressToHex } from '../../lib/chain-address';

/**
 * TRC-20 deposits are read through a TRON node's Ethereum-compatible JSON-RPC (java-tron's
 * `/jsonrpc`: `eth_getLogs`, `eth_getBlockByNumber`), the same scanner as Ethereum's, with TRON's
 * address encoding: accounts and contracts arrive as 0x hex and are written as base58 T…. No TRON
 * node can be installed here, so an anvil answering TRON mainnet's chain id stands in for that
 * JSON-RPC, with the test USDT deployed as the TRC-20 contract.
 */
const TRON_MAINNET_CHAIN_ID = 0x2b6653dc;
const N = 2;

let node: AnvilNode;
let token: Address;
let t: TestApp;
beforeAll(async () => {
  node = await startAnvil({ chainId: TRON_MAINNET_CHAIN_ID });
  token = await node.deployTestUsdt();
  t = await createTestApp({
    env: {
      TRON_RPC_URL: node.rpcUrl,
      TRON_START_BLOCK: String((await node.head()) + 1),
      DEPOSIT_USDT_TRON_CONTRACT: tronAddressFromHex(token),
      DEPOSIT_USDT_TRON_CONFIRMATIONS: String(N),
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe("TRC-20 deposits through a TRON node's JSON-RPC", () => {
  it("credits USDT sent to the user's T… address once, with the sender written in base58", async () => {
    const [watcher, ...others] = t.app.depositWatchers;
    expect([watcher?.chain, others.length]).toEqual(['tron', 0]);
    const u = await registerByEmail(t);
    const address = (
      await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=tron`, undefined, {
        token: u.token,
      })
    ).data.address;
    expect(address).toMatch(/^T/);
    const sender = DEV_ACCOUNTS[2]!;
    await node.sendUsdt(token, tronAddressToHex(address) as Address, 30_000_000n, sender);
    await node.mine(1);
    await watcher!.pollOnce();
    const records = async () =>
      (await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=10`, undefined, { token: u.token })).data
        .items;
    expect(
      (await records()).map((r) => [r.chain, r.symbol, r.amount, r.status, r.confirmations, r.to, r.from]),
    ).toEqual([['tron', 'USDT', '30.000000', 'in_progress', 1, address, tronAddressFromHex(sender)]]);

    await node.mine(N);
    await watcher!.pollOnce();
    expect((await records()).map((r) => [r.status, r.quantity])).toEqual([['success', '30.000000']]);
    const list = (await t.post<AccountListResult>(API.account.list, undefined, { token: u.token })).data;
    expect(list.wallets.find((w) => w.wallet === 'currency')?.balances.find((b) => b.asset === 'USDT')?.available).toBe(
      '30.000000',
    );
  });

  it("leaves TRX alone: the chain's own coin has no route, so no native transfer is a deposit", async () => {
    const u = await registerByEmail(t);
    const address = (
      await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=tron`, undefined, {
        token: u.token,
      })
    ).data.address;
    await node.sendEth(tronAddressToHex(address) as Address, 5_000_000n);
    await node.mine(N + 1);
    const r = await t.app.depositWatchers[0]!.pollOnce();
    expect(r.status).toBe('scanned');
    expect(
      (await t.call<RechargeList>('GET', `${API.userRecharge.list}?page=1&size=10`, undefined, { token: u.token })).data
        .items,
    ).toEqual([]);
  });
});
