import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  PUBLIC_ID_PATTERN,
  instrumentOf,
  parseAmount,
  type AccountListResult,
  type ExchangeInfo,
  type OtcTrade,
  type TradingRecordPage,
  type UserAssetData,
  type ValuedWallet,
  type WalletBalance,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';

const A = '/asset/api/asset';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const demo = (token: string, extra: Record<string, string> = {}) => ({
  token,
  headers: { typeUser: 'demo', ...extra },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_DAILY_PER_IP: '100000',
      OTC_SPREAD_BPS: '50',
      OTC_FEE_BPS: '10',
      OTC_QUOTE_TTL_SECONDS: '15',
    },
  });
  setPrice('BTCUSDT', '50000.00');
  setPrice('ETHUSDT', '2500.00');
  setPrice('DOGEUSDT', '0.10000');
});
afterAll(() => t.close());

/** Feeds a trade tick to the market engine through its price-sink face, as a feed would. */
function setPrice(symbol: string, price: string) {
  const inst = instrumentOf(symbol)!;
  t.app.market.engine.tick({
    symbol,
    time: t.clock.now().getTime(),
    price: Number(parseAmount(price, inst.priceDecimals)),
    amount: 1,
  });
}

async function quote(token: string): Promise<ExchangeInfo> {
  const r = await t.call<ExchangeInfo>('GET', `${A}/exchangeInfo`, undefined, demo(token));
  expect(r.code).toBe(0);
  return r.data;
}

async function balances(token: string) {
  const l = await t.post<AccountListResult>('/asset/api/account/list', undefined, demo(token));
  const currency = l.data.wallets.find((w) => w.wallet === 'currency')!;
  return Object.fromEntries(currency.balances.map((b) => [b.asset, b.available]));
}

describe('quotes', () => {
  it('offers buy and sell rates at the reference price ± the spread, rounded against neither side silently', async () => {
    const u = await registerByEmail(t);
    const now = t.clock.now().getTime();
    const q = await quote(u.token);
    expect(q.validSeconds).toBe(15);
    // Times are epoch milliseconds, like every time of the API.
    expect(q.expiresAt).toBe(now + 15_000);
    expect(q.feeRate).toBe('0.001');
    const btc = q.rates.find((r) => r.asset === 'BTC')!;
    expect(btc).toEqual({
      asset: 'BTC',
      buyPrice: '50250.00',
      sellPrice: '49750.00',
      priceDecimals: 2,
      amountDecimals: 5,
    });
    expect(q.rates.find((r) => r.asset === 'DOGE')).toMatchObject({ buyPrice: '0.10050', sellPrice: '0.09950' });
    // No price, no rate: a coin the market does not quote is not offered.
    expect(q.rates.find((r) => r.asset === 'USDT')).toBeUndefined();
  });
});

describe('buy, sell and flash', () => {
  it('buys BTC with USDT: coins floored to 5 decimals, the user pays exactly their cost plus the fee', async () => {
    const u = await registerByEmail(t);
    const q = await quote(u.token);
    const r = await t.post<OtcTrade>(
      `${A}/currencyBuy`,
      { quoteId: q.quoteId, asset: 'BTC', amount: '1000' },
      demo(u.token),
    );
    expect(r.code).toBe(0);
    // net of fee 999 USDT / 50250 = 0.019880597... → 0.01988 BTC; cost 0.01988 × 50250 = 998.97; fee 0.998970 → up = 0.998970
    expect(r.data).toMatchObject({
      side: 'buy',
      fromAsset: 'USDT',
      toAsset: 'BTC',
      toAmount: '0.01988000',
      price: '50250.00',
      fee: '0.998970',
      fromAmount: '999.968970',
    });
    expect(r.data.time).toBe(t.clock.now().getTime());
    const b = await balances(u.token);
    expect(b.BTC).toBe('0.01988000');
    expect(b.USDT).toBe('99000.031030');
  });

  it('sells BTC for USDT less the fee, and refuses more decimals than the coin allows', async () => {
    const u = await registerByEmail(t);
    let q = await quote(u.token);
    await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '2000' }, demo(u.token));
    q = await quote(u.token);
    expect(
      (await t.post(`${A}/currencySell`, { quoteId: q.quoteId, asset: 'BTC', amount: '0.000001' }, demo(u.token))).code,
    ).toBe(code('AMOUNT_INVALID'));
    const r = await t.post<OtcTrade>(
      `${A}/currencySell`,
      { quoteId: q.quoteId, asset: 'BTC', amount: '0.01' },
      demo(u.token),
    );
    // 0.01 × 49750 = 497.50; fee 0.4975 → 0.497500; user gets 497.002500
    expect(r.data).toMatchObject({
      side: 'sell',
      fromAmount: '0.01000000',
      toAmount: '497.002500',
      fee: '0.497500',
      price: '49750.00',
    });
  });

  it('flash-exchanges BTC for ETH through USDT, returning the USDT change to the user', async () => {
    const u = await registerByEmail(t);
    let q = await quote(u.token);
    await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '1000' }, demo(u.token));
    const before = await balances(u.token);
    q = await quote(u.token);
    const r = await t.post<OtcTrade>(
      `${A}/flashExchange`,
      { quoteId: q.quoteId, fromAsset: 'BTC', toAsset: 'ETH', amount: '0.01' },
      demo(u.token),
    );
    expect(r.code).toBe(0);
    // 0.01 BTC × 49750 = 497.50 USDT; fee 0.4975; net 497.0025 / 2512.50 = 0.19781... → 0.197 ETH; cost 494.9625; change 2.04
    expect(r.data).toMatchObject({
      side: 'flash',
      fromAsset: 'BTC',
      toAsset: 'ETH',
      fromAmount: '0.01000000',
      toAmount: '0.197000000000000000',
      fee: '0.497500',
    });
    const after = await balances(u.token);
    expect(after.ETH).toBe('0.197000000000000000');
    expect(Number(after.BTC)).toBeCloseTo(Number(before.BTC) - 0.01, 10);
    expect(parseAmount(after.USDT!, 6)! - parseAmount(before.USDT!, 6)!).toBe(2_040_000n);
    expect(
      (
        await t.post(
          `${A}/flashExchange`,
          { quoteId: (await quote(u.token)).quoteId, fromAsset: 'ETH', toAsset: 'ETH', amount: '0.1' },
          demo(u.token),
        )
      ).code,
    ).toBe(code('SAME_ASSET'));
  });

  it('lists the trades newest first', async () => {
    const u = await registerByEmail(t);
    for (const amount of ['100', '200']) {
      const q = await quote(u.token);
      await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'DOGE', amount }, demo(u.token));
    }
    const r = await t.post<TradingRecordPage>(`${A}/tradingRecord`, { page: 1, size: 10 }, demo(u.token));
    expect(r.data.total).toBe(2);
    expect(r.data.items.map((i) => i.toAsset)).toEqual(['DOGE', 'DOGE']);
    // Newest first (the 200 before the 100); the ids are opaque, in no order.
    expect(Number(r.data.items[0]!.fromAmount)).toBeGreaterThan(Number(r.data.items[1]!.fromAmount));
    for (const item of r.data.items) expect(item.id).toMatch(new RegExp(PUBLIC_ID_PATTERN));
    expect(r.data.items.map((i) => i.time)).toEqual([t.clock.now().getTime(), t.clock.now().getTime()]);
    expect((await t.post<TradingRecordPage>(`${A}/tradingRecord`, {}, { token: u.token })).data.total).toBe(0); // real mode: none
  });
});

describe('prices in ticks, not display decimals (decision 0140)', () => {
  it('quotes EOS to its 0.0001 tick, and a round trip loses only the spread and the fees', async () => {
    // docs/product.md §9 shows EOS with one decimal; quoted in it, 0.5 became a 0.6 ask and a 0.4 bid.
    setPrice('EOSUSDT', '0.5000');
    const u = await registerByEmail(t);
    let q = await quote(u.token);
    expect(q.rates.find((r) => r.asset === 'EOS')).toEqual({
      asset: 'EOS',
      buyPrice: '0.5025',
      sellPrice: '0.4975',
      priceDecimals: 4,
      amountDecimals: 1,
    });
    const start = parseAmount((await balances(u.token)).USDT!, 6)!;
    const buy = await t.post<OtcTrade>(
      `${A}/currencyBuy`,
      { quoteId: q.quoteId, asset: 'EOS', amount: '100' },
      demo(u.token),
    );
    // 99.9 USDT net of the fee buys 198.8 EOS at 0.5025 (a mid-price fill would be 0.5000): 99.897 + 0.099897.
    expect(buy.data).toMatchObject({ price: '0.5025', toAmount: '198.8000', fromAmount: '99.996897' });
    q = await quote(u.token);
    const sell = await t.post<OtcTrade>(
      `${A}/currencySell`,
      { quoteId: q.quoteId, asset: 'EOS', amount: '198.8' },
      demo(u.token),
    );
    expect(sell.data).toMatchObject({ price: '0.4975', toAmount: '98.804097' });
    const lost = start - parseAmount((await balances(u.token)).USDT!, 6)!;
    // 1.1928 USDT of 99.997 spent: the two half-spreads (0.5 % each) and two fees (0.1 % each), nothing more.
    expect(lost).toBe(1_192_800n);
    expect(Number(lost) / 99_996_897).toBeLessThan(0.012);
  });
});

describe('quote rules', () => {
  it("refuses an expired quote, a used quote and someone else's quote, each with its own code", async () => {
    const u = await registerByEmail(t);
    const v = await registerByEmail(t);
    const q = await quote(u.token);
    expect(
      (await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '100' }, demo(v.token))).code,
    ).toBe(code('QUOTE_INVALID'));
    expect(
      (await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '100' }, demo(u.token))).code,
    ).toBe(0);
    expect(
      (await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '100' }, demo(u.token))).code,
    ).toBe(code('QUOTE_USED'));
    const old = await quote(u.token);
    t.clock.advance(15_001);
    const expired = await t.post(
      `${A}/currencyBuy`,
      { quoteId: old.quoteId, asset: 'BTC', amount: '100' },
      demo(u.token),
    );
    expect(expired.code).toBe(code('QUOTE_EXPIRED'));
    expect(
      (await t.post(`${A}/currencyBuy`, { quoteId: 'nope', asset: 'BTC', amount: '100' }, demo(u.token))).code,
    ).toBe(code('QUOTE_INVALID'));
  });

  it('keeps a quote usable after a failed trade, and refuses too small, too precise and unknown', async () => {
    const u = await registerByEmail(t);
    const q = await quote(u.token);
    const buy = (body: object) =>
      t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '100', ...body }, demo(u.token));
    expect((await buy({ amount: '500000' })).code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect((await buy({ amount: '0.5' })).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await buy({ amount: '1.0000001' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await buy({ asset: 'USDT' })).code).toBe(code('SAME_ASSET'));
    expect((await buy({ asset: 'XYZ' })).code).toBe(code('ASSET_UNKNOWN'));
    expect((await buy({})).code).toBe(0);
  });

  it('refuses a coin with no live price', async () => {
    const u = await registerByEmail(t);
    const q = await quote(u.token);
    expect(
      (await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'LTC', amount: '100' }, demo(u.token))).code,
    ).toBe(code('PRICE_UNAVAILABLE'));
  });
});

describe('concurrency and idempotency', () => {
  it('lets exactly one of 50 simultaneous buys spending the whole balance win, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const u = await registerByEmail(t);
      const quotes = [];
      for (let i = 0; i < 50; i++) quotes.push(await quote(u.token));
      const answers = await Promise.all(
        quotes.map((q) =>
          t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'ETH', amount: '100000' }, demo(u.token)),
        ),
      );
      expect(
        answers.filter((a) => a.code === 0),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.code === code('BALANCE_NOT_ENOUGH'))).toHaveLength(49);
    }
  }, 300_000);

  it('moves money once for concurrent replays with one Idempotency-Key', async () => {
    const u = await registerByEmail(t);
    const q = await quote(u.token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post<OtcTrade>(
          `${A}/currencyBuy`,
          { quoteId: q.quoteId, asset: 'BTC', amount: '100' },
          demo(u.token, { 'Idempotency-Key': 'otc-1' }),
        ),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const r = await t.post<TradingRecordPage>(`${A}/tradingRecord`, {}, demo(u.token));
    expect(r.data.total).toBe(1);
  });
});

describe('valuation', () => {
  it('values every account in USDT at current prices', async () => {
    const u = await registerByEmail(t);
    const q = await quote(u.token);
    await t.post(`${A}/currencyBuy`, { quoteId: q.quoteId, asset: 'BTC', amount: '1000' }, demo(u.token));
    await t.post(
      '/asset/api/account/transferAsset',
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '500' },
      demo(u.token),
    );
    const d = await t.call<UserAssetData>('GET', '/asset/api/account/userAssetData', undefined, demo(u.token));
    const currency = d.data.wallets.find((w) => w.wallet === 'currency')!;
    // 0.01988 BTC at the 50000.00 reference = 994.000000; USDT 98500.031030
    expect(currency.balances.find((b) => b.asset === 'BTC')!.valueUsdt).toBe('994.000000');
    expect(currency.totalUsdt).toBe('99494.031030');
    expect(d.data.totalUsdt).toBe('199994.031030'); // and the demo option account's 100,000 + 500
    const option = await t.call<ValuedWallet>(
      'GET',
      `${A}/amountByAccountByType?wallet=option`,
      undefined,
      demo(u.token),
    );
    expect(option.data.totalUsdt).toBe('100500.000000');
    const forex = await t.call<WalletBalance>('GET', `${A}/amountForex`, undefined, demo(u.token));
    expect(forex.data).toEqual({ asset: 'USDT', available: '100500.000000', frozen: '0.000000' });
    const btc = await t.post<WalletBalance>(`${A}/queryUserBalance`, { asset: 'BTC' }, demo(u.token));
    expect(btc.data.available).toBe('0.01988000');
  });
});
