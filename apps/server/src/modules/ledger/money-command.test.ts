import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OrderEvent } from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  createLedger,
  moneyRecords,
  systemAccount,
  userAccount,
  type Mode,
  type MoneyCommands,
  type MoneyStep,
  type PostInputIn,
  type UserEventSink,
} from '.';

/**
 * The money command's own contract (docs/ledger.md "The money command"), through both entrances:
 * `run` (a step in TypeScript, idempotency by ledger/idempotency.ts) and `single` (one statement,
 * idempotency by the database function money_post). The modules' tests and test/money-paths.test.ts
 * check each money path; this file checks what every path relies on.
 */

const USDT = 1_000_000n;
let t: TestApp;
let money: MoneyCommands;
/** What the command published to the users' feeds, in order. */
const published: { userId: number; event: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
  const sink: UserEventSink = {
    publishUserEvent: (e) => {
      published.push({ userId: e.userId, event: e.event });
      return Promise.resolve();
    },
  };
  money = createLedger(t.ctx, sink).money;
});
afterAll(() => t.close());

const newUser = async () => userIdByEmail(t, (await registerByEmail(t)).email);
const one = async (query: ReturnType<typeof sql>) => Number(rowsOf(await t.ctx.db.execute(query))[0]!.n);
const ledgerTxs = (userId: number) =>
  one(
    sql`SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = ${userId}`,
  );
const keys = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT key, request_hash, response FROM idempotency_keys WHERE user_id = ${userId} ORDER BY key`,
    ),
  );
const outboxRows = (userId: number) =>
  one(sql`SELECT count(*)::int AS n FROM user_event_outbox WHERE user_id = ${userId}`);
const balance = async (userId: number, wallet: 'currency' | 'option', mode: Mode = 'real') =>
  one(
    sql`SELECT coalesce(sum(balance), 0)::text AS n FROM ledger_accounts WHERE user_id = ${userId} AND mode = ${mode} AND kind = ${wallet} AND asset = 'USDT'`,
  );

/** Engine work: a deposit of `amount` into the user's real currency account. */
const fund = (userId: number, amount: bigint) =>
  money.run({
    userId: null,
    step: (m) =>
      m.post({
        mode: 'real',
        kind: 'deposit',
        reference: `test:${userId}`,
        postings: [
          { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -amount },
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount },
        ],
      }),
  });
const move = (userId: number, amount: bigint, mode: Mode = 'real'): PostInputIn => ({
  kind: 'transfer',
  reference: `test:${userId}`,
  postings: [
    { account: userAccount(userId, mode, 'currency', 'USDT'), amount: -amount },
    { account: userAccount(userId, mode, 'option', 'USDT'), amount },
  ],
});
const idem = (key: string, body: string) => ({
  key,
  requestHash: crypto.createHash('sha256').update(body).digest('hex'),
});
/** An event for a user's feed (the outbox carries it as it is). */
const event = (n: number): OrderEvent => ({ kind: 'settled', typeUser: 'real', contracts: [], n }) as OrderEvent;
/** A command's refusal as its code, its success as its answer. */
const outcome = <R>(p: Promise<R>) =>
  p.then(
    (answer) => ({ answer }),
    (err: unknown) => ({ refused: err instanceof AppError ? err.key : String(err) }),
  );
/** The records of a plan that writes nothing beside its posting. */
const noRecords = moneyRecords<Record<string, never>>(
  'test_none',
  (posted) => sql`test_none AS (SELECT transaction_id FROM ${posted})`,
);

describe('the mode check', () => {
  it("a user's command posts and reverses only on its own ledger; engine work names the mode of every posting", async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    await expect(
      money.run({ userId, mode: 'real', step: (m) => m.post({ ...move(userId, USDT, 'demo'), mode: 'demo' }) }),
    ).rejects.toThrow('a real command posted in demo');
    await expect(money.run({ userId: null, step: (m) => m.post(move(userId, USDT)) })).rejects.toThrow(
      'engine work names the mode of every posting',
    );
    await expect(money.run({ userId: null, step: (m) => m.lockDemo() })).rejects.toThrow(
      'engine work has no demo ledger',
    );
    // The demo ledger's funding is a transaction of the demo mode; a real command cannot reverse it.
    await money.ensureDemo(userId);
    const [demoTx] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT id FROM ledger_transactions WHERE kind = 'demo_faucet' AND reference = ${`user:${userId}`}`,
      ),
    );
    const demoId = Number(demoTx!.id);
    expect(await outcome(money.run({ userId, mode: 'real', step: (m) => m.reverse(demoId) }))).toEqual({
      refused: 'TRANSACTION_NOT_FOUND',
    });
    expect(await balance(userId, 'currency')).toBe(10 * Number(USDT));
    expect(await balance(userId, 'currency', 'demo')).toBe(100_000 * Number(USDT));
  });

  it("reverses a transaction once, as engine work in the transaction's own mode", async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    const id = await money.run({ userId, mode: 'real', step: (m) => m.post(move(userId, 4n * USDT)) });
    const reversal = await money.run({ userId: null, step: (m) => m.reverse(id, 'wrong wallet') });
    expect(reversal).toBeGreaterThan(id);
    expect(await outcome(money.run({ userId: null, step: (m) => m.reverse(id) }))).toEqual({
      refused: 'TRANSACTION_ALREADY_REVERSED',
    });
    expect(await outcome(money.run({ userId: null, step: (m) => m.reverse(reversal) }))).toEqual({
      refused: 'TRANSACTION_ALREADY_REVERSED',
    });
    expect([await balance(userId, 'currency'), await balance(userId, 'option')]).toEqual([10 * Number(USDT), 0]);
  });
});

describe('idempotency', () => {
  it('a key reused with another request is refused by both entrances, and moves nothing', async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    const req = (key: string, body: string) => ({ userId, mode: 'real' as const, idempotency: idem(key, body) });
    await money.run({
      ...req('k-run', 'one'),
      step: async (m) => {
        await m.post(move(userId, USDT));
        return 'first';
      },
    });
    expect(
      await outcome(
        money.run({
          ...req('k-run', 'two'),
          step: async (m) => {
            await m.post(move(userId, USDT));
            return 'second';
          },
        }),
      ),
    ).toEqual({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    const plan = (answer: string) => ({
      now: t.clock.now(),
      post: move(userId, USDT),
      answer,
      records: noRecords,
      values: {},
    });
    await money.single(req('k-single', 'one'), plan('first'));
    expect(await outcome(money.single(req('k-single', 'two'), plan('second')))).toEqual({
      refused: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await ledgerTxs(userId)).toBe(3); // the deposit and the two first requests
    expect(await balance(userId, 'option')).toBe(2 * Number(USDT));
  });

  it("a replay answers exactly the first answer and moves nothing; over HTTP the replay's bytes are the first's", async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    const answer = { amount: '1.000000', nested: { list: [1, 'two', null], at: 1_763_478_000_000 }, flag: true };
    const req = { userId, mode: 'real' as const, idempotency: idem('k', 'body') };
    const first = await money.run({
      ...req,
      step: async (m) => {
        await m.post(move(userId, USDT));
        return answer;
      },
    });
    const again = await money.run({
      ...req,
      step: async (m) => {
        await m.post(move(userId, USDT));
        return { other: 1 };
      },
    });
    expect(again).toEqual(first);
    const plan = { now: t.clock.now(), post: move(userId, USDT), answer, records: noRecords, values: {} };
    const sreq = { ...req, idempotency: idem('s', 'body') };
    expect(await money.single(sreq, plan)).toEqual(answer);
    expect(await money.single(sreq, { ...plan, answer: { other: 2 } as unknown as typeof answer })).toEqual(answer);
    expect(await balance(userId, 'option')).toBe(2 * Number(USDT));

    const u = await registerByEmail(t);
    await fund(await userIdByEmail(t, u.email), 10n * USDT);
    const transfer = () =>
      t.app.inject({
        method: 'POST',
        url: API.account.transferAsset,
        headers: { token: u.token, 'idempotency-key': 'http-1' },
        payload: { asset: 'USDT', amount: '1.5', fromAccount: 'currency', toAccount: 'option' },
      });
    const [a, b] = [await transfer(), await transfer()];
    expect(a.json()).toMatchObject({ code: 0 });
    expect(b.body).toBe(a.body);
  });

  it('the two entrances answer every sequence of requests alike: answers, refusals, balances, postings and stored keys', async () => {
    // A seeded generator: the same sequences on every run.
    let seed = 20261129;
    // mulberry32
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const seen = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const [a, b] = [await newUser(), await newUser()];
      await fund(a, 6n * USDT);
      await fund(b, 6n * USDT);
      const steps = Array.from({ length: 14 }, (_, i) => {
        const amount = BigInt(1 + rand(4)) * USDT;
        const key = rand(5) === 0 ? null : `key-${rand(4)}`;
        return { i, amount, key, body: `transfer ${amount}` };
      });
      const viaRun: unknown[] = [];
      const viaSingle: unknown[] = [];
      for (const s of steps) {
        const answer = { i: s.i, amount: String(s.amount) };
        const req = (userId: number) => ({
          userId,
          mode: 'real' as const,
          idempotency: s.key === null ? null : idem(s.key, s.body),
        });
        viaRun.push(
          await outcome(
            money.run({
              ...req(a),
              step: async (m: MoneyStep) => {
                await m.post(move(a, s.amount));
                return answer;
              },
            }),
          ),
        );
        viaSingle.push(
          await outcome(
            money.single(req(b), {
              now: t.clock.now(),
              post: move(b, s.amount),
              answer,
              records: noRecords,
              values: {},
            }),
          ),
        );
      }
      expect(viaSingle).toEqual(viaRun);
      for (const o of viaRun)
        seen.add(Object.keys(o as object)[0] === 'answer' ? 'answer' : (o as { refused: string }).refused);
      expect([await balance(b, 'currency'), await balance(b, 'option'), await ledgerTxs(b)]).toEqual([
        await balance(a, 'currency'),
        await balance(a, 'option'),
        await ledgerTxs(a),
      ]);
      expect(await keys(b)).toEqual(await keys(a));
    }
    // The sequences reached every outcome: a first answer or a replay, a reused key, a short balance.
    expect([...seen].sort()).toEqual(['BALANCE_NOT_ENOUGH', 'IDEMPOTENCY_KEY_REUSED', 'answer']);
  }, 60_000);
});

describe('a failure leaves nothing', () => {
  it('a step that fails after posting rolls back its postings, its key, its records and its events', async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    const before = published.length;
    const failing = money.run({
      userId,
      mode: 'real',
      idempotency: idem('fails', 'x'),
      step: async (m) => {
        await m.post(move(userId, 3n * USDT));
        m.publish(userId, event(1));
        throw new AppError('BALANCE_NOT_ENOUGH');
      },
    });
    expect(await outcome(failing)).toEqual({ refused: 'BALANCE_NOT_ENOUGH' });
    expect([
      await ledgerTxs(userId),
      (await keys(userId)).length,
      await outboxRows(userId),
      published.length - before,
    ]).toEqual([1, 0, 0, 0]);
    // A refused single statement stores nothing either: the same key may be tried again.
    const plan = (amount: bigint) => ({
      now: t.clock.now(),
      post: move(userId, amount),
      answer: 'moved',
      records: noRecords,
      values: {},
      events: [[userId, event(2)]] as [number, OrderEvent][],
    });
    expect(
      await outcome(money.single({ userId, mode: 'real', idempotency: idem('short', 'x') }, plan(11n * USDT))),
    ).toEqual({ refused: 'BALANCE_NOT_ENOUGH' });
    expect([(await keys(userId)).length, await outboxRows(userId), published.length - before]).toEqual([0, 0, 0]);
    await fund(userId, USDT);
    expect(await money.single({ userId, mode: 'real', idempotency: idem('short', 'x') }, plan(11n * USDT))).toBe(
      'moved',
    );
    expect([await balance(userId, 'option'), await outboxRows(userId)]).toEqual([11 * Number(USDT), 1]);
  });

  it('writes its events to the outbox with its transaction and publishes them only after the commit, never on a replay', async () => {
    const userId = await newUser();
    await fund(userId, 10n * USDT);
    const before = published.length;
    const req = { userId, mode: 'real' as const, idempotency: idem('events', 'x') };
    const step = async (m: MoneyStep) => {
      m.publish(userId, event(7));
      await m.post(move(userId, USDT));
      // Inside the transaction: not yet on the feed, and no other connection sees the row.
      expect([published.length - before, await outboxRows(userId)]).toEqual([0, 0]);
      return 'ok';
    };
    await money.run({ ...req, step });
    expect([published.length - before, await outboxRows(userId)]).toEqual([1, 1]);
    await money.run({ ...req, step: async () => 'replayed' });
    expect([published.length - before, await outboxRows(userId)]).toEqual([1, 1]);
  });
});
