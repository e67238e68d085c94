import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  instrumentOf,
  parseAmount,
  type AccountChangeList,
  type SpotOrder,
  type SpotOrderBody,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { SpotService } from './service';

// Issue 13 item 10: the statement shows business events (order placed, funds held, released), not postings.
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
  quote('49999.00', '50001.00');
});
afterAll(() => t.close());

function quote(bid: string, ask: string) {
  const inst = instrumentOf('BTCUSDT')!;
  const units = (p: string) => Number(parseAmount(p, inst.priceDecimals));
  t.app.market.engine.book('BTCUSDT', units(bid), units(ask), t.clock.now().getTime());
}
const order = (token: string, body: SpotOrderBody) => t.post<SpotOrder>(API.spot.order, body, demo(token));
const statement = async (token: string, query = '?wallet=currency') =>
  (await t.call<AccountChangeList>('GET', `${API.accountChange.list}${query}`, undefined, demo(token))).data;

describe('statement', () => {
  it('a resting limit order is one event: "Spot order placed" with the amount held, not a plus and a minus', async () => {
    const u = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.02',
      price: '49000.00',
    });
    expect(r.data.status).toBe('open');
    const s = await statement(u.token);
    // The demo funds, then the order: two events.
    expect(s.total).toBe(2);
    expect(s.items[0]).toMatchObject({
      kind: 'spot_escrow',
      kindName: 'Spot order placed',
      reference: `spot_order:${r.data.id}`,
      // 0.02 × 49000 = 980.00 plus its fee 0.98, held; nothing spent yet.
      lines: [
        {
          wallet: 'currency',
          asset: 'USDT',
          amount: '0.000000',
          held: '980.980000',
          balanceAfter: '99019.020000',
          heldAfter: '980.980000',
        },
      ],
    });
    expect(s.items[1]).toMatchObject({
      kind: 'demo_faucet',
      lines: [{ wallet: 'currency', asset: 'USDT', amount: '100000.000000', held: '0.000000' }],
    });

    // Filled at its limit: one event, the held USDT spent and the coin in.
    quote('48980.00', '48990.00');
    await new SpotService(t.ctx, t.money, t.app.market, t.ctx.config.spot).matchOnce();
    const filled = await statement(u.token);
    expect(filled.total).toBe(3);
    expect(filled.items[0]).toMatchObject({
      kind: 'spot_buy',
      kindName: 'Spot buy',
      lines: [
        { asset: 'BTC', amount: '0.02000000', held: '0.00000000', balanceAfter: '0.02000000' },
        {
          asset: 'USDT',
          amount: '-980.980000',
          held: '-980.980000',
          balanceAfter: '99019.020000',
          heldAfter: '0.000000',
        },
      ],
    });
  });

  it('a cancel is one event that releases what was held', async () => {
    quote('49999.00', '50001.00');
    const u = await registerByEmail(t);
    const r = await order(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '40000.00',
    });
    expect((await t.post(API.spot.cancel, { orderId: r.data.id }, demo(u.token))).code).toBe(0);
    const s = await statement(u.token);
    expect(s.total).toBe(3);
    // 0.01 × 40000 = 400.00 plus 0.40 fee, back to available.
    expect(s.items[0]).toMatchObject({
      kind: 'spot_cancel',
      lines: [
        {
          wallet: 'currency',
          asset: 'USDT',
          amount: '0.000000',
          held: '-400.400000',
          balanceAfter: '100000.000000',
          heldAfter: '0.000000',
        },
      ],
    });
  });

  it("a transfer is one event with a line per wallet; a wallet's statement has its own line only", async () => {
    const u = await registerByEmail(t);
    const moved = await t.post<{ id: string }>(
      API.account.transferAsset,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '25' },
      demo(u.token),
    );
    const all = await statement(u.token, '');
    expect(all.items[0]).toMatchObject({
      kind: 'transfer',
      reference: `transfer:${moved.data.id}`,
      lines: [
        { wallet: 'currency', asset: 'USDT', amount: '-25.000000', held: '0.000000', balanceAfter: '99975.000000' },
        { wallet: 'option', asset: 'USDT', amount: '25.000000', held: '0.000000', balanceAfter: '100025.000000' },
      ],
    });
    const option = await statement(u.token, '?wallet=option&page=1&size=1');
    expect(option.total).toBe(2);
    expect(option.items).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        lines: [expect.objectContaining({ wallet: 'option', amount: '25.000000' })],
      }),
    ]);
  });

  it('names events by opaque ids and public references only: no sequence number, no internal user id', async () => {
    const u = await registerByEmail(t);
    await t.post(
      API.account.transferAsset,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1' },
      demo(u.token),
    );
    const s = await statement(u.token, '');
    expect(s.items.map((i) => i.kind)).toEqual(['transfer', 'demo_faucet']);
    for (const item of s.items) expect(item.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(s.items.map((i) => i.id)).size).toBe(2);
    // The faucet's ledger reference names the internal user row: the statement does not show it.
    expect(s.items[1]!.reference).toBeNull();
    expect(JSON.stringify(s.items)).not.toMatch(/user:/);
  });
});
