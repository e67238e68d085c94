import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { SYSTEM_SHARDS, UnbalancedTransactionError, systemAccount, userAccount, type PostInput } from '.';
import { LedgerService } from './service';

let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
  // The ledger's own code (private to this module: the others move money through MoneyCommands);
  // the invariants every module registered are checked through the app's (t.app.ledger.verify).
  ledger = new LedgerService(t.ctx);
});
afterAll(() => t.close());

const USDT = 1_000_000n;
const count = async (table: 'ledger_transactions' | 'ledger_postings') =>
  Number(rowsOf(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);

/** A user with `usdt` USDT in their real currency account, credited as a deposit. */
async function funded(usdt: bigint): Promise<number> {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  await t.ctx.db.transaction((tx) =>
    ledger.post(tx, {
      mode: 'real',
      kind: 'deposit',
      reference: `test:${userId}`,
      postings: [
        { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -usdt * USDT },
        { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: usdt * USDT },
      ],
    }),
  );
  return userId;
}

const balanceOf = (userId: number, kind: 'currency' | 'option') =>
  ledger.balance(t.ctx.db, userAccount(userId, 'real', kind, 'USDT'));

describe('posting', () => {
  it('refuses an unbalanced transaction, a zero posting and a posting in the other mode, writing nothing', async () => {
    const userId = await funded(10n);
    const before = [await count('ledger_transactions'), await count('ledger_postings')];
    const post = (input: PostInput) => t.ctx.db.transaction((tx) => ledger.post(tx, input));
    const bad: PostInput[] = [
      {
        mode: 'real',
        kind: 'transfer',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: -5n * USDT },
          { account: userAccount(userId, 'real', 'option', 'USDT'), amount: 4n * USDT },
        ],
      },
      {
        mode: 'real',
        kind: 'transfer',
        reference: 'x',
        postings: [{ account: userAccount(userId, 'real', 'currency', 'USDT'), amount: 0n }],
      },
      {
        mode: 'real',
        kind: 'transfer',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: -1n },
          { account: userAccount(userId, 'demo', 'option', 'USDT'), amount: 1n },
        ],
      },
      // Balanced in total but not per asset.
      {
        mode: 'real',
        kind: 'transfer',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: -1n },
          { account: userAccount(userId, 'real', 'currency', 'BTC'), amount: 1n },
        ],
      },
    ];
    for (const input of bad) await expect(post(input)).rejects.toBeInstanceOf(UnbalancedTransactionError);
    expect([await count('ledger_transactions'), await count('ledger_postings')]).toEqual(before);
    expect(await balanceOf(userId, 'currency')).toBe(10n * USDT);
  });

  it('refuses to take a user account below zero, writing nothing', async () => {
    const userId = await funded(3n);
    const spend = t.ctx.db.transaction((tx) =>
      ledger.post(tx, {
        mode: 'real',
        kind: 'transfer',
        reference: 'x',
        postings: [
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: -4n * USDT },
          { account: userAccount(userId, 'real', 'option', 'USDT'), amount: 4n * USDT },
        ],
      }),
    );
    await expect(spend).rejects.toMatchObject({ key: 'BALANCE_NOT_ENOUGH' });
    expect(await balanceOf(userId, 'currency')).toBe(3n * USDT);
    expect(await balanceOf(userId, 'option')).toBe(0n);
  });
});

describe('batches (postMany)', () => {
  /** Postings of one ledger transaction, in posting order: account, amount, balance after. */
  const postingsOf = async (id: number, db: DbOrTx = t.ctx.db) =>
    rowsOf(
      await db.execute(sql`
    SELECT account_id, amount::text AS amount, balance_after::text AS after FROM ledger_postings WHERE transaction_id = ${id} ORDER BY id`),
    ).map((p) => ({ account: Number(p.account_id), amount: BigInt(String(p.amount)), after: BigInt(String(p.after)) }));
  const move = (userId: number, from: 'currency' | 'option', to: 'currency' | 'option', amount: bigint): PostInput => ({
    mode: 'real',
    kind: 'transfer',
    reference: `user:${userId}`,
    postings: [
      { account: userAccount(userId, 'real', from, 'USDT'), amount: -amount },
      { account: userAccount(userId, 'real', to, 'USDT'), amount },
    ],
  });

  it("records each posting's balance after it in the order of the inputs, an account moved by several of them included", async () => {
    const userId = await funded(10n);
    const ids = await t.ctx.db.transaction((tx) =>
      ledger.postMany(tx, [
        move(userId, 'currency', 'option', 4n * USDT),
        move(userId, 'option', 'currency', 1n * USDT),
        move(userId, 'currency', 'option', 6n * USDT),
      ]),
    );
    expect(ids).toHaveLength(3);
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    const after = await Promise.all(ids.map(async (id) => (await postingsOf(id)).map((p) => p.after / USDT)));
    expect(after).toEqual([
      [6n, 4n],
      [3n, 7n],
      [1n, 9n],
    ]);
    expect(await balanceOf(userId, 'currency')).toBe(1n * USDT);
  });

  it('refuses a batch in which an account would go below zero at one posting, even if a later one brings it back', async () => {
    const userId = await funded(5n);
    const before = await count('ledger_transactions');
    const spend = t.ctx.db.transaction((tx) =>
      ledger.postMany(tx, [
        move(userId, 'currency', 'option', 6n * USDT),
        move(userId, 'option', 'currency', 6n * USDT),
      ]),
    );
    await expect(spend).rejects.toMatchObject({ key: 'BALANCE_NOT_ENOUGH' });
    expect(await count('ledger_transactions')).toBe(before);
    expect(await balanceOf(userId, 'currency')).toBe(5n * USDT);
  });

  it('moves many accounts in one batch (locked first, then updated together) and refuses it whole when one of them is short', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded(3n)));
    const ok = await t.ctx.db.transaction((tx) =>
      ledger.postMany(
        tx,
        users.map((u) => move(u, 'currency', 'option', 2n * USDT)),
      ),
    );
    for (const [k, id] of ok.entries()) {
      expect((await postingsOf(id)).map((p) => p.after)).toEqual([1n * USDT, 2n * USDT]);
      expect(await balanceOf(users[k]!, 'option')).toBe(2n * USDT);
    }
    const before = await count('ledger_postings');
    const short = t.ctx.db.transaction((tx) =>
      ledger.postMany(
        tx,
        users.map((u, k) => move(u, 'currency', 'option', (k === 4 ? 2n : 1n) * USDT)),
      ),
    );
    await expect(short).rejects.toMatchObject({ key: 'BALANCE_NOT_ENOUGH' });
    expect(await count('ledger_postings')).toBe(before);
    for (const u of users) expect(await balanceOf(u, 'currency')).toBe(1n * USDT);
  });

  it('lets exactly one of 10 simultaneous batches spending the same money win, with many accounts in each', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded(1n)));
    const batch = () =>
      t.ctx.db.transaction((tx) =>
        ledger.postMany(
          tx,
          users.map((u) => move(u, 'currency', 'option', 1n * USDT)),
        ),
      );
    const results = await Promise.allSettled(Array.from({ length: 10 }, batch));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'BALANCE_NOT_ENOUGH' });
    for (const u of users) expect(await balanceOf(u, 'option')).toBe(1n * USDT);
  });

  it("runs beforeSystemAccounts between the users' and the system accounts, with the transaction ids", async () => {
    const userId = await funded(1n);
    const seen: number[][] = [];
    const ids = await t.ctx.db.transaction((tx) =>
      ledger.postMany(
        tx,
        [
          {
            mode: 'real',
            kind: 'deposit',
            reference: `test:${userId}`,
            postings: [
              { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -2n * USDT },
              { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: 2n * USDT },
            ],
          },
        ],
        {
          beforeSystemAccounts: async (txIds) => {
            seen.push(txIds);
            // The user's postings are written by now, the system account's not yet.
            expect((await postingsOf(txIds[0]!, tx)).length).toBe(1);
          },
        },
      ),
    );
    expect(seen).toEqual([ids]);
    expect((await postingsOf(ids[0]!)).length).toBe(2);
  });
});

describe('system account shards', () => {
  it("posts a user's transaction to the shard of that user; the balance is the sum of the shards; a reversal goes back to the same row", async () => {
    const users = [await funded(1n), await funded(2n)];
    const shards = rowsOf(
      await t.ctx.db.execute(sql`
      SELECT t.reference, a.shard FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.kind = 'external_deposits' AND t.reference IN (${`test:${users[0]}`}, ${`test:${users[1]}`}) ORDER BY t.id`),
    );
    expect(shards.map((r) => Number(r.shard))).toEqual(users.map((u) => u % SYSTEM_SHARDS));

    const deposits = systemAccount('real', 'external_deposits', 'USDT');
    const [sum] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS s FROM ledger_accounts WHERE kind = 'external_deposits' AND mode = 'real' AND asset = 'USDT'`,
      ),
    );
    expect(await ledger.balance(t.ctx.db, deposits)).toBe(BigInt(String(sum!.s)));
    const shard = users[1]! % SYSTEM_SHARDS;
    const before = await ledger.balance(t.ctx.db, systemAccount('real', 'external_deposits', 'USDT', shard));

    const [deposit] = rowsOf(
      await t.ctx.db.execute(sql`SELECT id FROM ledger_transactions WHERE reference = ${`test:${users[1]}`}`),
    );
    await t.ctx.db.transaction((tx) => ledger.reverse(tx, Number(deposit!.id)));
    expect(await ledger.balance(t.ctx.db, systemAccount('real', 'external_deposits', 'USDT', shard))).toBe(
      before + 2n * USDT,
    );
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
  });
});

describe('reversal', () => {
  const transfer = (userId: number, amount: bigint) =>
    t.ctx.db.transaction((tx) =>
      ledger.post(tx, {
        mode: 'real',
        kind: 'transfer',
        reference: `user:${userId}`,
        postings: [
          { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: -amount },
          { account: userAccount(userId, 'real', 'option', 'USDT'), amount },
        ],
      }),
    );

  it('posts the exact opposite of a transaction and links to it', async () => {
    const userId = await funded(10n);
    const { transactionId } = await transfer(userId, 7n * USDT);
    const reversal = await t.ctx.db.transaction((tx) => ledger.reverse(tx, transactionId, 'wrong account'));
    expect(await balanceOf(userId, 'currency')).toBe(10n * USDT);
    expect(await balanceOf(userId, 'option')).toBe(0n);
    const [row] = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT kind, mode, reverses::text AS reverses, memo, reference FROM ledger_transactions WHERE id = ${reversal.transactionId}`,
      ),
    );
    expect(row).toMatchObject({
      kind: 'reversal',
      mode: 'real',
      reverses: String(transactionId),
      memo: 'wrong account',
      reference: `reversal:${transactionId}`,
    });
    const amounts = async (id: number) =>
      rowsOf(
        await t.ctx.db.execute(sql`
      SELECT account_id, amount::text AS amount FROM ledger_postings WHERE transaction_id = ${id} ORDER BY account_id`),
      ).map((p) => [Number(p.account_id), BigInt(String(p.amount))] as const);
    expect(await amounts(reversal.transactionId)).toEqual((await amounts(transactionId)).map(([a, m]) => [a, -m]));
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
  });

  it('reverses a transaction once: a second reversal, a reversal of a reversal and an unknown id are refused', async () => {
    const userId = await funded(10n);
    const { transactionId } = await transfer(userId, 1n * USDT);
    const reverse = (id: number) => t.ctx.db.transaction((tx) => ledger.reverse(tx, id));
    const first = await reverse(transactionId);
    await expect(reverse(transactionId)).rejects.toMatchObject({ key: 'TRANSACTION_ALREADY_REVERSED' });
    await expect(reverse(first.transactionId)).rejects.toMatchObject({ key: 'TRANSACTION_ALREADY_REVERSED' });
    await expect(reverse(2 ** 40)).rejects.toMatchObject({ key: 'TRANSACTION_NOT_FOUND' });
  });

  it('lets exactly one of 10 simultaneous reversals of the same transaction win', async () => {
    const userId = await funded(10n);
    const { transactionId } = await transfer(userId, 2n * USDT);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => t.ctx.db.transaction((tx) => ledger.reverse(tx, transactionId))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'TRANSACTION_ALREADY_REVERSED' });
    expect(await balanceOf(userId, 'currency')).toBe(10n * USDT);
  });
});

describe('invariants', () => {
  /** Breaks the database inside a transaction, returns the rules the verifier reports there, and rolls it all back. */
  async function rulesBrokenBy(
    corrupt: (tx: Tx, ids: { tx: number; account: number; user: number }) => Promise<void>,
  ): Promise<string[]> {
    const userId = await funded(5n);
    const [row] = rowsOf(
      await t.ctx.db.execute(sql`
      SELECT p.transaction_id, p.account_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.user_id = ${userId} ORDER BY p.id DESC LIMIT 1`),
    );
    const ids = { tx: Number(row!.transaction_id), account: Number(row!.account_id), user: userId };
    let rules: string[] = [];
    const rollback = new Error('rollback');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await corrupt(tx, ids);
        rules = [...new Set((await t.app.ledger.verify(tx)).map((v) => v.rule))];
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
    return rules;
  }

  it('hold on a clean database', async () => {
    expect(await t.app.ledger.verify(t.ctx.db)).toEqual([]);
  });

  it('catch a transaction whose postings do not sum to zero', async () => {
    expect(
      await rulesBrokenBy((tx, ids) =>
        tx
          .execute(
            sql`UPDATE ledger_postings SET amount = amount + 1 WHERE transaction_id = ${ids.tx} AND account_id = ${ids.account}`,
          )
          .then(() => undefined),
      ),
    ).toContain('postings sum to zero per asset');
  });

  it('catch a balance that differs from its postings', async () => {
    expect(
      await rulesBrokenBy((tx, ids) =>
        tx
          .execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${ids.account}`)
          .then(() => undefined),
      ),
    ).toEqual(['balance equals the sum of its postings']);
  });

  it('catch a negative user account (behind the CHECK constraint)', async () => {
    expect(
      await rulesBrokenBy(async (tx, ids) => {
        await tx.execute(sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_not_negative`);
        await tx.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${ids.account}`);
        await tx.execute(
          sql`UPDATE ledger_postings SET amount = amount - balance_after - 1 WHERE transaction_id = ${ids.tx} AND account_id = ${ids.account}`,
        );
      }),
    ).toContain('no user account is negative');
  });

  it('catch a posting in another asset than its account', async () => {
    expect(
      await rulesBrokenBy((tx, ids) =>
        tx
          .execute(
            sql`UPDATE ledger_postings SET asset = 'BTC' WHERE transaction_id = ${ids.tx} AND account_id = ${ids.account}`,
          )
          .then(() => undefined),
      ),
    ).toContain("postings are in their account's asset");
  });

  it('catch a transaction without postings', async () => {
    expect(
      await rulesBrokenBy((tx) =>
        tx
          .execute(sql`
      INSERT INTO ledger_transactions (mode, kind, reference, created_at) VALUES ('real', 'transfer', 'empty', now())`)
          .then(() => undefined),
      ),
    ).toEqual(['every transaction has postings']);
  });

  it('catch a reversal that is not the exact opposite of what it reverses', async () => {
    expect(
      await rulesBrokenBy(async (tx, ids) => {
        // A "reversal" of the deposit that posts the same way again (balanced, balances consistent).
        const { transactionId } = await ledger.post(tx, {
          mode: 'real',
          kind: 'reversal',
          reference: `reversal:${ids.tx}`,
          reverses: ids.tx,
          postings: [
            { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -1n },
            { account: userAccount(ids.user, 'real', 'currency', 'USDT'), amount: 1n },
          ],
        });
        expect(transactionId).toBeGreaterThan(ids.tx);
      }),
    ).toEqual(['a reversal posts exactly the opposite of what it reverses']);
  });

  it('run the invariants other modules registered: a contract settlement without its contract', async () => {
    expect(
      await rulesBrokenBy((tx, ids) =>
        tx
          .execute(sql`
      INSERT INTO contract_settlements (contract_id, result, payout, close_tick_time, close_price, close_source, settled_at, settle_transaction_id)
      VALUES (${2 ** 40}, 'loss', 0, now(), 1, 'simulator', now(), ${ids.tx})`)
          .then(() => undefined),
      ),
    ).toEqual(['every contract settlement names a contract and a settling transaction of its ledger']);
  });
});
