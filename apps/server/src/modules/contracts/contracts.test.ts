import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API,
  ERRORS,
  PUBLIC_ID_PATTERN,
  type AccountListResult,
  type Contract,
  type ContractList,
  type ContractProduct,
  type OrderEvent,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { contracts } from '../../db/schema-trading';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { ScriptedSource, setClock } from '../market/testing';
import { ContractSettler } from './settlement';
import { loadConfig } from '../../config';
import { contractsRepo } from './repository';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'AAPLUSD'];
const GRACE_MS = loadConfig({}).contracts.settleGraceMs;

let t: TestApp;
let feed: ScriptedSource;
const events: OrderEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' },
    marketEngine: { sources: () => [(feed = new ScriptedSource(SYMBOLS, () => t.clock.now().getTime()))] },
  });
  // A Wednesday with every market open (New York winter time: stocks 14:30–21:00 UTC).
  setClock(t, '2027-03-03T15:00:00.000Z');
  await t.app.market.engine.start();
  // Order events reach the websocket hubs over the cluster bus (from the outbox, after the commit).
  t.app.bus.onUserEvent((e) => events.push(e.event as OrderEvent));
  feed.tick('BTCUSDT', '50000.00');
  feed.tick('EURUSD', '1.08000');
  feed.tick('AAPLUSD', '200.00');
});
afterAll(() => t.close());

/** A demo user with `usdt` in the option wallet. */
async function trader(usdt = '1000') {
  const u = await registerByEmail(t);
  // The demo faucet funds the option account too: its grant goes to the currency account, so exactly `usdt` is left.
  const back = await t.post(
    API.account.transferAsset,
    { fromAccount: 'option', toAccount: 'currency', asset: 'USDT', amount: '100000' },
    demo(u.token),
  );
  expect(back.code).toBe(0);
  const r = await t.post(
    API.account.transferAsset,
    { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: usdt },
    demo(u.token),
  );
  expect(r.code).toBe(0);
  return u;
}

async function optionUsdt(token: string, headers = demo(token)): Promise<{ available: string; frozen: string }> {
  const l = await t.post<AccountListResult>(API.account.list, undefined, headers);
  const b = l.data.wallets.find((w) => w.wallet === 'option')!.balances.find((x) => x.asset === 'USDT');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

async function open(token: string, body: Record<string, unknown>, path: string = API.contract.create) {
  return t.post<Contract>(
    path,
    { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '100', ...body },
    demo(token),
  );
}

const settle = () => t.app.contracts.settler.settleDue();
async function detail(token: string, id: string) {
  return (await t.call<Contract>('GET', `${API.contract.detail}?id=${id}`, undefined, demo(token))).data;
}

describe('products', () => {
  it('lists durations per market with payout rate, stake limits and the break-even win rate', async () => {
    const r = await t.call<ContractProduct[]>('GET', `${API.contract.products}?market=CRYPTO`);
    expect(r.code).toBe(0);
    expect(r.data.map((p) => p.duration)).toEqual([30, 60, 120, 300, 600, 1800, 3600]);
    // 1 / (1 + 0.8) = 55.5…% → shown rounded up.
    expect(r.data[0]).toEqual({
      market: 'CRYPTO',
      duration: 30,
      payoutRate: '0.8',
      breakEvenPercent: '55.56',
      asset: 'USDT',
      minStake: '10.000000',
      maxStake: '5000.000000',
    });
    expect((await t.call('GET', `${API.contract.products}?market=MOON`)).code).toBe(code('MARKET_TYPE_UNKNOWN'));
  });

  it("an operator's change applies to new contracts; open ones keep the rate they opened with", async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const before = (await open(u.token, { duration: 60 })).data;
    await contractsRepo.upsertProduct(t.ctx.db, {
      market: 'CRYPTO',
      durationSeconds: 60,
      payoutBps: 7000,
      minStake: 10_000_000n,
      maxStake: 10_000_000_000n,
      enabled: true,
    });
    const after = (await open(u.token, { duration: 60 })).data;
    expect([before.payoutRate, after.payoutRate]).toEqual(['0.82', '0.7']);
    expect((await detail(u.token, before.id)).payoutRate).toBe('0.82');
    await contractsRepo.upsertProduct(t.ctx.db, {
      market: 'CRYPTO',
      durationSeconds: 60,
      payoutBps: 8200,
      minStake: 10_000_000n,
      maxStake: 10_000_000_000n,
      enabled: false,
    });
    expect((await open(u.token, { duration: 60 })).code).toBe(code('CONTRACT_DURATION_UNKNOWN'));
    await contractsRepo.upsertProduct(t.ctx.db, {
      market: 'CRYPTO',
      durationSeconds: 60,
      payoutBps: 8200,
      minStake: 10_000_000n,
      maxStake: 10_000_000_000n,
      enabled: true,
    });
  });
});

describe('opening', () => {
  it("fixes the open price from the server's last tick and escrows the stake in the same transaction", async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50001.00');
    t.clock.advance(200);
    const r = await open(u.token, {});
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      status: 'open',
      result: null,
      stake: '100.000000',
      payoutRate: '0.8',
      closeTick: null,
      profit: null,
      typeUser: 'demo',
    });
    expect(r.data.openTick).toEqual({ time: t.clock.now().getTime() - 200, price: '50001.00', source: 'scripted' });
    expect(r.data.expiresAt - r.data.openTime).toBe(30_000);
    expect(await optionUsdt(u.token)).toEqual({ available: '900.000000', frozen: '100.000000' });
    expect(
      events.some((e) => e.kind === 'contract' && e.contract.id === r.data.id && e.contract.status === 'open'),
    ).toBe(true);
    // A price from the client is not a field of the request at all.
    expect((await open(u.token, { price: '1.00' })).code).toBe(code('INVALID_PARAMETER'));
  });

  it('refuses an unknown duration, a stake outside the limits, the wrong endpoint, and money the user lacks', async () => {
    const u = await trader('50');
    expect((await open(u.token, { duration: 45 })).code).toBe(code('CONTRACT_DURATION_UNKNOWN'));
    expect((await open(u.token, { amount: '5' })).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await open(u.token, { amount: '5000.01' })).code).toBe(code('AMOUNT_OUT_OF_RANGE'));
    expect((await open(u.token, { amount: '10.0000001' })).code).toBe(code('AMOUNT_INVALID'));
    // Stakes are whole cents (STAKE_DECIMALS, the same constant the web form uses): finer is refused, not cut.
    const fine = await open(u.token, { amount: '10.001' });
    expect(fine.code).toBe(code('PRECISION_INVALID'));
    expect(fine.msg).toContain('2');
    expect((await open(u.token, { symbol: 'EURUSD' })).code).toBe(code('CONTRACT_WRONG_MARKET'));
    expect((await open(u.token, { symbol: 'BTCUSDT' }, API.forex.create)).code).toBe(code('CONTRACT_WRONG_MARKET'));
    expect((await open(u.token, { amount: '51' })).code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect((await open(u.token, { symbol: 'ETHUSDT' })).code).toBe(code('PRICE_UNAVAILABLE'));
    // The real ledger is another ledger: nothing there.
    const real = await t.post(
      API.contract.create,
      { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '10' },
      { token: u.token },
    );
    expect(real.code).toBe(code('BALANCE_NOT_ENOUGH'));
    expect(await optionUsdt(u.token)).toMatchObject({ available: '50.000000' });
  });
});

describe('settlement', () => {
  async function scenario(direction: 'up' | 'down', closePrice: string) {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const c = (await open(u.token, { direction })).data;
    t.clock.advance(10_000);
    feed.tick('BTCUSDT', closePrice);
    // The last tick at or before expiry decides; one a millisecond later does not.
    t.clock.advance(20_001);
    feed.tick('BTCUSDT', direction === 'up' ? '1.00' : '99999.00');
    t.clock.advance(GRACE_MS);
    expect(await settle()).toBeGreaterThanOrEqual(1);
    return { u, c: await detail(u.token, c.id) };
  }

  it('up wins when close > open: stake × payout rate from the house plus the stake back', async () => {
    const { u, c } = await scenario('up', '50010.00');
    expect(c).toMatchObject({ status: 'settled', result: 'win', payout: '180.000000', profit: '80.000000' });
    expect(c.closeTick).toMatchObject({ price: '50010.00', source: 'scripted' });
    expect(c.closeTick!.time).toBeLessThanOrEqual(c.expiresAt);
    expect(await optionUsdt(u.token)).toMatchObject({ available: '1080.000000' });
    // The feed carries what settling changed, exactly as the detail endpoint shows it.
    const pushed = events.flatMap((e) => (e.kind === 'settled' ? e.contracts : [])).find((s) => s.id === c.id);
    expect(pushed).toEqual({
      id: c.id,
      result: c.result,
      closeTick: c.closeTick,
      payout: c.payout,
      profit: c.profit,
      settledAt: c.settledAt,
    });
  });

  it('down loses when close > open: the stake goes to the house', async () => {
    const { u, c } = await scenario('down', '50010.00');
    expect(c).toMatchObject({ result: 'loss', payout: '0.000000', profit: '-100.000000' });
    expect(await optionUsdt(u.token)).toMatchObject({ available: '900.000000' });
  });

  it('down wins when close < open', async () => {
    const { c } = await scenario('down', '49990.00');
    expect(c).toMatchObject({ result: 'win', profit: '80.000000' });
  });

  it('a tie refunds the stake', async () => {
    const { u, c } = await scenario('up', '50000.00');
    expect(c).toMatchObject({ result: 'tie', payout: '100.000000', profit: '0.000000' });
    expect(await optionUsdt(u.token)).toEqual({ available: '1000.000000', frozen: '0.000000' });
  });

  it('a tick exactly at expiry counts; the stored close tick is what the market data answers for that time', async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const c = (await open(u.token, { direction: 'down' })).data;
    feed.tick('BTCUSDT', '49000.00', c.expiresAt);
    t.clock.advance(30_000 + GRACE_MS);
    await settle();
    const d = await detail(u.token, c.id);
    expect(d.closeTick).toEqual({ time: c.expiresAt, price: '49000.00', source: 'scripted' });
    expect(d.result).toBe('win');
    const recorded = await t.app.market.engine.tickAtOrBefore('BTCUSDT', c.expiresAt);
    expect({ time: recorded!.time, price: recorded!.price, source: recorded!.source }).toEqual(d.closeTick);
  });

  it('waits for the grace period after expiry before reading the close', async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const c = (await open(u.token, {})).data;
    t.clock.advance(30_000);
    await settle();
    expect((await detail(u.token, c.id)).status).toBe('open');
    t.clock.advance(GRACE_MS);
    await settle();
    expect((await detail(u.token, c.id)).status).toBe('settled');
  });

  it('settles a contract that expired while the server was down, once, from the stored ticks', async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const c = (await open(u.token, {})).data;
    t.clock.advance(29_000);
    feed.tick('BTCUSDT', '50100.00');
    // "Down": nobody settles for ten minutes while the market moves on.
    for (let i = 0; i < 10; i++) {
      t.clock.advance(60_000);
      feed.tick('BTCUSDT', '40000.00');
    }
    // "Start": a fresh settler, as after a restart.
    const restarted = new ContractSettler(t.ctx, t.money, t.app.market, t.ctx.config.contracts);
    expect(await restarted.settleDue()).toBeGreaterThanOrEqual(1);
    expect(await restarted.settleDue()).toBe(0);
    expect(await settle()).toBe(0);
    const d = await detail(u.token, c.id);
    expect(d).toMatchObject({ result: 'win', closeTick: { price: '50100.00' } });
    expect(await settlementsOf(c.id)).toBe(1);
  });

  it('two settlement workers racing settle every contract exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => trader('5000')));
    feed.tick('BTCUSDT', '50000.00');
    feed.tick('EURUSD', '1.08000');
    const ids: string[] = [];
    for (const u of users) {
      for (let i = 0; i < 10; i++) {
        const r = await open(u.token, { direction: i % 2 ? 'up' : 'down', amount: '10' });
        const f = await open(
          u.token,
          { symbol: 'EURUSD', direction: i % 2 ? 'down' : 'up', amount: '10' },
          API.forex.create,
        );
        ids.push(r.data.id, f.data.id);
      }
    }
    t.clock.advance(5_000);
    feed.tick('BTCUSDT', '50005.00');
    feed.tick('EURUSD', '1.07990');
    t.clock.advance(25_000 + GRACE_MS);
    const ledger = t.money;
    const a = new ContractSettler(t.ctx, ledger, t.app.market, { ...t.ctx.config.contracts, settleBatch: 7 });
    const b = new ContractSettler(t.ctx, ledger, t.app.market, { ...t.ctx.config.contracts, settleBatch: 5 });
    const [na, nb] = await Promise.all([a.settleDue(), b.settleDue()]);
    expect(na + nb).toBe(ids.length);
    for (const id of ids) expect(await settlementsOf(id)).toBe(1);
    // Half won (80 % profit) and half lost on each symbol: 4 users × 10 × (8 − 10) / 2 per symbol.
    const total = await Promise.all(users.map((u) => optionUsdt(u.token)));
    expect(total.map((x) => x.available)).toEqual(Array(4).fill('4980.000000'));
  });

  it("settles 100 contracts of one user expiring together (their ledger references stay within the index's entry limit)", async () => {
    const u = await trader('5000');
    feed.tick('BTCUSDT', '50000.00');
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push((await open(u.token, { direction: i % 2 ? 'up' : 'down', amount: '10' })).data.id);
    feed.tick('BTCUSDT', '50005.00');
    t.clock.advance(30_000 + GRACE_MS);
    expect(await settle()).toBe(100);
    for (const id of ids) expect(await settlementsOf(id)).toBe(1);
    // Half won 8, half lost 10.
    expect((await optionUsdt(u.token)).available).toBe('4900.000000');
  });

  it('contracts read ahead of their expiry settle as those read when due, and one opened after the read-ahead settles too', async () => {
    await settle();
    expect(await openContracts()).toBe(0);
    // A window longer than the shortest duration, so a contract can open inside what was read.
    const worker = new ContractSettler(t.ctx, t.money, t.app.market, {
      ...t.ctx.config.contracts,
      stageAheadMs: 40_000,
    });
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const early = (await open(u.token, { direction: 'up' })).data;
    expect(await worker.pass()).toBe(0);
    expect(worker.stagedCount).toBe(1);
    t.clock.advance(1_000);
    const late = (await open(u.token, { direction: 'down' })).data;
    expect(late.expiresAt).toBeGreaterThan(early.expiresAt);
    t.clock.advance(20_000);
    feed.tick('BTCUSDT', '50020.00');
    expect(await worker.pass()).toBe(0);
    expect(worker.stagedCount).toBe(1);
    t.clock.advance(10_000 + GRACE_MS);
    expect(await worker.pass()).toBe(2);
    expect(worker.stagedCount).toBe(0);
    expect(await detail(u.token, early.id)).toMatchObject({
      result: 'win',
      profit: '80.000000',
      closeTick: { price: '50020.00' },
    });
    expect(await detail(u.token, late.id)).toMatchObject({
      result: 'loss',
      profit: '-100.000000',
      closeTick: { price: '50020.00' },
    });
    expect(await optionUsdt(u.token)).toEqual({ available: '980.000000', frozen: '0.000000' });
    expect([await settlementsOf(early.id), await settlementsOf(late.id)]).toEqual([1, 1]);
  });

  it('a batch made ahead settles as claimed when its user opened another contract for the same instant after the read', async () => {
    await settle();
    expect(await openContracts()).toBe(0);
    const worker = new ContractSettler(t.ctx, t.money, t.app.market, {
      ...t.ctx.config.contracts,
      stageAheadMs: 40_000,
    });
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const early = (await open(u.token, { direction: 'up', amount: '10' })).data;
    expect(await worker.pass()).toBe(0);
    expect(worker.stagedCount).toBe(1);
    // Same second, so the same expiry instant: not read ahead, but claimed with the batch made for it.
    const late = (await open(u.token, { direction: 'down', amount: '20' })).data;
    expect(late.expiresAt).toBe(early.expiresAt);
    feed.tick('BTCUSDT', '50010.00');
    t.clock.advance(30_000 + GRACE_MS);
    expect(await worker.pass()).toBe(2);
    expect(worker.stagedCount).toBe(0);
    expect(await detail(u.token, early.id)).toMatchObject({ result: 'win', profit: '8.000000' });
    expect(await detail(u.token, late.id)).toMatchObject({ result: 'loss', profit: '-20.000000' });
    expect(await optionUsdt(u.token)).toEqual({ available: '988.000000', frozen: '0.000000' });
    expect([await settlementsOf(early.id), await settlementsOf(late.id)]).toEqual([1, 1]);
  });

  it('holds at most CONTRACT_STAGE_MAX contracts read ahead, the earliest expiries; the rest settle when due', async () => {
    await settle();
    expect(await openContracts()).toBe(0);
    const worker = new ContractSettler(t.ctx, t.money, t.app.market, {
      ...t.ctx.config.contracts,
      stageAheadMs: 40_000,
      stageMax: 2,
    });
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await open(u.token, { direction: 'up', amount: '10' })).data.id);
      t.clock.advance(1_000);
    }
    expect(await worker.pass()).toBe(0);
    expect(worker.stagedCount).toBe(2);
    feed.tick('BTCUSDT', '50001.00');
    t.clock.advance(30_000 + GRACE_MS);
    expect(await worker.pass()).toBe(3);
    expect(worker.stagedCount).toBe(0);
    for (const id of ids) expect(await detail(u.token, id)).toMatchObject({ result: 'win', profit: '8.000000' });
  });

  it('a contract read ahead by two workers is settled once, and neither keeps it', async () => {
    const config = t.ctx.config.contracts;
    const ledger = t.money;
    const [a, b] = [0, 1].map(() => new ContractSettler(t.ctx, ledger, t.app.market, config));
    await settle();
    expect(await openContracts()).toBe(0);
    const users = await Promise.all(Array.from({ length: 3 }, () => trader()));
    feed.tick('BTCUSDT', '50000.00');
    const ids = await Promise.all(
      users.map(async (u) => (await open(u.token, { direction: 'up', amount: '10' })).data.id),
    );
    t.clock.advance(30_000 - config.stageAheadMs + 1_000);
    await Promise.all([a!.pass(), b!.pass()]);
    expect([a!.stagedCount, b!.stagedCount]).toEqual([3, 3]);
    feed.tick('BTCUSDT', '49990.00');
    t.clock.advance(config.stageAheadMs + GRACE_MS);
    const [na, nb] = await Promise.all([a!.pass(), b!.pass()]);
    expect(na + nb).toBe(3);
    expect([a!.stagedCount, b!.stagedCount]).toEqual([0, 0]);
    for (const id of ids) expect(await settlementsOf(id)).toBe(1);
  });
});

async function openContracts(): Promise<number> {
  const r = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM contracts c
    WHERE NOT EXISTS (SELECT 1 FROM contract_settlements s WHERE s.contract_id = c.id)`);
  return Number(rowsOf(r)[0]!.n);
}

/** Ledger transactions that settled contract `id` (a batch may settle several of a user's contracts in one). */
async function settlementsOf(id: string): Promise<number> {
  const r =
    await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind IN ('contract_win', 'contract_loss', 'contract_tie', 'contract_settle')
    AND (reference = ${`contract:${id}`} OR (reference LIKE 'contracts:%' AND ',' || substr(reference, 11) || ',' LIKE ${`%,${id},%`}))`);
  return Number(rowsOf(r)[0]!.n);
}

describe('concurrency', () => {
  it('50 simultaneous contracts each staking the whole balance: exactly one is accepted', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await trader('100');
      feed.tick('BTCUSDT', '50000.00');
      const answers = await Promise.all(Array.from({ length: 50 }, () => open(u.token, { amount: '100' })));
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code === code('BALANCE_NOT_ENOUGH'))).toHaveLength(49);
      expect(await optionUsdt(u.token)).toEqual({ available: '0.000000', frozen: '100.000000' });
    }
  });
});

describe('public ids', () => {
  it("are random UUIDs, not the sequence; an old numeric id is refused, another user's is not found", async () => {
    const u = await trader();
    const v = await trader();
    feed.tick('BTCUSDT', '50000.00');
    const opened: Contract[] = [];
    for (let i = 0; i < 3; i++) opened.push((await open(u.token, { amount: '10' })).data);
    const ids = opened.map((c) => c.id);
    for (const id of ids) {
      expect(id).toMatch(new RegExp(PUBLIC_ID_PATTERN));
      expect(id).not.toMatch(/^[0-9]+$/);
    }
    expect(new Set(ids).size).toBe(3);
    // The contract event carries the public id.
    expect(events.some((e) => e.kind === 'contract' && e.contract.id === ids[0])).toBe(true);
    // Lists return the public ids, newest first, page by page.
    const page2 = await t.call<ContractList>(
      'GET',
      `${API.contract.getContractList}?size=1&page=2`,
      undefined,
      demo(u.token),
    );
    expect(page2.data.items.map((c) => c.id)).toEqual([ids[1]]);
    // The sequence id and a small number are refused by the schema with the not-found code.
    const internal = rowsOf(await t.ctx.db.execute(sql`SELECT id FROM ${contracts} WHERE public_id = ${ids[0]!}`))[0]!
      .id;
    for (const old of [String(internal), '1']) {
      const r = await t.call('GET', `${API.contract.detail}?id=${old}`, undefined, demo(u.token));
      expect(r.code).toBe(code('ORDER_NOT_FOUND'));
    }
    // Someone else's public id: not found.
    expect((await t.call('GET', `${API.contract.detail}?id=${ids[0]}`, undefined, demo(v.token))).code).toBe(
      code('ORDER_NOT_FOUND'),
    );
    expect((await detail(u.token, ids[0]!)).id).toBe(ids[0]);
    // The ledger's reference (shown in statements) names the public id.
    const refs = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT reference FROM ledger_transactions WHERE kind = 'contract_open' AND reference = ${`contract:${ids[2]}`}`,
      ),
    );
    expect(refs).toHaveLength(1);
  });
});

describe('market hours and lists', () => {
  it("lists the desk's contracts only, newest first, paginated", async () => {
    const u = await trader();
    feed.tick('BTCUSDT', '50000.00');
    feed.tick('EURUSD', '1.08000');
    await open(u.token, {});
    await open(u.token, { symbol: 'EURUSD' }, API.forex.create);
    await open(u.token, { symbol: 'BTCUSDT', amount: '20' });
    const crypto = await t.call<ContractList>(
      'GET',
      `${API.contract.getContractList}?size=1`,
      undefined,
      demo(u.token),
    );
    expect(crypto.data).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(crypto.data.items[0]).toMatchObject({ symbol: 'BTCUSDT', stake: '20.000000' });
    const forex = await t.call<ContractList>(
      'GET',
      `${API.forex.getContractList}?status=open`,
      undefined,
      demo(u.token),
    );
    expect(forex.data.items.map((c) => c.displaySymbol)).toEqual(['EURUSD']);
    // Settled: found by the other filter, with what settled them.
    t.clock.advance(30_000 + GRACE_MS);
    await settle();
    const list = (status: string) =>
      t.call<ContractList>('GET', `${API.contract.getContractList}?status=${status}`, undefined, demo(u.token));
    expect((await list('open')).data.total).toBe(0);
    const settled = (await list('settled')).data;
    expect(settled.items.map((c) => [c.status, c.result, c.closeTick?.price])).toEqual([
      ['settled', 'tie', '50000.00'],
      ['settled', 'tie', '50000.00'],
    ]);
  });

  it('refuses a stock contract on Saturday with the next opening time', async () => {
    setClock(t, '2027-03-06T15:00:00.000Z');
    const u = await trader();
    const r = await open(u.token, { symbol: 'AAPLUSD' }, API.forex.create);
    expect(r.code).toBe(code('MARKET_CLOSED'));
    expect(r.msg).toContain('2027-03-08T14:30:00.000Z');
    expect(await optionUsdt(u.token)).toMatchObject({ available: '1000.000000' });
  });
});
