import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastJson from 'fast-json-stringify';
import { AccountListResponse, assetOf, formatAmount, type AccountListResult } from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { successBody } from '../../plugins/envelope';
import { systemAccount, userAccount, type Mode, type PostInput, type UserKind } from '../ledger';
import { AccountListText } from './account-list';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
});
afterAll(() => t.close());

/** What Fastify serialises a route's answer with: fast-json-stringify over the response schema. */
const serializeAnswer = fastJson(AccountListResponse);

/**
 * The answer as `account/list` built it before it was sent as text (`reply.ok` of the structured
 * result): the balances read inside a transaction (the query builder's path, not the prepared
 * statement's), each formatted from its bigint, serialised by the response schema.
 */
async function answerBefore(userId: number, mode: Mode): Promise<string> {
  const rows = await t.ctx.db.transaction((tx) => t.app.ledger.accountsOf(tx, userId, mode));
  const balance = (kind: string, asset: string) =>
    rows.find((r) => r.kind === kind && r.asset === asset)?.balance ?? 0n;
  return serializeAnswer(
    successBody(AccountListText.result(mode, (kind, asset, scale) => formatAmount(balance(kind, asset), scale))),
  );
}

async function answerNow(token: string, mode: Mode): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/asset/api/account/list',
    headers: { token, ...(mode === 'demo' ? { typeUser: 'demo' } : {}) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
}

const userIdOf = (email: string) => userIdByEmail(t, email);

/** Minor units of `asset` from a decimal text. */
const minor = (asset: string, text: string) => {
  const scale = assetOf(asset)!.scale;
  const [int, frac = ''] = text.split('.');
  return BigInt(int! + frac.padEnd(scale, '0'));
};

const post = (input: PostInput) => t.app.money.run({ userId: null, step: (m) => m.post(input) });
const deposit = (userId: number, asset: string, amount: bigint, kind: UserKind = 'currency') =>
  post({
    mode: 'real',
    kind: 'deposit',
    reference: `test:${userId}`,
    postings: [
      { account: systemAccount('real', 'external_deposits', asset), amount: -amount },
      { account: userAccount(userId, 'real', kind, asset), amount },
    ],
  });
const move = (userId: number, mode: Mode, asset: string, from: UserKind, to: UserKind, amount: bigint) =>
  post({
    mode,
    kind: 'contract_open',
    reference: `test:${userId}`,
    postings: [
      { account: userAccount(userId, mode, from, asset), amount: -amount },
      { account: userAccount(userId, mode, to, asset), amount },
    ],
  });

describe('account/list as text', () => {
  it('answers byte for byte what the structured answer serialised by the route schema was: zero, real, demo, frozen, large and emptied balances', async () => {
    const fresh = await registerByEmail(t);
    const rich = await registerByEmail(t);
    const richId = await userIdOf(rich.email);
    // Real: several coins of different scales, one beyond 2^53 minor units (ETH has 18 decimals),
    // the smallest unit, a frozen part, and an account that exists but was emptied (balance 0).
    await deposit(richId, 'USDT', minor('USDT', '101234.567891'));
    await deposit(richId, 'ETH', minor('ETH', '123456789.123456789012345678'));
    await deposit(richId, 'BTC', 1n);
    await deposit(richId, 'EOS', minor('EOS', '7.5'), 'financing');
    await deposit(richId, 'DOT', minor('DOT', '3'));
    await move(richId, 'real', 'USDT', 'currency', 'option', minor('USDT', '1000'));
    await move(richId, 'real', 'USDT', 'option', 'option_frozen', minor('USDT', '12.345678'));
    await move(richId, 'real', 'ETH', 'currency', 'currency_frozen', minor('ETH', '0.000000000000000001'));
    await move(richId, 'real', 'DOT', 'currency', 'financing', minor('DOT', '3'));
    // Demo: funded on first use, then a transfer and a hold through the ledger.
    const demoAnswer = await answerNow(rich.token, 'demo');
    await move(richId, 'demo', 'USDT', 'currency', 'financing', minor('USDT', '0.01'));
    await move(richId, 'demo', 'USDT', 'option', 'option_frozen', minor('USDT', '10'));

    const freshId = await userIdOf(fresh.email);
    const cases: [string, number, Mode][] = [
      [fresh.token, freshId, 'real'],
      [fresh.token, freshId, 'demo'],
      [rich.token, richId, 'real'],
      [rich.token, richId, 'demo'],
    ];
    for (const [token, userId, mode] of cases) {
      // The answer now (the demo ledger funded on first use), then the old build over the same state.
      const now = await answerNow(token, mode);
      expect(now).toBe(await answerBefore(userId, mode));
    }
    // The demo answer before the later moves was what the route serialised then: funded, nothing moved.
    const first = JSON.parse(demoAnswer) as { data: AccountListResult };
    expect(first.data.wallets.map((w) => w.balances.find((b) => b.asset === 'USDT')!.available)).toEqual([
      '100000.000000',
      '100000.000000',
      '0.000000',
    ]);

    // Spot checks of what the bytes say, independent of any serialiser.
    const real = (JSON.parse(await answerNow(rich.token, 'real')) as { data: AccountListResult }).data;
    const of = (wallet: string, asset: string) =>
      real.wallets.find((w) => w.wallet === wallet)!.balances.find((b) => b.asset === asset)!;
    expect(of('currency', 'USDT')).toEqual({ asset: 'USDT', available: '100234.567891', frozen: '0.000000' });
    expect(of('option', 'USDT')).toEqual({ asset: 'USDT', available: '987.654322', frozen: '12.345678' });
    expect(of('currency', 'ETH')).toEqual({
      asset: 'ETH',
      available: '123456789.123456789012345677',
      frozen: '0.000000000000000001',
    });
    expect(of('currency', 'BTC').available).toBe('0.00000001');
    expect(of('currency', 'DOT').available).toBe('0.0000000000');
    expect(of('financing', 'DOT').available).toBe('3.0000000000');
    expect(of('financing', 'EOS').available).toBe('7.5000');
  });

  it('reads the balances on every request: a money write is seen by the next list', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdOf(u.email);
    const before = await answerNow(u.token, 'real');
    await deposit(userId, 'BTC', minor('BTC', '0.5'));
    const after = await answerNow(u.token, 'real');
    expect(after).not.toBe(before);
    expect(after).toBe(await answerBefore(userId, 'real'));
    expect(after).toContain('{"asset":"BTC","available":"0.50000000","frozen":"0.00000000"}');
  });
});
