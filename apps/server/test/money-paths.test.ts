import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  assetOf,
  formatAmount,
  instrumentOf,
  parseAmount,
  type Contract,
  type ErrorKey,
  type ExchangeInfo,
  type FinancingEstimate,
  type FinancingProduct,
  type FinancingSubscription,
  type Loan,
  type LoanPaymentResult,
  type LoanProduct,
  type LoanQuote,
  type OtcTrade,
  type RedeemResult,
  type SpotOrder,
  type TransferRecord,
  type WithdrawAddress,
  type WithdrawQuote,
  type Withdrawal,
} from '@app/contract';
import { rowsOf } from '../src/db/client';
import { creditBackStage } from '../src/modules/deposits';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type ApiAnswer, type TestApp } from './harness';
import { createOperator, operatorLogin } from './operators';

/**
 * Every money-moving request a user can make, each raced once and replayed once, on whichever
 * database the project runs (PostgreSQL, and the embedded PGlite: one connection, so a step that
 * used the outer handle inside its transaction would hang there). The module tests check each path
 * in depth; this file checks the one property they all share, the same way for each:
 * - race: N requests at once, each spending (or reserving) the whole balance, each with its own
 *   Idempotency-Key or none → exactly one wins, the others answer the catalogued refusal, none is a
 *   5xx, and the balances moved by exactly one success;
 * - replay: one request sent twice at once under one key, then once more → one answer, money moved once.
 */

/**
 * Requests per race: 20 on PostgreSQL, where the order of row locks decides whether concurrent
 * commands of one user deadlock (5 withdrawal confirms at once once did:
 * docs/decisions/0129-per-user-locks-for-no-key-update.md); 8 on PGlite, one connection, where they queue.
 */
const N = inject('dbTemplate').kind === 'pglite' ? 8 : 20;
const FUND = 'fund-pass-1';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let t: TestApp;
let compliance: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_DAILY_PER_IP: '100000',
      SCRYPT_COST: '1024',
      SESSION_IDLE_MINUTES: '525600',
      SESSION_MAX_DAYS: '3650',
      // Withdrawals: a signer for Ethereum (nothing is sent), addresses usable at once, the standard fee.
      ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WITHDRAW_FEE_FREE_MONTHS: '0',
      FUND_PASSWORD_MAX_FAILURES: '1000',
    },
  });
  // Each sign-in moves the clock one TOTP step: done first, so no quote or price below ages.
  compliance = await operatorLogin(t, await createOperator(t, 'compliance'));
  finance = await operatorLogin(t, await createOperator(t, 'finance'));
});
// Closing checks every ledger invariant of the file's database.
afterAll(() => t.close());

// ----- users, money and balances --------------------------------------------------------------

type Mode = 'real' | 'demo';
interface User {
  token: string;
  uid: string;
  userId: number;
  mode: Mode;
}

async function newUser(mode: Mode = 'real'): Promise<User> {
  const u = await registerByEmail(t);
  return { token: u.token, uid: u.user.uid, userId: await userIdByEmail(t, u.email), mode };
}

const headersOf = (u: User, key?: string) => ({
  token: u.token,
  headers: { typeUser: u.mode, ...(key ? { 'Idempotency-Key': key } : {}) },
});
const post = <T>(u: User, url: string, body?: unknown, key?: string) => t.post<T>(url, body, headersOf(u, key));
const get = <T>(u: User, url: string, key?: string) => t.call<T>('GET', url, undefined, headersOf(u, key));

/** The data of a request that must succeed. */
async function ok<T>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  const a = await answer;
  expect(a.code, a.msg).toBe(0);
  return a.data;
}

const minor = (asset: string, text: string) => parseAmount(text, assetOf(asset)!.scale)!;

/** An operator's credit to the real currency account (the back-stage deposit). */
async function credit(u: User, amount: string, asset = 'USDT') {
  await creditBackStage(t.money, {
    userId: u.userId,
    asset: assetOf(asset)!,
    amount: minor(asset, amount),
    note: null,
    operator: 'test',
  });
}

const transfer = (u: User, fromAccount: string, toAccount: string, amount: string) =>
  ok(post<TransferRecord>(u, API.account.transferAsset, { fromAccount, toAccount, asset: 'USDT', amount }));

/** The user's ledger balances in their mode, in minor units, by `"<account> <asset>"`. */
async function balances(u: User): Promise<Map<string, bigint>> {
  const rows = rowsOf(
    await t.ctx.db.execute(sql`SELECT kind, asset, balance::text AS b FROM ledger_accounts
    WHERE user_id = ${u.userId} AND mode = ${u.mode}`),
  );
  return new Map(rows.map((r) => [`${String(r.kind)} ${String(r.asset)}`, BigInt(String(r.b))]));
}

/** What moved since `before`: every balance that changed, by how much (formatted in its coin). */
async function moved(u: User, before: Map<string, bigint>): Promise<Record<string, string>> {
  const now = await balances(u);
  const out: Record<string, string> = {};
  for (const name of new Set([...before.keys(), ...now.keys()])) {
    const d = (now.get(name) ?? 0n) - (before.get(name) ?? 0n);
    if (d !== 0n) out[name] = formatAmount(d, assetOf(name.split(' ')[1]!)!.scale);
  }
  return out;
}

/** The user's ledger transactions in their mode, counted by kind. */
async function kinds(u: User): Promise<Record<string, number>> {
  const rows = rowsOf(
    await t.ctx.db.execute(sql`SELECT t.kind, count(DISTINCT t.id)::int AS n FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.user_id = ${u.userId} AND a.mode = ${u.mode} GROUP BY t.kind`),
  );
  return Object.fromEntries(rows.map((r) => [String(r.kind), Number(r.n)]));
}

// ----- the two checks -------------------------------------------------------------------------

const newKey = () => `k-${crypto.randomUUID()}`;
const shown = (answers: ApiAnswer[]) => answers.map((a) => `${a.status} ${a.code} ${a.msg}`).join('\n');

/**
 * Fires N copies of a request at once, the i-th with a key of its own if `keyed(i)` (every other one
 * by default), else none: exactly one wins, every other answer is one of `losers`, none is a 5xx.
 * Answers the winner.
 */
async function race<T>(
  send: (i: number, key: string | undefined) => Promise<ApiAnswer<T>>,
  losers: ErrorKey | ErrorKey[],
  keyed = (i: number) => i % 2 === 0,
): Promise<ApiAnswer<T>> {
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => send(i, keyed(i) ? newKey() : undefined)));
  const allowed = [losers].flat().map((k) => ERRORS[k].code);
  expect(
    answers.filter((a) => a.status >= 500),
    shown(answers),
  ).toEqual([]);
  expect(
    answers.filter((a) => a.code === 0),
    shown(answers),
  ).toHaveLength(1);
  expect(
    answers.filter((a) => a.code !== 0 && !allowed.includes(a.code)),
    shown(answers),
  ).toEqual([]);
  return answers.find((a) => a.code === 0)!;
}

/** Sends one request twice at once under one key, then once more: a success, the same answer three times. */
async function replay<T>(send: (key: string) => Promise<ApiAnswer<T>>, key = newKey()): Promise<ApiAnswer<T>> {
  const [first, second] = await Promise.all([send(key), send(key)]);
  const third = await send(key);
  expect(first.code, shown([first, second, third])).toBe(0);
  expect(second).toEqual(first);
  expect(third).toEqual(first);
  return first;
}

/** A trade tick and, for spot, a best bid and ask, at the clock's time. */
function price(symbol: string, last: string, book?: [string, string]) {
  const inst = instrumentOf(symbol)!;
  const units = (p: string) => Number(parseAmount(p, inst.priceDecimals));
  const now = t.clock.now().getTime();
  t.app.market.engine.tick({ symbol, time: now, price: units(last), amount: 1 });
  if (book) t.app.market.engine.book(symbol, units(book[0]), units(book[1]), now);
}

// ----- the paths ------------------------------------------------------------------------------

describe('transfer between accounts (transferAsset, one statement: MoneyCommands.single)', () => {
  const body = (amount: string) => ({ fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount });

  it('race: one of N transfers of the whole balance', async () => {
    const u = await newUser();
    await credit(u, '100');
    const before = await balances(u);
    await race((_, key) => post(u, API.account.transferAsset, body('100'), key), 'BALANCE_NOT_ENOUGH');
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-100.000000', 'option USDT': '100.000000' });
  });

  it('replay: moves once', async () => {
    const u = await newUser();
    await credit(u, '100');
    const before = await balances(u);
    await replay((key) => post(u, API.account.transferAsset, body('40'), key));
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-40.000000', 'option USDT': '40.000000' });
  });
});

describe('demo mode: a transfer on a demo ledger funded by its first use, raced with it', () => {
  const body = { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '100000' };

  it('race: one of N transfers of the whole demo balance; the faucet funds once', async () => {
    const u = await newUser('demo');
    await race((_, key) => post(u, API.account.transferAsset, body, key), 'BALANCE_NOT_ENOUGH');
    expect(await moved(u, new Map())).toEqual({ 'option USDT': '200000.000000' });
    expect(await kinds(u)).toEqual({ demo_faucet: 1, transfer: 1 });
  });

  it('replay: the first request of a demo user, twice at once, funds and moves once', async () => {
    const u = await newUser('demo');
    await replay((key) => post(u, API.account.transferAsset, body, key));
    expect(await moved(u, new Map())).toEqual({ 'option USDT': '200000.000000' });
    expect(await kinds(u)).toEqual({ demo_faucet: 1, transfer: 1 });
  });
});

describe('demo reset (demoReset): every reset may win, and the demo account ends at its start', () => {
  it('race: N resets at once on a demo ledger never used, raced with its funding, end at exactly 100,000 + 100,000 USDT', async () => {
    const u = await newUser('demo');
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => post(u, API.account.demoReset, undefined, i % 2 ? undefined : newKey())),
    );
    expect(
      answers.map((a) => a.code),
      shown(answers),
    ).toEqual(Array(N).fill(0));
    expect(await moved(u, new Map())).toEqual({ 'currency USDT': '100000.000000', 'option USDT': '100000.000000' });
    // Funded once on first use, then each reset: its balances back to the faucet, and the faucet's grant again.
    expect(await kinds(u)).toEqual({ demo_faucet: N + 1, demo_reset: N });
  });

  it('replay: resets once; money moved after it stays where it went', async () => {
    const u = await newUser('demo');
    await transfer(u, 'currency', 'option', '1');
    const key = newKey();
    await replay((k) => post(u, API.account.demoReset, undefined, k), key);
    await transfer(u, 'currency', 'option', '2');
    expect((await post(u, API.account.demoReset, undefined, key)).code).toBe(0);
    expect(await moved(u, new Map())).toEqual({ 'currency USDT': '99998.000000', 'option USDT': '100002.000000' });
    expect(await kinds(u)).toEqual({ demo_faucet: 2, demo_reset: 1, transfer: 2 });
  });
});

describe('seconds contract (contract/create, one statement: MoneyCommands.single)', () => {
  const body = (amount: string) => ({ symbol: 'BTCUSDT', direction: 'up', duration: 30, amount });
  beforeAll(() => price('BTCUSDT', '50000.00'));

  it('race: one of N contracts staking the whole option balance', async () => {
    const u = await newUser();
    await credit(u, '100');
    await transfer(u, 'currency', 'option', '100');
    const before = await balances(u);
    await race((_, key) => post<Contract>(u, API.contract.create, body('100'), key), 'BALANCE_NOT_ENOUGH');
    expect(await moved(u, before)).toEqual({ 'option USDT': '-100.000000', 'option_frozen USDT': '100.000000' });
  });

  it('replay: opens one contract', async () => {
    const u = await newUser();
    await credit(u, '100');
    await transfer(u, 'currency', 'option', '100');
    const before = await balances(u);
    await replay((key) => post<Contract>(u, API.contract.create, body('10'), key));
    expect(await moved(u, before)).toEqual({ 'option USDT': '-10.000000', 'option_frozen USDT': '10.000000' });
  });
});

describe('spot orders (spot/order market and limit, spot/cancel)', () => {
  // BTC 49999.00 / 50001.00. A market buy of 0.01 pays 500.01 and a 0.1 % fee of 0.50001; a
  // limit buy of 0.01 at 49000.00 (below the ask: it rests) holds 490 and its fee of 0.49.
  const market = { symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '0.01' };
  const limit = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '49000.00' };
  beforeAll(() => price('BTCUSDT', '50000.00', ['49999.00', '50001.00']));

  it('race: one of N market buys spending the whole balance', async () => {
    const u = await newUser();
    await credit(u, '500.51001');
    const before = await balances(u);
    await race((_, key) => post<SpotOrder>(u, API.spot.order, market, key), 'BALANCE_NOT_ENOUGH');
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-500.510010', 'currency BTC': '0.01000000' });
  });

  it('race: one of N limit buys holding the whole balance, then one of N cancels of it', async () => {
    const u = await newUser();
    await credit(u, '490.49');
    let before = await balances(u);
    const placed = await race((_, key) => post<SpotOrder>(u, API.spot.order, limit, key), 'BALANCE_NOT_ENOUGH');
    expect(placed.data.status).toBe('open');
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-490.490000', 'currency_frozen USDT': '490.490000' });

    before = await balances(u);
    await race((_, key) => post<SpotOrder>(u, API.spot.cancel, { orderId: placed.data.id }, key), 'ORDER_NOT_OPEN');
    expect(await moved(u, before)).toEqual({ 'currency USDT': '490.490000', 'currency_frozen USDT': '-490.490000' });
  });

  it('replay: one market order; one limit order, cancelled once', async () => {
    const u = await newUser();
    await credit(u, '1000');
    let before = await balances(u);
    await replay((key) => post<SpotOrder>(u, API.spot.order, market, key));
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-500.510010', 'currency BTC': '0.01000000' });

    before = await balances(u);
    const placed = await replay((key) => post<SpotOrder>(u, API.spot.order, limit, key));
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-490.490000', 'currency_frozen USDT': '490.490000' });
    await replay((key) => post<SpotOrder>(u, API.spot.cancel, { orderId: placed.data.id }, key));
    expect(await moved(u, before)).toEqual({});
  });
});

describe('OTC buy, sell and flash exchange (currencyBuy, currencySell, flashExchange)', () => {
  beforeAll(() => {
    price('BTCUSDT', '50000.00');
    price('ETHUSDT', '2500.00');
  });
  /** N quotes of the user, one per request (a quote is good for one trade). */
  const quotes = async (u: User) =>
    Promise.all(
      Array.from({ length: N }, async () => (await ok(get<ExchangeInfo>(u, API.asset.exchangeInfo))).quoteId),
    );

  it('race: one of N buys spending the whole USDT balance', async () => {
    const u = await newUser();
    await credit(u, '1000');
    const ids = await quotes(u);
    const before = await balances(u);
    const won = await race(
      (i, key) => post<OtcTrade>(u, API.asset.currencyBuy, { quoteId: ids[i], asset: 'BTC', amount: '1000' }, key),
      'BALANCE_NOT_ENOUGH',
    );
    expect(await moved(u, before)).toEqual({
      'currency USDT': `-${won.data.fromAmount}`,
      'currency BTC': won.data.toAmount,
    });
  });

  it('race: one of N sells of the whole coin balance', async () => {
    const u = await newUser();
    await credit(u, '0.01', 'BTC');
    const ids = await quotes(u);
    const before = await balances(u);
    const won = await race(
      (i, key) => post<OtcTrade>(u, API.asset.currencySell, { quoteId: ids[i], asset: 'BTC', amount: '0.01' }, key),
      'BALANCE_NOT_ENOUGH',
    );
    expect(await moved(u, before)).toEqual({ 'currency BTC': '-0.01000000', 'currency USDT': won.data.toAmount });
  });

  it('race: one of N flash exchanges of the whole coin balance', async () => {
    const u = await newUser();
    await credit(u, '0.01', 'BTC');
    const ids = await quotes(u);
    const before = await balances(u);
    const won = await race(
      (i, key) =>
        post<OtcTrade>(
          u,
          API.asset.flashExchange,
          { quoteId: ids[i], fromAsset: 'BTC', toAsset: 'ETH', amount: '0.01' },
          key,
        ),
      'BALANCE_NOT_ENOUGH',
    );
    // The USDT left over from buying whole ETH steps comes back to the user: not in the answer, so only counted.
    expect(await moved(u, before)).toMatchObject({ 'currency BTC': '-0.01000000', 'currency ETH': won.data.toAmount });
    expect(await kinds(u)).toEqual({ deposit: 1, otc_flash: 1 });
  });

  it('replay: one buy, one sell, one flash', async () => {
    const u = await newUser();
    await credit(u, '1000');
    const [buy, sell, flash] = await quotes(u);
    const bought = await replay((key) =>
      post<OtcTrade>(u, API.asset.currencyBuy, { quoteId: buy, asset: 'BTC', amount: '600' }, key),
    );
    const before = await balances(u);
    const sold = await replay((key) =>
      post<OtcTrade>(u, API.asset.currencySell, { quoteId: sell, asset: 'BTC', amount: '0.001' }, key),
    );
    expect(await moved(u, before)).toEqual({ 'currency BTC': '-0.00100000', 'currency USDT': sold.data.toAmount });
    await replay((key) =>
      post<OtcTrade>(
        u,
        API.asset.flashExchange,
        { quoteId: flash, fromAsset: 'BTC', toAsset: 'ETH', amount: '0.01' },
        key,
      ),
    );
    expect((await balances(u)).get('currency BTC')).toBe(minor('BTC', bought.data.toAmount) - minor('BTC', '0.011'));
    expect(await kinds(u)).toEqual({ deposit: 1, otc_buy: 1, otc_sell: 1, otc_flash: 1 });
  });
});

describe('withdrawal (userWithdraw/confirm, and cancel)', () => {
  /** A user with a fund password, `amount` USDT and a saved Ethereum address usable at once. */
  async function withdrawer(amount: string) {
    const u = await newUser();
    await ok(post(u, API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }));
    await credit(u, amount);
    const address = await ok(
      post<WithdrawAddress>(u, API.currencyAddress.insert, {
        currency: 'USDT',
        chainType: 'ethereum',
        address: ETH_ADDRESS,
        fundPassword: FUND,
      }),
    );
    const quote = async (a: string) =>
      (
        await ok(
          post<WithdrawQuote>(u, API.userWithdraw.create, {
            currency: 'USDT',
            chainType: 'ethereum',
            addressId: address.id,
            amount: a,
          }),
        )
      ).quoteId;
    return { u, quote };
  }

  /** N confirms at once, each of a quote of the whole balance; the winner. */
  async function confirmRace(keyed?: (i: number) => boolean) {
    const { u, quote } = await withdrawer('1000');
    const ids = await Promise.all(Array.from({ length: N }, () => quote('1000')));
    const before = await balances(u);
    const won = await race(
      (i, key) => post<Withdrawal>(u, API.userWithdraw.confirm, { quoteId: ids[i], fundPassword: FUND }, key),
      'BALANCE_NOT_ENOUGH',
      keyed,
    );
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-1000.000000', 'currency_frozen USDT': '1000.000000' });
    return { u, won };
  }

  // Keyed confirms once deadlocked on PostgreSQL (the key's row locks the user's row KEY SHARE; the
  // confirm locked it FOR UPDATE): docs/decisions/0129-per-user-locks-for-no-key-update.md.
  it('race: one of N confirms escrowing the whole balance (every other one with a key), then one of N cancels of it', async () => {
    const { u, won } = await confirmRace();
    expect(won.data.state).toBe('processing');
    const before = await balances(u);
    await race(
      (_, key) => post<Withdrawal>(u, API.userWithdraw.cancel, { id: won.data.id }, key),
      'WITHDRAWAL_NOT_CANCELLABLE',
    );
    expect(await moved(u, before)).toEqual({ 'currency USDT': '1000.000000', 'currency_frozen USDT': '-1000.000000' });
  });

  it('replay: one withdrawal, cancelled once', async () => {
    const { u, quote } = await withdrawer('1000');
    const id = await quote('100');
    const before = await balances(u);
    const done = await replay((key) =>
      post<Withdrawal>(u, API.userWithdraw.confirm, { quoteId: id, fundPassword: FUND }, key),
    );
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-100.000000', 'currency_frozen USDT': '100.000000' });
    await replay((key) => post<Withdrawal>(u, API.userWithdraw.cancel, { id: done.data.id }, key));
    expect(await moved(u, before)).toEqual({});
  });
});

describe('financing subscription (buyFinanceProduct: a GET with a token, a key required) and redemption', () => {
  let product: FinancingProduct;
  const remaining = async () =>
    minor(
      'USDT',
      (await ok(t.call<FinancingProduct[]>('GET', API.product.productList))).find((p) => p.id === product.id)!
        .remaining,
    );
  beforeAll(async () => {
    product = (await ok(t.call<FinancingProduct[]>('GET', API.product.productList))).find(
      (p) => p.name === 'USDT 14 days, redeem any time',
    )!;
  });
  /** A user with `amount` USDT in the financing account. */
  async function investor(amount: string) {
    const u = await newUser();
    await credit(u, amount);
    await transfer(u, 'currency', 'financing', amount);
    return u;
  }
  const token = async (u: User, amount: string) =>
    (
      await ok(
        get<FinancingEstimate>(u, `${API.product.estimatedAmount}?productId=${product.id}&days=14&amount=${amount}`),
      )
    ).token;
  const buy = (u: User, tok: string, key: string) =>
    get<FinancingSubscription>(u, `${API.product.buyFinanceProduct}?token=${encodeURIComponent(tok)}`, key);
  const redeem = (u: User, id: string, key: string | undefined) =>
    post<RedeemResult>(u, API.product.redeem, { id }, key);
  const returned = (r: RedeemResult) => formatAmount(minor('USDT', r.principal) + minor('USDT', r.interest), 6);

  it('race: one of N subscriptions of the whole balance (the quota taken once), then one of N redemptions', async () => {
    const u = await investor('1000');
    const tokens = await Promise.all(Array.from({ length: N }, () => token(u, '1000')));
    const [before, quota] = [await balances(u), await remaining()];
    // The key is required here: each request has its own.
    const won = await race((i, key) => buy(u, tokens[i]!, key ?? newKey()), 'BALANCE_NOT_ENOUGH');
    expect(await moved(u, before)).toEqual({
      'financing USDT': '-1000.000000',
      'financing_frozen USDT': '1000.000000',
    });
    expect(quota - (await remaining())).toBe(minor('USDT', '1000'));

    const back = await balances(u);
    const redeemed = await race((_, key) => redeem(u, won.data.id, key), 'SUBSCRIPTION_ENDED');
    expect(await moved(u, back)).toEqual({
      'financing USDT': returned(redeemed.data),
      'financing_frozen USDT': '-1000.000000',
    });
  });

  it('replay: subscribes once, redeems once', async () => {
    const u = await investor('100');
    const tok = await token(u, '100');
    const before = await balances(u);
    const sub = await replay((key) => buy(u, tok, key));
    expect(await moved(u, before)).toEqual({ 'financing USDT': '-100.000000', 'financing_frozen USDT': '100.000000' });
    const back = await balances(u);
    const redeemed = await replay((key) => redeem(u, sub.data.id, key));
    expect(await moved(u, back)).toEqual({
      'financing USDT': returned(redeemed.data),
      'financing_frozen USDT': '-100.000000',
    });
  });
});

describe('loan repayment (pay-one-application, pay-all-applications; real mode only)', () => {
  let product: LoanProduct;
  let photoShade = 0;
  async function photo(u: User): Promise<string> {
    photoShade = (photoShade + 37) % 256;
    const data = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: photoShade, g: 80, b: 160 } },
    })
      .png()
      .toBuffer();
    const up = await uploadFile(t, u.token, { kind: 'private' }, { name: 'p.png', type: 'image/png', data });
    expect(up.code, up.msg).toBe(0);
    return up.data!.path;
  }

  /** A KYC-verified user (through the real flow, decided by an operator), with three photos for loan applications. */
  async function borrower() {
    const u = await newUser();
    await ok(
      post(u, API.idCard.insertPrimaryVerification, {
        documentType: 'passport',
        nationality: 'DE',
        realName: 'Erika Mustermann',
        idNumber: `L0${u.uid}`,
      }),
    );
    await ok(
      post(u, API.idCard.insert, {
        frontImage: await photo(u),
        backImage: await photo(u),
        selfieImage: await photo(u),
      }),
    );
    const submission = Number(
      rowsOf(await t.ctx.db.execute(sql`SELECT id FROM kyc_submissions WHERE user_id = ${u.userId}`))[0]!.id,
    );
    await ok(t.post(ADMIN_API.kyc.decide, { id: submission, verified: true }, { token: compliance }));
    const photos = [await photo(u), await photo(u), await photo(u)];
    /** A loan of 100 USDT, applied for and approved (paid out to the currency account); its public id. */
    const borrow = async () => {
      const loan = await ok(
        post<Loan>(u, API.loan.createLoanProduct, { productId: product.id, amount: '100', photos, acceptTerms: true }),
      );
      const id = Number(rowsOf(await t.ctx.db.execute(sql`SELECT id FROM loans WHERE public_id = ${loan.id}`))[0]!.id);
      await ok(t.post(ADMIN_API.loans.decide, { id, approve: true }, { token: finance }));
      return loan.id;
    };
    return { u, borrow };
  }

  /** Leaves exactly `amount` USDT in the currency account: the rest parked in the option account, or a shortfall credited. */
  async function exactly(u: User, amount: string) {
    const have = (await balances(u)).get('currency USDT') ?? 0n;
    const want = minor('USDT', amount);
    if (have > want) await transfer(u, 'currency', 'option', formatAmount(have - want, 6));
    if (have < want) await credit(u, formatAmount(want - have, 6));
  }

  beforeAll(async () => {
    product = (await ok(t.call<LoanProduct[]>('GET', API.loan.productList))).find((p) => p.periodDays === 14)!;
  });

  it('pay-one race: N quotes of N loans, the balance pays one', async () => {
    const { u, borrow } = await borrower();
    const loans = [];
    for (let i = 0; i < N; i++) loans.push(await borrow());
    const quotes = await Promise.all(loans.map((id) => ok(post<LoanQuote>(u, API.loan.estimatePaidLoan, { id }))));
    // Each owes 100 and its first day's interest, 0.05.
    expect(new Set(quotes.map((q) => q.total))).toEqual(new Set(['100.050000']));
    await exactly(u, '100.05');
    const before = await balances(u);
    const won = await race(
      (i, key) => post<LoanPaymentResult>(u, API.loan.payOneApplication, { quoteId: quotes[i]!.quoteId }, key),
      'BALANCE_NOT_ENOUGH',
    );
    expect(won.data.loans.map((l) => l.state)).toEqual(['settled']);
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-100.050000' });
    expect((await kinds(u)).loan_repay).toBe(1);
  });

  it("pay-all race: N at once (half with a quote each, half at today's figures) settle once; after the first there is nothing to pay", async () => {
    const { u, borrow } = await borrower();
    for (let i = 0; i < 3; i++) await borrow();
    const quotes = await Promise.all(
      Array.from({ length: N / 2 }, () => ok(get<LoanQuote>(u, API.loan.estimatePaidLoans))),
    );
    expect(quotes[0]!.total).toBe('300.150000');
    await exactly(u, '300.15');
    const before = await balances(u);
    // Every pay-all pays every open loan: a loser finds them settled, not a balance too small.
    const won = await race(
      (i, key) =>
        post<LoanPaymentResult>(u, API.loan.payAllApplications, i < N / 2 ? { quoteId: quotes[i]!.quoteId } : {}, key),
      ['LOAN_NOTHING_TO_PAY', 'LOAN_QUOTE_STALE'],
    );
    expect(won.data.loans.map((l) => l.state)).toEqual(['settled', 'settled', 'settled']);
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-300.150000' });
  });

  it('pay-all racing N transfers of the same balance: one of them wins, the others are short', async () => {
    const { u, borrow } = await borrower();
    await borrow();
    await exactly(u, '100.05');
    const before = await balances(u);
    await race(
      (i, key) =>
        i % 4 === 0
          ? post(u, API.loan.payAllApplications, {}, key)
          : post(
              u,
              API.account.transferAsset,
              { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: '100.05' },
              key,
            ),
      ['BALANCE_NOT_ENOUGH', 'LOAN_NOTHING_TO_PAY'],
    );
    const repaid = (await kinds(u)).loan_repay === 1;
    expect(await moved(u, before)).toEqual(
      repaid ? { 'currency USDT': '-100.050000' } : { 'currency USDT': '-100.050000', 'financing USDT': '100.050000' },
    );
  });

  it('replay: pay-one pays once, pay-all (without a quote) pays once', async () => {
    const { u, borrow } = await borrower();
    const first = await borrow();
    await borrow();
    const quote = await ok(post<LoanQuote>(u, API.loan.estimatePaidLoan, { id: first }));
    await exactly(u, '200.1');
    const before = await balances(u);
    await replay((key) => post<LoanPaymentResult>(u, API.loan.payOneApplication, { quoteId: quote.quoteId }, key));
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-100.050000' });
    const rest = await replay((key) => post<LoanPaymentResult>(u, API.loan.payAllApplications, {}, key));
    expect(rest.data.paid).toBe('100.050000');
    expect(await moved(u, before)).toEqual({ 'currency USDT': '-200.100000' });
    expect((await kinds(u)).loan_repay).toBe(2);
  });
});
