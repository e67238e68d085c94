import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { startWithdrawChain, type AnvilNode } from '../../../test/anvil';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { DEPOSIT_KEY_DEV_SEED_FILE, DepositKeys } from '../deposits';
import { systemAccount, userAccount } from '../ledger';
import { evmHotKey, signerChains } from './hot-wallet';
import { bumpedFees, configuredLanes, WithdrawalSigner, type SignerFaults } from './signer';

/** Confirmations the Ethereum routes wait for in these tests (the block itself is the first). */
const N = 3;
const RESEND_S = 60;
const USDT = 1_000_000n;

let node: AnvilNode;
let token: Address;
let hot: Address;
let t: TestApp;

beforeAll(async () => {
  // The hot wallet: a fresh key, funded with ETH for gas and USDT to pay out.
  const chain = await startWithdrawChain({ eth: 100n * 10n ** 18n, usdt: 1_000_000n * USDT });
  ({ node, token, hot } = chain);
  t = await createTestApp({
    env: await chain.env({
      DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: String(N),
      DEPOSIT_ETH_ETHEREUM_CONFIRMATIONS: String(N),
      WITHDRAW_RESEND_AFTER_SECONDS: String(RESEND_S),
      WITHDRAW_SIGNER_POLL_MS: '100',
    }),
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const signer = (faults?: SignerFaults) =>
  new WithdrawalSigner(t.ctx, { withdrawals: t.app.withdrawals, ...(faults ? { faults } : {}) });

const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/**
 * An approved USDT withdrawal of `amount` (fee inside it) to a fresh address: the user credited and
 * the amount held in escrow on the ledger, the address-book, quote and withdrawal rows written as
 * the create/confirm/approve flow leaves them.
 */
async function approvedWithdrawal(amount: bigint, fee: bigint, symbol = 'USDT'): Promise<{ id: number; to: Address }> {
  const u = await registerByEmail(t);
  const userId = await userIdByEmail(t, u.email);
  const to = randomAddress();
  const escrowTxId = await t.money.run({
    userId: null,
    step: async (m) => {
      await m.post({
        kind: 'deposit',
        mode: 'real',
        reference: `test:${to}`,
        postings: [
          { account: systemAccount('real', 'external_deposits', symbol), amount: -amount },
          { account: userAccount(userId, 'real', 'currency', symbol), amount },
        ],
      });
      return m.post({
        kind: 'withdraw_escrow',
        mode: 'real',
        reference: `withdraw_quote:${to}`,
        postings: [
          { account: userAccount(userId, 'real', 'currency', symbol), amount: -amount },
          { account: userAccount(userId, 'real', 'currency_frozen', symbol), amount },
        ],
      });
    },
  });
  const now = t.clock.now().toISOString();
  const [a] = rowsOf(
    await t.ctx.db.execute(sql`
    INSERT INTO withdraw_addresses (user_id, symbol, chain, address, lookup, nickname, created_at, usable_from)
    VALUES (${userId}, ${symbol}, 'ethereum', ${to}, ${to.toLowerCase()}, 'test', ${now}, ${now}) RETURNING id`),
  );
  await t.ctx.db.execute(sql`
    INSERT INTO withdraw_quotes (id, user_id, address_id, symbol, chain, amount, fee, fee_waived, created_at, expires_at, used_at)
    VALUES (${to}, ${userId}, ${a!.id}, ${symbol}, 'ethereum', ${amount.toString()}, ${fee.toString()}, false, ${now}, ${now}, ${now})`);
  const [w] = rowsOf(
    await t.ctx.db.execute(sql`
    INSERT INTO withdrawals (user_id, quote_id, address_id, symbol, chain, address, nickname, amount, fee, value_usdt, state, review, risk_flags,
      approvals_needed, escrow_tx_id, required_confirmations, created_at, updated_at, decided_at)
    VALUES (${userId}, ${to}, ${a!.id}, ${symbol}, 'ethereum', ${to}, 'test', ${amount.toString()}, ${fee.toString()}, ${amount.toString()}, 'approved', 'auto',
      '[]'::jsonb, 0, ${escrowTxId}, ${N}, ${now}, ${now}, ${now}) RETURNING id`),
  );
  return { id: Number(w!.id), to };
}

interface WithdrawalState {
  state: string;
  tx_hash: string | null;
  confirmations: number | null;
  final_tx_id: number | null;
}
const withdrawal = async (id: number): Promise<WithdrawalState> =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT state, tx_hash, confirmations, final_tx_id::int AS final_tx_id FROM withdrawals WHERE id = ${id}`,
    ),
  )[0] as unknown as WithdrawalState;
const attempts = async (id: number) =>
  rowsOf(
    await t.ctx.db.execute(sql`
  SELECT nonce::int AS nonce, attempt, tx_hash, max_fee_per_gas::text AS max_fee, max_priority_fee_per_gas::text AS tip, sent_at
  FROM withdraw_broadcasts WHERE withdrawal_id = ${id} ORDER BY attempt`),
  );
/** The payouts of a withdrawal on the ledger (WithdrawalService.complete's, referenced by its public id). */
const payouts = async (id: number) =>
  Number(
    rowsOf(
      await t.ctx.db.execute(sql`
  SELECT count(*)::int AS n FROM ledger_transactions l JOIN withdrawals w ON l.reference = 'withdrawal:' || w.public_id
  WHERE l.kind = 'withdraw' AND w.id = ${id}`),
    )[0]!.n,
  );
const pendingCount = async () => Number(await node.rpc<Hex>('eth_getTransactionCount', [hot, 'pending']));
const minedCount = async () => Number(await node.rpc<Hex>('eth_getTransactionCount', [hot, 'latest']));
const nextNonce = async () =>
  Number(
    rowsOf(
      await t.ctx.db.execute(
        sql`SELECT next_nonce::int AS next_nonce FROM signer_nonces WHERE chain = 'ethereum' AND address = ${hot}`,
      ),
    )[0]?.next_nonce ?? 0,
  );

/**
 * The hot wallet's nonces have no gap and none is spent twice: every nonce the signer reserved is
 * recorded (its attempts share it), the node has mined exactly those, and each withdrawal has one.
 */
async function expectNoncesWithoutGap() {
  const rows = rowsOf(
    await t.ctx.db.execute(
      sql`SELECT withdrawal_id, array_agg(DISTINCT nonce::int) AS nonces FROM withdraw_broadcasts WHERE from_address = ${hot} GROUP BY withdrawal_id`,
    ),
  );
  const nonces = rows
    .map((r) => {
      const list = (r.nonces as unknown[]).map(Number);
      expect(list).toHaveLength(1);
      return list[0]!;
    })
    .sort((a, b) => a - b);
  const next = await nextNonce();
  expect(nonces).toEqual(Array.from({ length: next }, (_, i) => i));
  expect(await minedCount()).toBe(next);
}

/** Mines the confirmations and runs the signer until the withdrawals complete. */
async function confirmAll(s: WithdrawalSigner) {
  await node.mine(N);
  const r = await s.runOnce();
  expect(r.status).toBe('done');
  return r;
}

describe('withdrawal signer on a local chain (anvil)', () => {
  it('signs and sends an approved USDT withdrawal: the address receives amount − fee, completed after N confirmations', async () => {
    const w = await approvedWithdrawal(250n * USDT, 1n * USDT);
    // The app's own signer (started on a timer in the engine role; here run by hand).
    const s = t.app.withdrawalSigner;
    expect(s.lanes.map((l) => [l.chain, l.signer.address])).toEqual([['ethereum', hot]]);
    const first = await s.runOnce();
    expect(first).toMatchObject({ status: 'done', signed: 1, sent: 1 });
    const [a] = await attempts(w.id);
    expect(a).toMatchObject({ nonce: 0, attempt: 1, sent_at: expect.anything() });
    expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast', tx_hash: a!.tx_hash, confirmations: 0 });

    await node.mine(1);
    await s.runOnce();
    expect(await node.usdtBalance(token, w.to)).toBe(249n * USDT);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast', confirmations: 1 });

    await node.mine(N - 2);
    expect((await s.runOnce()).completed).toBe(0);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast', confirmations: N - 1 });
    await node.mine(1);
    expect((await s.runOnce()).completed).toBe(1);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'completed', tx_hash: a!.tx_hash, confirmations: N });
    expect(await payouts(w.id)).toBe(1);

    // Later runs find nothing to do.
    await node.mine(2);
    expect(await s.runOnce()).toMatchObject({ signed: 0, sent: 0, completed: 0 });
    expect(await node.usdtBalance(token, w.to)).toBe(249n * USDT);
    await expectNoncesWithoutGap();
  });

  it('re-sends a dropped transaction with the same nonce and higher fees after the timeout, and completes it once', async () => {
    const w = await approvedWithdrawal(100n * USDT, 0n);
    const s = signer();
    await s.runOnce();
    const [first] = await attempts(w.id);
    await node.rpc('anvil_dropTransaction', [first!.tx_hash]);
    await node.mine(1);
    // Not yet: the timeout has not passed.
    expect(await s.runOnce()).toMatchObject({ replaced: 0 });
    t.clock.advance(RESEND_S * 1000 + 1000);
    expect(await s.runOnce()).toMatchObject({ status: 'done', replaced: 1, sent: 1 });
    const [, second] = await attempts(w.id);
    expect(second).toMatchObject({ nonce: first!.nonce, attempt: 2 });
    expect(BigInt(String(second!.max_fee))).toBeGreaterThanOrEqual((BigInt(String(first!.max_fee)) * 9n + 7n) / 8n);
    expect(BigInt(String(second!.tip))).toBeGreaterThanOrEqual((BigInt(String(first!.tip)) * 9n + 7n) / 8n);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast', tx_hash: second!.tx_hash });

    await confirmAll(s);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'completed', tx_hash: second!.tx_hash });
    expect(await node.usdtBalance(token, w.to)).toBe(100n * USDT);
    await s.runOnce();
    expect(await payouts(w.id)).toBe(1);
    await expectNoncesWithoutGap();
  });

  it('a signer killed between signing and recording sends nothing; the next run signs the same nonce again, one transfer', async () => {
    const w = await approvedWithdrawal(30n * USDT, 2n * USDT);
    const nonce = await nextNonce();
    const killed = signer({
      afterSign: () => {
        throw new Error('killed');
      },
    });
    expect(await killed.runOnce()).toMatchObject({ status: 'failed', error: 'killed' });
    expect(await withdrawal(w.id)).toMatchObject({ state: 'approved', tx_hash: null });
    expect(await attempts(w.id)).toEqual([]);
    expect(await nextNonce()).toBe(nonce);
    expect(await pendingCount()).toBe(await minedCount());

    const s = signer();
    expect(await s.runOnce()).toMatchObject({ signed: 1, sent: 1 });
    expect((await attempts(w.id)).map((a) => a.nonce)).toEqual([nonce]);
    await node.mine(1);
    await confirmAll(s);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'completed' });
    expect(await node.usdtBalance(token, w.to)).toBe(28n * USDT);
    await expectNoncesWithoutGap();
  });

  it('a signer killed after recording, before sending: the next run sends the recorded transaction, one transfer', async () => {
    const w = await approvedWithdrawal(40n * USDT, 1n * USDT);
    const killed = signer({
      afterRecord: () => {
        throw new Error('killed');
      },
    });
    expect(await killed.runOnce()).toMatchObject({ status: 'failed', signed: 1, sent: 0 });
    const [recorded] = await attempts(w.id);
    expect(recorded).toMatchObject({ attempt: 1, sent_at: null });
    expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast', tx_hash: recorded!.tx_hash });
    expect(await pendingCount()).toBe(await minedCount());

    const s = signer();
    expect(await s.runOnce()).toMatchObject({ status: 'done', signed: 0, sent: 1, replaced: 0 });
    expect(await attempts(w.id)).toEqual([
      expect.objectContaining({ tx_hash: recorded!.tx_hash, sent_at: expect.anything() }),
    ]);
    await node.mine(1);
    await confirmAll(s);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'completed', tx_hash: recorded!.tx_hash });
    expect(await node.usdtBalance(token, w.to)).toBe(39n * USDT);
    await expectNoncesWithoutGap();
  });

  it('two signers at once on many withdrawals: each signed and sent once, every nonce used once, no gap', async () => {
    const ws = [];
    for (let i = 0; i < 12; i++) ws.push(await approvedWithdrawal(BigInt(20 + i) * USDT, 1n * USDT));
    const [a, b] = [signer(), signer()];
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.signed + rb.signed).toBe(ws.length);
    for (const w of ws) expect(await attempts(w.id)).toHaveLength(1);
    await node.mine(1);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await node.mine(N);
    await Promise.all([a.runOnce(), b.runOnce()]);
    for (const [i, w] of ws.entries()) {
      expect(await withdrawal(w.id)).toMatchObject({ state: 'completed' });
      expect(await payouts(w.id)).toBe(1);
      expect(await node.usdtBalance(token, w.to)).toBe(BigInt(19 + i) * USDT);
    }
    await expectNoncesWithoutGap();
  });

  it('pays ETH as value; a second lane configuration finds the same hot wallet', async () => {
    const w = await approvedWithdrawal(10n ** 18n, 10n ** 15n, 'ETH');
    const s = signer();
    await s.runOnce();
    await node.mine(1);
    await confirmAll(s);
    expect(await withdrawal(w.id)).toMatchObject({ state: 'completed' });
    expect(BigInt(await node.rpc<Hex>('eth_getBalance', [w.to, 'latest']))).toBe(10n ** 18n - 10n ** 15n);
    expect(configuredLanes(t.ctx).map((l) => l.signer.address)).toEqual([hot]);
    await expectNoncesWithoutGap();
  });
});

describe('on its timer', () => {
  it('signs and follows on its own until stopped', async () => {
    const w = await approvedWithdrawal(5n * USDT, 0n);
    const s = signer();
    s.start();
    try {
      const sent = async () => (await attempts(w.id))[0]?.sent_at;
      for (let i = 0; i < 100 && !(await sent()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await withdrawal(w.id)).toMatchObject({ state: 'broadcast' });
      expect(await sent()).toBeTruthy();
      await node.mine(N);
      for (let i = 0; i < 100 && (await withdrawal(w.id)).state !== 'completed'; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await withdrawal(w.id)).toMatchObject({ state: 'completed', confirmations: N });
    } finally {
      await s.stop();
    }
    expect(await node.usdtBalance(token, w.to)).toBe(5n * USDT);
  }, 30_000);
});

describe('a transfer the chain reverts', () => {
  it('fails the withdrawal once confirmed (the escrow comes back) and keeps the nonces without gap', async () => {
    // Two payouts that each fit the hot wallet's balance but not both. The node estimates against its
    // pending state, so the second is signed while the first is recorded but not yet sent (a signer
    // died in between); then both go out, and the second reverts when mined.
    const balance = await node.usdtBalance(token, hot);
    const amount = balance / 2n + USDT;
    const [ok, reverted] = [await approvedWithdrawal(amount, 0n), await approvedWithdrawal(amount, 0n)];
    let kills = 1;
    const s = signer({
      afterRecord: () => {
        if (kills-- > 0) throw new Error('killed');
      },
    });
    expect(await s.runOnce()).toMatchObject({ status: 'failed', signed: 1 });
    expect(await s.runOnce()).toMatchObject({ status: 'done', signed: 1, sent: 2 });
    await node.mine(1);
    await s.runOnce();
    await node.mine(N);
    expect(await s.runOnce()).toMatchObject({ completed: 1, failed: 1 });
    expect(await withdrawal(ok.id)).toMatchObject({ state: 'completed' });
    expect(await withdrawal(reverted.id)).toMatchObject({ state: 'failed' });
    expect(rowsOf(await t.ctx.db.execute(sql`SELECT note FROM withdrawals WHERE id = ${reverted.id}`))[0]!.note).toBe(
      'reverted on chain',
    );
    expect(await node.usdtBalance(token, reverted.to)).toBe(0n);
    expect(await s.runOnce()).toMatchObject({ completed: 0, failed: 0 });
    await expectNoncesWithoutGap();

    // One the node says would revert now is not signed: it stays approved for an operator.
    const tooLarge = await approvedWithdrawal(amount, 0n);
    expect(await s.runOnce()).toMatchObject({ status: 'done', signed: 0 });
    expect(await withdrawal(tooLarge.id)).toMatchObject({ state: 'approved', tx_hash: null });
    await t.app.withdrawals.fail(tooLarge.id, 'hot wallet short of funds');
    await expectNoncesWithoutGap();
  });
});

describe('the hot key', () => {
  it("without WITHDRAW_HOT_KEY_EVM, on the development seed: m/44'/60'/1'/0/0 of the seed in the data folder, not a deposit address", async () => {
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, withdrawals: { ...t.ctx.config.withdrawals, hotKeyEvm: undefined } },
    };
    expect(signerChains(ctx)).toEqual(['ethereum']);
    const key = evmHotKey(ctx)!;
    const seed = Buffer.from(
      fs.readFileSync(path.join(t.ctx.config.dataDir, DEPOSIT_KEY_DEV_SEED_FILE), 'utf8').trim(),
      'hex',
    );
    const expected = HDKey.fromMasterSeed(seed).derive("m/44'/60'/1'/0/0").privateKey!;
    expect(key).toBe(`0x${Buffer.from(expected).toString('hex')}`);
    const deposit = DepositKeys.load(t.ctx.config.deposits, t.ctx.config.dataDir, t.ctx.log).derive('evm', 0);
    expect(privateKeyToAccount(key).address.toLowerCase()).not.toBe(deposit.lookup);
    // No dev seed and no key, or no node: no signer.
    expect(
      signerChains({ ...ctx, config: { ...ctx.config, deposits: { ...ctx.config.deposits, devSeed: false } } }),
    ).toEqual([]);
    expect(
      evmHotKey({ ...ctx, config: { ...ctx.config, deposits: { ...ctx.config.deposits, devSeed: false } } }),
    ).toBeNull();
    expect(
      signerChains({
        ...t.ctx,
        config: {
          ...t.ctx.config,
          chains: { ...t.ctx.config.chains, ethereum: { ...t.ctx.config.chains.ethereum, rpcUrl: undefined } },
        },
      }),
    ).toEqual([]);
  });
});

describe('fees of a re-send', () => {
  it('raise both fees by at least 12.5 %, and to at least the market', () => {
    const last = { maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n };
    expect(bumpedFees(last, { baseFeePerGas: 1n, priorityFeePerGas: 1n })).toEqual({
      maxFeePerGas: 1125n,
      maxPriorityFeePerGas: 113n,
    });
    expect(bumpedFees(last, { baseFeePerGas: 1000n, priorityFeePerGas: 300n })).toEqual({
      maxFeePerGas: 2300n,
      maxPriorityFeePerGas: 300n,
    });
  });
});
