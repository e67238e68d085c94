import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, ERRORS, type WithdrawFeeInfo } from '@app/contract';
import { startWithdrawChain, type WithdrawChain } from '../../../test/anvil';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';

/**
 * Why withdrawals of a coin on a chain are unavailable, and since when (docs/withdrawals.md
 * "Availability"): each reason the server gives in `withdraw-fee`'s `unavailable`, from the
 * configuration, the operators' switch, and what the check of a real node (anvil) found.
 */
const USDT = 1_000_000n;
const ETH = 10n ** 18n;

async function feeOf(t: TestApp, token: string, currency: string, chainType: string): Promise<WithdrawFeeInfo> {
  const res = await t.call<WithdrawFeeInfo>(
    'GET',
    `${API.userWithdraw.withdrawFee}?currency=${currency}&chainType=${chainType}`,
    undefined,
    { token },
  );
  expect(res.code).toBe(0);
  return res.data;
}

describe('withdrawals unavailable: the reason and since when', () => {
  let chain: WithdrawChain;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // A hot wallet with gas but only 10 USDT: the smallest USDT payout (20 − 5 fee) is more.
    chain = await startWithdrawChain({ eth: 1n * ETH, usdt: 10n * USDT });
    // The clock moves days on (a stalled node): the session must outlast it.
    t = await createTestApp({
      env: await chain.env({ WITHDRAW_FEE_FREE_MONTHS: '0', SESSION_IDLE_MINUTES: '525600', SESSION_MAX_DAYS: '3650' }),
    });
    token = (await registerByEmail(t)).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await chain?.node.stop();
  });

  it('from the configuration: a chain the product does not send on (no time: never available), a route switched off (since the server started)', async () => {
    const started = t.app.withdrawals.availability.startedAt.getTime();
    expect(await feeOf(t, token, 'USDT', 'tron')).toMatchObject({
      available: false,
      unavailable: { reason: 'chain_unsupported', since: null },
    });
    expect(await feeOf(t, token, 'BTC', 'bitcoin')).toMatchObject({
      unavailable: { reason: 'chain_unsupported', since: null },
    });
    // USDC on Ethereum is off in the chain's settings (DEPOSIT_USDC_ETHEREUM_ENABLED=false).
    expect(await feeOf(t, token, 'USDC', 'ethereum')).toMatchObject({
      available: false,
      unavailable: { reason: 'disabled', since: started },
    });
  });

  it('from the check of the chain: the hot wallet short of the smallest payout, then funded', async () => {
    // Before any check nothing is known against it.
    expect(await feeOf(t, token, 'USDT', 'ethereum')).toMatchObject({ available: true, unavailable: null });
    await t.app.withdrawals.checkAvailability();
    const at = t.clock.now().getTime();
    expect(await feeOf(t, token, 'USDT', 'ethereum')).toMatchObject({
      available: false,
      unavailable: { reason: 'hot_wallet_short', since: at },
    });
    // ETH is another route: the wallet's ether covers its smallest payout and gas.
    expect(await feeOf(t, token, 'ETH', 'ethereum')).toMatchObject({ available: true, unavailable: null });
    // A withdrawal is refused while it says so.
    const create = await t.post(
      API.userWithdraw.create,
      { currency: 'USDT', chainType: 'ethereum', addressId: '00000000-0000-4000-8000-000000000000', amount: '20' },
      { token },
    );
    expect(create.code).toBe(ERRORS.WITHDRAW_NOT_AVAILABLE.code);

    // A later check that finds it still short keeps the first time; once funded it is available.
    t.clock.advance(60_000);
    await t.app.withdrawals.checkAvailability();
    expect((await feeOf(t, token, 'USDT', 'ethereum')).unavailable).toEqual({ reason: 'hot_wallet_short', since: at });
    await chain.node.sendUsdt(chain.token, chain.hot, 1000n * USDT);
    await chain.node.mine(1);
    await t.app.withdrawals.checkAvailability();
    expect(await feeOf(t, token, 'USDT', 'ethereum')).toMatchObject({ available: true, unavailable: null });
  });

  it('the operators switched it off: since their change', async () => {
    const admin = await operatorLogin(t, await createOperator(t, 'admin'));
    const setting = {
      currency: 'ETH',
      chainType: 'ethereum',
      fee: '0.003',
      minAmount: '0.01',
      maxAmount: '100',
      dailyLimit: '200',
    };
    t.clock.advance(1000);
    expect(
      (await t.post(ADMIN_API.withdrawals.updateSetting, { ...setting, enabled: false }, { token: admin })).code,
    ).toBe(0);
    expect(await feeOf(t, token, 'ETH', 'ethereum')).toMatchObject({
      available: false,
      unavailable: { reason: 'switched_off', since: t.clock.now().getTime() },
    });
    expect(
      (await t.post(ADMIN_API.withdrawals.updateSetting, { ...setting, enabled: true }, { token: admin })).code,
    ).toBe(0);
    expect((await feeOf(t, token, 'ETH', 'ethereum')).unavailable).toBeNull();
  });

  it('the node stalled (its newest block older than CHAIN_STALL_SECONDS), then unreachable', async () => {
    const block = await chain.node.rpc<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
    // The app's clock 601 s after the newest block: the default CHAIN_STALL_SECONDS is 600.
    t.clock.advance(Number(block.timestamp) * 1000 + 601_000 - t.clock.now().getTime());
    await t.app.withdrawals.checkAvailability();
    const stalled = { reason: 'node_stalled', since: t.clock.now().getTime() };
    expect((await feeOf(t, token, 'USDT', 'ethereum')).unavailable).toEqual(stalled);
    expect((await feeOf(t, token, 'ETH', 'ethereum')).unavailable).toEqual(stalled);

    await chain.node.stop();
    t.clock.advance(5000);
    await t.app.withdrawals.checkAvailability();
    expect(await feeOf(t, token, 'ETH', 'ethereum')).toMatchObject({
      available: false,
      unavailable: { reason: 'node_unreachable', since: t.clock.now().getTime() },
    });
    // The configuration's reasons come first: TRON still says it has no signer.
    expect((await feeOf(t, token, 'USDT', 'tron')).unavailable?.reason).toBe('chain_unsupported');
  });
});

describe('withdrawals unavailable for want of a node or a hot wallet', () => {
  it('no node configured: no_node, since the server started', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ env: { DEV_CHAIN: 'false' } });
    try {
      const { token } = await registerByEmail(t);
      expect(await feeOf(t, token, 'USDT', 'ethereum')).toMatchObject({
        available: false,
        unavailable: { reason: 'no_node', since: t.app.withdrawals.availability.startedAt.getTime() },
      });
    } finally {
      await t.close();
    }
  });

  it('a node but no hot-wallet key: no_hot_wallet', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ env: { ETHEREUM_RPC_URL: 'http://127.0.0.1:9', DEPOSIT_DEV_SEED: 'false' } });
    try {
      const { token } = await registerByEmail(t);
      expect((await feeOf(t, token, 'ETH', 'ethereum')).unavailable?.reason).toBe('no_hot_wallet');
    } finally {
      await t.close();
    }
  });
});
