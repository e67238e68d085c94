import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  assetOf,
  formatAmount,
  instrumentOf,
  parseAmount,
  type AdminVipTiers,
  type AuditList,
  type Contract,
  type ExchangeInfo,
  type OtcTrade,
  type SpotOrder,
  type VipInfo,
  type VipTierInput,
  type WithdrawAddress,
  type WithdrawFeeInfo,
  type WithdrawQuote,
  type Withdrawal,
} from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';
import { creditBackStage } from '../deposits';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const usdt = assetOf('USDT')!;
const FUND = 'fund-pass-1';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DAY_MS = 86_400_000;
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });

/** The ladder these tests work with: tier 1 by 1,000 USDT traded or 5,000 held, half the fee and spread, twice the limits. */
const LADDER: VipTierInput[] = [
  {
    level: 1,
    minVolumeUsdt: '1000',
    minBalanceUsdt: '5000',
    withdrawFeeDiscountBps: 5000,
    otcSpreadDiscountBps: 5000,
    withdrawLimitBps: 20000,
  },
  {
    level: 2,
    minVolumeUsdt: '100000',
    minBalanceUsdt: '1000000',
    withdrawFeeDiscountBps: 10000,
    otcSpreadDiscountBps: 10000,
    withdrawLimitBps: 30000,
  },
];

let t: TestApp;
let admin: string;
let finance: string;
let ops: TestOperator[];
beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_DAILY_PER_IP: '100000',
      OTC_SPREAD_BPS: '50',
      OTC_FEE_BPS: '10',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WITHDRAW_FEE_FREE_MONTHS: '0',
      SESSION_IDLE_MINUTES: '525600',
      SESSION_MAX_DAYS: '3650',
      ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
    },
  });
  ops = [await createOperator(t, 'admin'), await createOperator(t, 'finance')];
  await signIn();
  prices();
});
afterAll(() => t.close());

async function signIn() {
  admin = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
}

/** A live price for the coins these tests trade, at the clock's time. */
function prices() {
  for (const [symbol, price] of [
    ['BTCUSDT', '50000'],
    ['ETHUSDT', '2500'],
  ] as const) {
    const inst = instrumentOf(symbol)!;
    t.app.market.engine.tick({
      symbol,
      time: t.clock.now().getTime(),
      price: Number(parseAmount(price, inst.priceDecimals)),
      amount: 1,
    });
  }
}

const saveLadder = (tiers: VipTierInput[], token = admin) =>
  t.post<AdminVipTiers>(ADMIN_API.vip.save, { tiers }, { token });

async function info(token?: string) {
  const r = await t.call<VipInfo>('GET', API.vip.info, undefined, token ? { token } : {});
  expect(r.code).toBe(0);
  return r.data;
}

/** A registered user with `balance` USDT credited to the real account by an operator. */
async function customer(balance: string) {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  if (balance !== '0')
    await creditBackStage(t.app.money, {
      userId,
      asset: usdt,
      amount: parseAmount(balance, usdt.scale)!,
      note: null,
      operator: 'test',
    });
  return { ...u, userId };
}

async function otcQuote(token: string, opts: { headers?: Record<string, string> } = {}) {
  const r = await t.call<ExchangeInfo>('GET', API.asset.exchangeInfo, undefined, { token, ...opts });
  expect(r.code).toBe(0);
  return r.data;
}

const rateOf = (q: ExchangeInfo, asset: string) => q.rates.find((r) => r.asset === asset)!;
/** A price the way the OTC quote writes it for BTC. */
const btcPrice = (text: string) => {
  const d = instrumentOf('BTCUSDT')!.priceDecimals;
  return formatAmount(parseAmount(text, d)!, d);
};

describe('the ladder in the back office', () => {
  it('starts from the seeded tiers; a visitor sees them without a standing of their own', async () => {
    const r = await t.call<AdminVipTiers>('GET', ADMIN_API.vip.tiers, undefined, { token: finance });
    expect(r.code).toBe(0);
    expect(r.data.tiers.map((x) => x.level)).toEqual([1, 2, 3, 4]);
    expect(r.data.tiers[0]).toEqual({
      level: 1,
      minVolumeUsdt: '10000.00',
      minBalanceUsdt: '5000.00',
      withdrawFeeDiscountBps: 1000,
      otcSpreadDiscountBps: 1000,
      withdrawLimitBps: 12500,
    });
    expect(r.data.updatedAt).toBeNull();
    const visitor = await info();
    expect(visitor.me).toBeNull();
    expect(visitor.volumeDays).toBe(30);
    expect(visitor.tiers).toEqual(r.data.tiers);
  });

  it('refuses a ladder that does not rise, a threshold finer than a cent, and a finance operator', async () => {
    const [one, two] = LADDER as [VipTierInput, VipTierInput];
    const refused = [
      [{ ...one, level: 2 }],
      [one, { ...two, minVolumeUsdt: '1000' }],
      [one, { ...two, minBalanceUsdt: '4999' }],
      [one, { ...two, withdrawFeeDiscountBps: 4999 }],
      [one, { ...two, otcSpreadDiscountBps: 0 }],
      [one, { ...two, withdrawLimitBps: 19999 }],
      [{ ...one, minVolumeUsdt: '0' }],
      [two, one],
    ];
    for (const tiers of refused)
      expect((await saveLadder(tiers)).code, JSON.stringify(tiers)).toBe(code('VIP_TIERS_INVALID'));
    expect((await saveLadder([{ ...one, minBalanceUsdt: '5000.001' }])).code).toBe(code('AMOUNT_INVALID'));
    expect((await saveLadder(LADDER, finance)).code).toBe(code('OPERATOR_ROLE_FORBIDDEN'));
    // Nothing changed.
    const r = await t.call<AdminVipTiers>('GET', ADMIN_API.vip.tiers, undefined, { token: admin });
    expect(r.data.tiers).toHaveLength(4);
  });

  it('an admin replaces the ladder; the audit log holds what it was and what it became', async () => {
    const before = (await t.call<AdminVipTiers>('GET', ADMIN_API.vip.tiers, undefined, { token: admin })).data.tiers;
    const r = await saveLadder(LADDER);
    expect(r.code).toBe(0);
    expect(r.data.tiers.map((x) => [x.level, x.minVolumeUsdt, x.minBalanceUsdt])).toEqual([
      [1, '1000.00', '5000.00'],
      [2, '100000.00', '1000000.00'],
    ]);
    expect(r.data.updatedBy).toBe(ops[0]!.email);
    expect(r.data.updatedAt).toBe(t.clock.now().getTime());
    const audit = await t.call<AuditList>('GET', `${ADMIN_API.audit.list}?action=vip_tiers.update`, undefined, {
      token: admin,
    });
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]).toMatchObject({
      operatorEmail: ops[0]!.email,
      role: 'admin',
      targetType: 'vip_tiers',
      before,
      after: r.data.tiers,
    });
  });
});

describe("a customer's tier", () => {
  it('counts the real account only: demo trading never moves the volume', async () => {
    const u = await customer('2000');
    // Demo: far past every threshold, in OTC and in contracts.
    const dq = await otcQuote(u.token, demo(u.token));
    expect(
      (
        await t.post<OtcTrade>(
          API.asset.currencyBuy,
          { quoteId: dq.quoteId, asset: 'BTC', amount: '50000' },
          demo(u.token),
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await t.post<Contract>(
          API.contract.create,
          { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '5000' },
          demo(u.token),
        )
      ).code,
    ).toBe(0);
    const me = (await info(u.token)).me!;
    expect(me).toMatchObject({ level: 0, volumeUsdt: '0.00', balanceUsdt: '2000.00' });
    expect(me.next).toEqual({ level: 1, volumeToGoUsdt: '1000.00', balanceToGoUsdt: '3000.00' });
  });

  it('adds up the 30-day real volume of OTC, spot fills and contract stakes, and reaches tier 1 by it', async () => {
    const u = await customer('2000');
    const q = await otcQuote(u.token);
    const buy = await t.post<OtcTrade>(
      API.asset.currencyBuy,
      { quoteId: q.quoteId, asset: 'BTC', amount: '600' },
      {
        token: u.token,
      },
    );
    expect(buy.code).toBe(0);
    const q2 = await otcQuote(u.token);
    const sell = await t.post<OtcTrade>(
      API.asset.currencySell,
      { quoteId: q2.quoteId, asset: 'BTC', amount: buy.data.toAmount },
      { token: u.token },
    );
    expect(sell.code).toBe(0);
    const spot = await t.post<SpotOrder>(
      API.spot.order,
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.001' },
      { token: u.token },
    );
    expect(spot.code).toBe(0);
    expect(
      (
        await t.post(
          API.account.transferAsset,
          { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '100' },
          { token: u.token },
        )
      ).code,
    ).toBe(0);
    const contract = await t.post<Contract>(
      API.contract.create,
      { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '10' },
      { token: u.token },
    );
    expect(contract.code).toBe(0);
    const minor = (text: string) => parseAmount(text, usdt.scale)!;
    // A buy counts what it paid (fee included), a sale what the coins sold for before the fee.
    const volume =
      minor(buy.data.fromAmount) +
      minor(sell.data.toAmount) +
      minor(sell.data.fee) +
      minor(spot.data.total!) +
      minor(contract.data.stake);
    expect(volume).toBeGreaterThanOrEqual(minor('1000'));
    const me = (await info(u.token)).me!;
    expect(me.volumeUsdt).toBe(formatAmount(volume, usdt.scale, 2));
    expect(me.level).toBe(1);
    expect(me.benefits).toEqual({ withdrawFeeDiscountBps: 5000, otcSpreadDiscountBps: 5000, withdrawLimitBps: 20000 });
    // The shortfall to the next tier, rounded up to the cent.
    const toGo = minor('100000') - volume;
    const cents = toGo / 10_000n + (toGo % 10_000n === 0n ? 0n : 1n);
    expect(me.next).toMatchObject({ level: 2, volumeToGoUsdt: formatAmount(cents, 2) });
  });

  it('reaches a tier by the real balance alone', async () => {
    const u = await customer('5000');
    expect((await info(u.token)).me).toMatchObject({ level: 1, volumeUsdt: '0.00', balanceUsdt: '5000.00' });
    const poor = await customer('4999.99');
    expect((await info(poor.token)).me).toMatchObject({ level: 0, balanceUsdt: '4999.99' });
  });
});

describe('OTC: the tier narrows the spread, and the quote binds', () => {
  beforeEach(async () => {
    expect((await saveLadder(LADDER)).code).toBe(0);
  });

  it("quotes a tier-1 customer half the spread; a trade keeps its quote's rate after the tier changes", async () => {
    const vip = await customer('6000');
    const plain = await customer('100');
    const q = await otcQuote(vip.token);
    expect(q.vipLevel).toBe(1);
    // 0.5 % spread, halved: 50,000 × (1 ± 0.0025).
    expect(rateOf(q, 'BTC')).toMatchObject({ buyPrice: btcPrice('50125'), sellPrice: btcPrice('49875') });
    const p = await otcQuote(plain.token);
    expect(p.vipLevel).toBe(0);
    expect(rateOf(p, 'BTC')).toMatchObject({ buyPrice: btcPrice('50250'), sellPrice: btcPrice('49750') });

    // The tier loses its spread discount after the quote: the trade still fills at the quoted rate.
    const [one, two] = LADDER as [VipTierInput, VipTierInput];
    expect((await saveLadder([{ ...one, otcSpreadDiscountBps: 0 }, two])).code).toBe(0);
    const trade = await t.post<OtcTrade>(
      API.asset.currencyBuy,
      { quoteId: q.quoteId, asset: 'BTC', amount: '100' },
      {
        token: vip.token,
      },
    );
    expect(trade.code).toBe(0);
    expect(trade.data.price).toBe(btcPrice('50125'));
    expect(rateOf(await otcQuote(vip.token), 'BTC').buyPrice).toBe(btcPrice('50250'));
    expect((await saveLadder(LADDER)).code).toBe(0);
  });
});

describe('withdrawals: the tier lowers the fee and raises the limits, and the quote binds', () => {
  beforeEach(async () => {
    expect((await saveLadder(LADDER)).code).toBe(0);
  });

  async function withdrawer(balance: string) {
    const u = await customer(balance);
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
    const saved = await t.post<WithdrawAddress>(
      API.currencyAddress.insert,
      { currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND },
      { token: u.token },
    );
    expect(saved.code).toBe(0);
    const opts = { token: u.token };
    return {
      ...u,
      fee: async () =>
        (
          await t.call<WithdrawFeeInfo>(
            'GET',
            `${API.userWithdraw.withdrawFee}?currency=USDT&chainType=ethereum`,
            undefined,
            opts,
          )
        ).data,
      create: (amount: string) =>
        t.post<WithdrawQuote>(
          API.userWithdraw.create,
          { currency: 'USDT', chainType: 'ethereum', addressId: saved.data.id, amount },
          opts,
        ),
      confirm: (quoteId: string) => t.post<Withdrawal>(API.userWithdraw.confirm, { quoteId, fundPassword: FUND }, opts),
    };
  }

  it('withdraw-fee says the tier-1 fee (half of 5 USDT) and twice the limits; a level-0 customer the standard ones', async () => {
    const vip = await withdrawer('6000');
    expect(await vip.fee()).toMatchObject({
      vipLevel: 1,
      standardFee: '5.000000',
      fee: '2.500000',
      maxAmount: '200000.000000',
      dailyLimit: '400000.000000',
      dailyRemaining: '400000.000000',
    });
    const plain = await withdrawer('1000');
    expect(await plain.fee()).toMatchObject({
      vipLevel: 0,
      fee: '5.000000',
      maxAmount: '100000.000000',
      dailyLimit: '200000.000000',
    });
  });

  it('takes the quoted fee when the tier is lost or gained between the quote and the confirm', async () => {
    const [one, two] = LADDER as [VipTierInput, VipTierInput];
    // Quoted at tier 1 (2.5 USDT), confirmed after the tier lost its discount: 2.5 USDT, not 5.
    const vip = await withdrawer('6000');
    const q = await vip.create('100');
    expect(q.data).toMatchObject({ fee: '2.500000', receive: '97.500000' });
    expect((await saveLadder([{ ...one, withdrawFeeDiscountBps: 0 }, two])).code).toBe(0);
    expect((await vip.fee()).fee).toBe('5.000000');
    const w = await vip.confirm(q.data.quoteId);
    expect(w.code).toBe(0);
    expect(w.data).toMatchObject({ amount: '100.000000', fee: '2.500000', receive: '97.500000' });

    // Quoted at level 0 (5 USDT), confirmed after a lower threshold put the customer in tier 1: still 5.
    expect((await saveLadder(LADDER)).code).toBe(0);
    const plain = await withdrawer('1000');
    const q2 = await plain.create('100');
    expect(q2.data.fee).toBe('5.000000');
    expect((await saveLadder([{ ...one, minBalanceUsdt: '500' }, two])).code).toBe(0);
    expect((await plain.fee()).fee).toBe('2.500000');
    const w2 = await plain.confirm(q2.data.quoteId);
    expect(w2.code).toBe(0);
    expect(w2.data).toMatchObject({ fee: '5.000000', receive: '95.000000' });
    expect((await saveLadder(LADDER)).code).toBe(0);
  });

  it('lets a tier-1 customer withdraw above the standard maximum, up to the raised one', async () => {
    // Tier 1 reached by a balance of 150,000; the standard maximum is 100,000, the tier's 200,000.
    const vip = await withdrawer('150000');
    expect((await vip.create('120000')).data).toMatchObject({ amount: '120000.000000', fee: '2.500000' });
    expect((await vip.create('200000.000001')).code).toBe(code('WITHDRAW_ABOVE_MAX'));
    const plain = await withdrawer('4000');
    expect((await plain.create('100001')).code).toBe(code('WITHDRAW_ABOVE_MAX'));
  });
});

describe('the 30 days roll', () => {
  it('forgets volume older than 30 days', async () => {
    const u = await customer('1000');
    const q = await otcQuote(u.token);
    const buy = await t.post<OtcTrade>(
      API.asset.currencyBuy,
      { quoteId: q.quoteId, asset: 'BTC', amount: '999' },
      {
        token: u.token,
      },
    );
    expect(buy.code).toBe(0);
    const q2 = await otcQuote(u.token);
    expect(
      (
        await t.post<OtcTrade>(
          API.asset.currencySell,
          { quoteId: q2.quoteId, asset: 'BTC', amount: buy.data.toAmount },
          {
            token: u.token,
          },
        )
      ).code,
    ).toBe(0);
    expect((await info(u.token)).me!.level).toBe(1);
    t.clock.advance(30 * DAY_MS - 1);
    prices();
    expect((await info(u.token)).me!.level).toBe(1);
    t.clock.advance(2);
    prices();
    expect((await info(u.token)).me).toMatchObject({ level: 0, volumeUsdt: '0.00' });
  });
});
