import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  API,
  ERRORS,
  PUBLIC_ID_PATTERN,
  instrumentOf,
  parseAmount,
  type AccountListResult,
  type SpotOrder,
  type SpotOrderBody,
  type SpotOrderList,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { ledgerTransactions } from '../../db/schema';
import { spotOrders } from '../../db/schema-trading';
import { SpotService } from './service';

const S = API.spot;
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const demo = (token: string, extra: Record<string, string> = {}) => ({
  token,
  headers: { typeUser: 'demo', ...extra },
});

let t: TestApp;
/** Order events pushed to users' openOrders feeds, in order. */
let events: { userId: number; event: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
  // Order events reach the websocket hubs over the cluster bus (from the outbox, after the commit).
  t.app.bus.onUserEvent((e) => events.push({ userId: e.userId, event: e.event }));
});
afterAll(() => t.close());
beforeEach(() => {
  events = [];
  // Default quotes: BTC 49999.00 / 50001.00, ETH 2499.00 / 2501.00.
  quote('BTCUSDT', '49999.00', '50001.00');
  quote('ETHUSDT', '2499.00', '2501.00');
});

/** Sets a symbol's best bid and ask, as a real feed's book ticker does. */
function quote(symbol: string, bid: string, ask: string) {
  const inst = instrumentOf(symbol)!;
  const units = (p: string) => Number(parseAmount(p, inst.priceDecimals));
  t.app.market.engine.book(symbol, units(bid), units(ask), t.clock.now().getTime());
}

/**
 * A matcher of its own, as a second server process would run: same database, same prices, its
 * own services. The app's matcher is not running (MARKET_ENGINE=manual).
 */
function matcher(): SpotService {
  return new SpotService(t.ctx, t.money, t.app.market, t.ctx.config.spot);
}
const match = () => matcher().matchOnce();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const order = (token: string, body: SpotOrderBody, extra: Record<string, string> = {}) =>
  t.post<SpotOrder>(S.order, body, demo(token, extra));
const cancel = (token: string, orderId: string, extra: Record<string, string> = {}) =>
  t.post<SpotOrder>(S.cancel, { orderId }, demo(token, extra));
const detail = async (token: string, id: string) =>
  (await t.call<SpotOrder>('GET', `${S.detail}?id=${id}`, undefined, demo(token))).data;

/** The demo currency wallet: available and frozen per asset. */
async function wallet(token: string, mode: 'demo' | 'real' = 'demo') {
  const l = await t.post<AccountListResult>(
    '/asset/api/account/list',
    undefined,
    mode === 'demo' ? demo(token) : { token },
  );
  const currency = l.data.wallets.find((w) => w.wallet === 'currency')!;
  const out: Record<string, string> = {};
  for (const b of currency.balances) {
    out[b.asset] = b.available;
    out[`${b.asset}.frozen`] = b.frozen;
  }
  return out;
}

/** Ledger transactions that name an order: its escrow (if any) and its fill or cancel. */
async function transactionsOf(orderId: string): Promise<number> {
  const [r] = await t.ctx.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, `spot_order:${orderId}`));
  return r!.n;
}

const pushed = (id: string) =>
  events
    .filter((e) => (e.event as { kind: string; order: SpotOrder }).order?.id === id)
    .map((e) => e.event as { kind: string; order: SpotOrder });

describe('market orders', () => {
  it('buys at the ask: pays amount × ask plus a 0.1 % fee, gets exactly the amount', async () => {
    const u = await registerByEmail(t);
    const r = await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    expect(r.code).toBe(0);
    // 0.01 × 50001.00 = 500.01; fee 0.50001
    expect(r.data).toMatchObject({
      typeUser: 'demo',
      symbol: 'BTCUSDT',
      displaySymbol: 'BTC',
      base: 'BTC',
      quote: 'USDT',
      side: 'buy',
      type: 'market',
      status: 'filled',
      price: null,
      amount: '0.01000000',
      fillPrice: '50001.00',
      total: '500.010000',
      fee: '0.500010',
      feeAsset: 'USDT',
    });
    expect(r.data.closedAt).toBe(r.data.createdAt);
    const w = await wallet(u.token);
    expect(w).toMatchObject({ USDT: '99499.489990', BTC: '0.01000000', 'USDT.frozen': '0.000000' });
    expect(pushed(r.data.id)).toEqual([{ kind: 'spot', order: r.data }]);
    expect(await transactionsOf(r.data.id)).toBe(1);
  });

  it('sells at the bid: gets amount × bid less the fee', async () => {
    const u = await registerByEmail(t);
    await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    const r = await order(u.token, { symbol: 'BTCUSDT', side: 'sell', type: 'market', amount: '0.004' });
    // 0.004 × 49999.00 = 199.996; fee 0.199996; the user gets 199.796004
    expect(r.data).toMatchObject({
      side: 'sell',
      status: 'filled',
      fillPrice: '49999.00',
      total: '199.996000',
      fee: '0.199996',
    });
    const w = await wallet(u.token);
    expect(w).toMatchObject({ USDT: '99699.285994', BTC: '0.00600000' });
  });

  it('rounds the odd minor unit toward the house, by at most one unit each', async () => {
    const u = await registerByEmail(t);
    // HT: 10 price decimals, 5 amount decimals, 18 ledger decimals
    quote('HTUSDT', '0.4000000001', '0.4000000003');
    const buy = await order(u.token, { symbol: 'HTUSDT', side: 'buy', type: 'market', amount: '100.00001' });
    // 100.00001 × 0.4000000003 = 40.00000403...: paid 40.000005 (up); fee 0.040000005 → 0.040001 (up)
    expect(buy.data).toMatchObject({ total: '40.000005', fee: '0.040001', amount: '100.000010000000000000' });
    const sell = await order(u.token, { symbol: 'HTUSDT', side: 'sell', type: 'market', amount: '100.00001' });
    // 100.00001 × 0.4000000001 = 40.000004000... → 40.000004 (down); fee 0.040000004 → 0.040001 (up)
    expect(sell.data).toMatchObject({ total: '40.000004', fee: '0.040001' });
    const w = await wallet(u.token);
    expect(w.HT).toBe('0.000000000000000000');
    expect(w.USDT).toBe('99999.919997'); // 100000 − 40.000005 − 0.040001 + 40.000004 − 0.040001
  });
});

describe('limit orders', () => {
  it('escrows a buy, rests, and fills at its limit price when the ask crosses it', async () => {
    const u = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.02',
      price: '49000.00',
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      status: 'open',
      price: '49000.00',
      fillPrice: null,
      total: null,
      fee: null,
      closedAt: null,
    });
    // Escrow: 0.02 × 49000 = 980.00 plus its fee 0.98
    expect(await wallet(u.token)).toMatchObject({ USDT: '99019.020000', 'USDT.frozen': '980.980000' });
    const open = await t.post<SpotOrderList>(S.openOrderUser, { page: 1, size: 10 }, demo(u.token));
    expect(open.data).toMatchObject({ total: 1, items: [{ id: r.data.id, status: 'open' }] });

    await match();
    expect((await detail(u.token, r.data.id)).status).toBe('open');

    quote('BTCUSDT', '48980.00', '48990.00');
    expect(await match()).toBeGreaterThanOrEqual(1);
    const filled = await detail(u.token, r.data.id);
    // At the limit price, not the lower ask: the escrow is spent exactly.
    expect(filled).toMatchObject({ status: 'filled', fillPrice: '49000.00', total: '980.000000', fee: '0.980000' });
    expect(await wallet(u.token)).toMatchObject({ USDT: '99019.020000', 'USDT.frozen': '0.000000', BTC: '0.02000000' });
    expect(pushed(r.data.id).map((e) => e.order.status)).toEqual(['open', 'filled']);
    expect(await transactionsOf(r.data.id)).toBe(2);

    const history = await t.call<SpotOrderList>('GET', `${S.history}?page=1&size=10`, undefined, demo(u.token));
    expect(history.data.items.map((o) => o.id)).toEqual([r.data.id]);
    expect((await t.post<SpotOrderList>(S.openOrderUser, {}, demo(u.token))).data.total).toBe(0);
  });

  it('escrows the coin of a sell and pays USDT less the fee when the bid crosses', async () => {
    const u = await registerByEmail(t);
    await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      amount: '0.01',
      price: '51000.00',
    });
    expect(await wallet(u.token)).toMatchObject({ BTC: '0.00000000', 'BTC.frozen': '0.01000000' });
    quote('BTCUSDT', '51000.00', '51002.00');
    await match();
    expect(await detail(u.token, r.data.id)).toMatchObject({
      status: 'filled',
      fillPrice: '51000.00',
      total: '510.000000',
      fee: '0.510000',
    });
    // 99499.489990 + 510 − 0.51
    expect(await wallet(u.token)).toMatchObject({
      USDT: '100008.979990',
      BTC: '0.00000000',
      'BTC.frozen': '0.00000000',
    });
  });

  it('fills a limit order the quote already crosses at once, at the better current price', async () => {
    const u = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '50500.00',
    });
    expect(r.data).toMatchObject({
      type: 'limit',
      status: 'filled',
      price: '50500.00',
      fillPrice: '50001.00',
      total: '500.010000',
    });
    expect(await wallet(u.token)).toMatchObject({ USDT: '99499.489990', 'USDT.frozen': '0.000000' });
    expect(await transactionsOf(r.data.id)).toBe(1);
  });

  it('cancels an open order and returns the whole escrow; only the owner, only once', async () => {
    const u = await registerByEmail(t);
    const v = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      amount: '1.234',
      price: '2000.00',
    });
    expect(await wallet(u.token)).toMatchObject({ 'USDT.frozen': '2470.468000' }); // 2468.00 + 2.468
    expect((await cancel(v.token, r.data.id)).code).toBe(code('ORDER_NOT_FOUND'));
    expect((await t.post(S.cancel, { orderId: r.data.id }, { token: u.token })).code).toBe(code('ORDER_NOT_FOUND')); // real mode
    expect((await t.call('GET', `${S.detail}?id=${r.data.id}`, undefined, demo(v.token))).code).toBe(
      code('ORDER_NOT_FOUND'),
    );
    const c = await cancel(u.token, r.data.id);
    expect(c.code).toBe(0);
    expect(c.data).toMatchObject({ status: 'cancelled', fillPrice: null, total: null });
    expect(c.data.closedAt).not.toBeNull();
    expect(await wallet(u.token)).toMatchObject({ USDT: '100000.000000', 'USDT.frozen': '0.000000' });
    expect((await cancel(u.token, r.data.id)).code).toBe(code('ORDER_NOT_OPEN'));
    expect((await cancel(u.token, crypto.randomUUID())).code).toBe(code('ORDER_NOT_FOUND'));
    expect(pushed(r.data.id).map((e) => e.order.status)).toEqual(['open', 'cancelled']);
    // A cancelled order never fills, however far the price moves.
    quote('ETHUSDT', '1000.00', '1001.00');
    await match();
    expect((await detail(u.token, r.data.id)).status).toBe('cancelled');
    const history = await t.call<SpotOrderList>('GET', S.history, undefined, demo(u.token));
    expect(history.data.items[0]).toMatchObject({ id: r.data.id, status: 'cancelled' });
  });

  it("shows opaque ids: random UUIDs, never the sequence; an old numeric id is refused, someone else's is not found", async () => {
    const u = await registerByEmail(t);
    const v = await registerByEmail(t);
    const placed: SpotOrder[] = [];
    for (let i = 0; i < 3; i++)
      placed.push(
        (await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.001', price: '40000.00' }))
          .data,
      );
    const ids = placed.map((o) => o.id);
    for (const id of ids) {
      expect(id).toMatch(new RegExp(PUBLIC_ID_PATTERN));
      expect(id).not.toMatch(/^[0-9]+$/);
    }
    expect(new Set(ids).size).toBe(3);
    const [row] = await t.ctx.db.select({ id: spotOrders.id }).from(spotOrders).where(eq(spotOrders.publicId, ids[0]!));
    const internal = String(row!.id);
    // The internal id and a small number, as string or number, are refused by the schema with the not-found code.
    for (const old of [internal, '1']) {
      expect((await t.call('GET', `${S.detail}?id=${old}`, undefined, demo(u.token))).code).toBe(
        code('ORDER_NOT_FOUND'),
      );
      expect((await t.post(S.cancel, { orderId: old }, demo(u.token))).code).toBe(code('ORDER_NOT_FOUND'));
      expect((await t.post(S.cancel, { orderId: Number(old) }, demo(u.token))).code).toBe(code('ORDER_NOT_FOUND'));
    }
    // Upper case is not the id either (ids are shown lower case).
    expect((await t.call('GET', `${S.detail}?id=${ids[0]!.toUpperCase()}`, undefined, demo(u.token))).code).toBe(
      code('ORDER_NOT_FOUND'),
    );
    // Another user's public id: not found, for detail and cancel alike; the order stays open.
    expect((await t.call('GET', `${S.detail}?id=${ids[1]}`, undefined, demo(v.token))).code).toBe(
      code('ORDER_NOT_FOUND'),
    );
    expect((await cancel(v.token, ids[1]!)).code).toBe(code('ORDER_NOT_FOUND'));
    expect((await detail(u.token, ids[1]!)).status).toBe('open');
    // The ledger's reference (shown in statements) names the public id too.
    expect(await transactionsOf(ids[1]!)).toBe(1);
    // Paging by page still works with opaque ids: newest first.
    const p2 = await t.post<SpotOrderList>(S.openOrderUser, { page: 2, size: 1 }, demo(u.token));
    expect(p2.data.items.map((o) => o.id)).toEqual([ids[1]]);
  });

  it('pages open orders and history newest first, filtered by symbol', async () => {
    const u = await registerByEmail(t);
    const ids: string[] = [];
    for (const [symbol, price] of [
      ['BTCUSDT', '40000.00'],
      ['ETHUSDT', '2000.00'],
      ['BTCUSDT', '40001.00'],
    ] as const) {
      ids.push(
        (
          await order(u.token, {
            symbol,
            side: 'buy',
            type: 'limit',
            amount: symbol === 'BTCUSDT' ? '0.001' : '0.01',
            price,
          })
        ).data.id,
      );
    }
    const p1 = await t.post<SpotOrderList>(S.openOrderUser, { page: 1, size: 2 }, demo(u.token));
    expect(p1.data).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(p1.data.items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const btc = await t.post<SpotOrderList>(S.openOrderUser, { symbol: 'BTCUSDT' }, demo(u.token));
    expect(btc.data.items.map((o) => o.id)).toEqual([ids[2], ids[0]]);
    for (const id of ids) await cancel(u.token, id);
    const h = await t.call<SpotOrderList>('GET', `${S.history}?symbol=ETHUSDT`, undefined, demo(u.token));
    expect(h.data.items.map((o) => o.id)).toEqual([ids[1]]);
    expect((await t.call('GET', `${S.history}?size=101`, undefined, demo(u.token))).code).not.toBe(0);
  });
});

describe('refusals', () => {
  it('refuses bad symbols, precision, missing or extra prices, tiny and unaffordable orders, each with its code', async () => {
    const u = await registerByEmail(t);
    const o = (body: Partial<SpotOrderBody>) =>
      order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01', ...body } as SpotOrderBody);
    expect((await o({ symbol: 'EURUSD' })).code).toBe(code('SPOT_NOT_AVAILABLE'));
    expect((await o({ symbol: 'SOLUSDT' })).code).toBe(code('SPOT_NOT_AVAILABLE')); // quoted, but no SOL wallet
    expect((await o({ symbol: 'NOPEUSDT' })).code).toBe(code('SYMBOL_UNKNOWN'));
    const precise = await o({ amount: '0.000001' });
    expect(precise.code).toBe(code('PRECISION_INVALID'));
    expect(precise.msg).toContain('5');
    expect((await o({ symbol: 'DOGEUSDT', amount: '100.5' })).code).toBe(code('PRECISION_INVALID'));
    expect((await o({ type: 'limit', price: '50000.001' })).code).toBe(code('PRECISION_INVALID'));
    expect((await o({ amount: '0.0100000' })).code).toBe(0); // trailing zeros are not precision
    expect((await o({ type: 'limit' })).code).toBe(code('LIMIT_PRICE_REQUIRED'));
    expect((await o({ price: '50000.00' })).code).toBe(code('LIMIT_PRICE_REQUIRED'));
    expect((await o({ amount: '0' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await o({ amount: 0.01 as unknown as string })).code).toBe(code('AMOUNT_INVALID'));
    expect((await o({ type: 'limit', price: '0' })).code).toBe(code('AMOUNT_INVALID'));
    // 0.0001 × 50001 = 5.0001 is enough; 0.00009 × 50001 = 4.50009 is not
    expect((await o({ amount: '0.00009' })).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await o({ amount: '0.0001' })).code).toBe(0);
    expect((await o({ type: 'limit', amount: '0.001', price: '4000.00' })).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await o({ amount: '2' })).code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect((await o({ type: 'limit', amount: '2.5', price: '45000.00' })).code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect((await o({ side: 'sell', amount: '1' })).code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect((await o({ side: 'sell', type: 'limit', amount: '1', price: '60000.00' })).code).toBe(
      code('BALANCE_NOT_ENOUGH'),
    );
    const w = await wallet(u.token);
    expect(w).toMatchObject({ 'USDT.frozen': '0.000000', 'BTC.frozen': '0.00000000', BTC: '0.01010000' });
  });

  it('refuses a symbol without a price and one whose feed went stale', async () => {
    const u = await registerByEmail(t);
    expect((await order(u.token, { symbol: 'LTCUSDT', side: 'buy', type: 'market', amount: '1' })).code).toBe(
      code('PRICE_UNAVAILABLE'),
    );
    t.app.market.engine.stale(['BTCUSDT'], true);
    expect((await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' })).code).toBe(
      code('PRICE_UNAVAILABLE'),
    );
    expect(
      (await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '40000.00' })).code,
    ).toBe(code('PRICE_UNAVAILABLE'));
    t.app.market.engine.stale(['BTCUSDT'], false);
    expect((await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' })).code).toBe(0);
  });

  it('does not fill resting orders from a stale quote', async () => {
    const u = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '45000.00',
    });
    quote('BTCUSDT', '44000.00', '44001.00');
    t.app.market.engine.stale(['BTCUSDT'], true);
    await match();
    expect((await detail(u.token, r.data.id)).status).toBe('open');
    t.app.market.engine.stale(['BTCUSDT'], false);
    await match();
    expect((await detail(u.token, r.data.id)).status).toBe('filled');
  });
});

describe('modes', () => {
  it('trades demo money on the demo ledger at the same prices, and real mode sees none of it', async () => {
    const u = await registerByEmail(t);
    expect(
      (await t.post(S.order, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' }, { token: u.token }))
        .code,
    ).toBe(code('BALANCE_NOT_ENOUGH'));
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '45000.00',
    });
    expect(r.data.typeUser).toBe('demo');
    expect((await t.post<SpotOrderList>(S.openOrderUser, {}, { token: u.token })).data.total).toBe(0);
    expect((await t.call('GET', `${S.detail}?id=${r.data.id}`, undefined, { token: u.token })).code).toBe(
      code('ORDER_NOT_FOUND'),
    );
    expect(await wallet(u.token, 'real')).toMatchObject({ USDT: '0.000000', 'USDT.frozen': '0.000000' });
    await cancel(u.token, r.data.id);
  });

  it('needs a session', async () => {
    const r = await t.post(S.order, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' });
    expect([r.status, r.code]).toEqual([401, code('SESSION_EXPIRED')]);
  });
});

describe('concurrency and idempotency', () => {
  it('lets exactly one of 50 simultaneous market buys spending the whole balance win, 5 times over', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await registerByEmail(t);
      await wallet(u.token); // funds the demo account
      // 1.99 × 50001 = 99501.99 + fee 99.50199: nearly all of the 100,000 USDT
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '1.99' }),
        ),
      );
      expect(
        answers.filter((a) => a.code === 0),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.code === code('BALANCE_NOT_ENOUGH'))).toHaveLength(49);
      expect(await wallet(u.token)).toMatchObject({ USDT: '398.508010', BTC: '1.99000000' });
    }
  }, 300_000);

  it('moves the escrow once when cancels and matchers race for the same order, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      quote('BTCUSDT', '49999.00', '50001.00');
      const u = await registerByEmail(t);
      const r = await order(u.token, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        amount: '0.1',
        price: '49000.00',
      });
      quote('BTCUSDT', '48998.00', '49000.00');
      // In odd rounds the matchers start a little late, so that both sides win some rounds.
      const start = round % 2 ? sleep(round % 4) : Promise.resolve();
      const racers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? start.then(match).then((n) => ({ filled: n, code: -1 }))
            : cancel(u.token, r.data.id).then((a) => ({ filled: 0, code: a.code })),
        ),
      );
      const cancels = racers.filter((x) => x.code === 0).length;
      const fills = racers.reduce((n, x) => n + x.filled, 0);
      expect(cancels + fills, `round ${round}`).toBe(1);
      expect(racers.filter((x) => x.code > 0).every((x) => x.code === code('ORDER_NOT_OPEN'))).toBe(true);
      const final = await detail(u.token, r.data.id);
      const w = await wallet(u.token);
      if (final.status === 'cancelled')
        expect(w).toMatchObject({ USDT: '100000.000000', 'USDT.frozen': '0.000000', BTC: '0.00000000' });
      else expect(w).toMatchObject({ USDT: '95095.100000', 'USDT.frozen': '0.000000', BTC: '0.10000000' }); // 4900 + 4.9
      expect(await transactionsOf(r.data.id)).toBe(2);
    }
  }, 300_000);

  it('fills each order once when two matchers race', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerByEmail(t)));
    const ids: string[] = [];
    for (const u of users) {
      for (const price of ['48000.00', '48500.00', '49000.00']) {
        ids.push(
          (await order(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price })).data.id,
        );
      }
    }
    quote('BTCUSDT', '47000.00', '47001.00');
    const [a, b] = await Promise.all([match(), match()]);
    expect(a + b).toBe(ids.length);
    for (const id of ids) expect(await transactionsOf(id)).toBe(2);
    for (const u of users) {
      // 480 + 485 + 490 and 0.1 % of each
      expect(await wallet(u.token)).toMatchObject({
        USDT: '98543.545000',
        'USDT.frozen': '0.000000',
        BTC: '0.03000000',
      });
    }
    expect(events.filter((e) => (e.event as { order: SpotOrder }).order.status === 'filled')).toHaveLength(ids.length);
  });

  it('places one order for concurrent replays with one Idempotency-Key, and publishes it once', async () => {
    const u = await registerByEmail(t);
    await wallet(u.token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        order(
          u.token,
          { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' },
          { 'Idempotency-Key': 'spot-1' },
        ),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await wallet(u.token)).toMatchObject({ USDT: '99499.489990', BTC: '0.01000000' });
    expect(pushed(answers[0]!.data.id)).toHaveLength(1);
    const other = await order(
      u.token,
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.02' },
      { 'Idempotency-Key': 'spot-1' },
    );
    expect(other.code).toBe(code('IDEMPOTENCY_KEY_REUSED'));

    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '40000.00',
    });
    const c1 = await cancel(u.token, r.data.id, { 'Idempotency-Key': 'cancel-1' });
    const c2 = await cancel(u.token, r.data.id, { 'Idempotency-Key': 'cancel-1' });
    expect([c1.code, c2.code]).toEqual([0, 0]);
    expect(c2.data).toEqual(c1.data);
    expect(pushed(r.data.id).map((e) => e.order.status)).toEqual(['open', 'cancelled']);
  });
});
