/**
 * The withdrawal signer's half of `npm run bench:withdrawals` (issue 18): transactions signed,
 * recorded with a reserved nonce and broadcast per second, on anvil (started from node_modules,
 * stopped at the end) and the configured database (PGlite in a temporary folder by default;
 * PostgreSQL with DATABASE_URL, in a scratch database dropped at the end).
 *
 * BENCH_PAIRS (≥ 3) rounds, each of BENCH_SIGNER_TXS (200) USDT payouts:
 * - baseline: the same node work with no database — per transaction eth_estimateGas, sign
 *   (evm-signing.ts, EIP-1559), eth_sendRawTransaction — from a second hot wallet whose nonces are
 *   counted in memory;
 * - subject: the app's `WithdrawalSigner` signing that many approved withdrawals (`runOnce({
 *   follow: false })`): per withdrawal one transaction that locks it (SKIP LOCKED), estimates,
 *   reserves the nonce under signer_nonces' row lock, signs, records the attempt and the state, and
 *   commits; then the send and its sent_at.
 * So the ratio subject / baseline is what the reservation and the records cost. Each round's
 * transactions are mined (one block) before the next round. Printed: each round's baseline and
 * subject transactions/s and their ratio, then min / median / max.
 *
 * Checks (pushed to `failures`): after the rounds one more block and a following run complete every
 * withdrawal once through WithdrawalService.complete; the hot wallet's nonces have no gap (the node's
 * count equals signer_nonces.next_nonce, each nonce recorded once); the destination received exactly
 * the payouts' sum; the ledger's invariants hold.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/client';
import { viemTxNode } from '../src/modules/chains';
import { createLedger, systemAccount, userAccount } from '../src/modules/ledger';
import { WithdrawalSigner } from '../src/modules/withdrawals';
import { erc20TransferData, evmSigner, openingFees } from '../src/modules/withdrawals/testing';
import { DEV_ACCOUNTS, startAnvil } from '../test/anvil';
import { benchContext, benchUsers, minMedianMax, openBenchDatabase } from './bench-db';

const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
/** Per round; at most 200, what the signer signs in one run. */
const TXS = Math.min(200, Number(process.env.BENCH_SIGNER_TXS ?? 200));
const USDT = 1_000_000n;
const AMOUNT = 25n * USDT;
const FEE = 1n * USDT;

export async function signerBench(failures: string[]): Promise<void> {
  const node = await startAnvil();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-signer-'));
  const { db, cleanup } = await openBenchDatabase('bench_withdraw_signer', 8);
  try {
    const token = await node.deployTestUsdt();
    const [hotKey, baseKey] = [generatePrivateKey(), generatePrivateKey()];
    const hot = privateKeyToAccount(hotKey).address;
    const baseSigner = evmSigner(baseKey);
    const total = BigInt(PAIRS * TXS) * AMOUNT * 2n;
    for (const a of [hot, baseSigner.address]) {
      await node.sendEth(a, 1000n * 10n ** 18n, DEV_ACCOUNTS[1]);
      await node.sendUsdt(token, a, total, DEV_ACCOUNTS[1]);
    }
    await node.mine(1);
    const ctx = benchContext(db, {
      MARKET_ENGINE: 'manual',
      DATA_DIR: dataDir,
      ETHEREUM_RPC_URL: node.rpcUrl,
      ETHEREUM_CHAIN_ID: String(node.chainId),
      ETHEREUM_START_BLOCK: String((await node.head()) + 1),
      DEPOSIT_USDT_ETHEREUM_CONTRACT: token,
      DEPOSIT_USDT_ETHEREUM_CONFIRMATIONS: '1',
      WITHDRAW_HOT_KEY_EVM: hotKey,
    });
    const app = await buildApp({ ctx });
    await app.ready();
    const signer = new WithdrawalSigner(ctx, { withdrawals: app.withdrawals });
    const money = createLedger(ctx, () => {}).money;
    const dest = privateKeyToAccount(generatePrivateKey()).address;
    const baseDest = privateKeyToAccount(generatePrivateKey()).address;
    const [userId] = await benchUsers(db, 1);
    const now = new Date().toISOString();
    const [address] = rowsOf(
      await db.db.execute(sql`
      INSERT INTO withdraw_addresses (user_id, symbol, chain, address, lookup, nickname, created_at, usable_from)
      VALUES (${userId}, 'USDT', 'ethereum', ${dest}, ${dest.toLowerCase()}, 'bench', ${now}, ${now}) RETURNING id`),
    );

    const seed = async (round: number) => {
      // The user's money and its escrow, as confirm leaves them (one posting each for the round).
      const escrowTxId = await money.run({
        userId: null,
        step: async (m) => {
          const amount = BigInt(TXS) * AMOUNT;
          await m.post({
            kind: 'deposit',
            mode: 'real',
            reference: `bench-signer:${round}`,
            postings: [
              { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -amount },
              { account: userAccount(userId!, 'real', 'currency', 'USDT'), amount },
            ],
          });
          return m.post({
            kind: 'withdraw_escrow',
            mode: 'real',
            reference: `bench-signer-escrow:${round}`,
            postings: [
              { account: userAccount(userId!, 'real', 'currency', 'USDT'), amount: -amount },
              { account: userAccount(userId!, 'real', 'currency_frozen', 'USDT'), amount },
            ],
          });
        },
      });
      await db.db.execute(sql`
        INSERT INTO withdraw_quotes (id, user_id, address_id, symbol, chain, amount, fee, fee_waived, created_at, expires_at, used_at)
        SELECT 'bench-' || ${round} || '-' || i, ${userId}, ${address!.id}, 'USDT', 'ethereum', ${AMOUNT.toString()}, ${FEE.toString()}, false, ${now}, ${now}, ${now}
        FROM generate_series(1, ${TXS}) AS i`);
      await db.db.execute(sql`
        INSERT INTO withdrawals (user_id, quote_id, address_id, symbol, chain, address, nickname, amount, fee, value_usdt, state, review, risk_flags,
          approvals_needed, escrow_tx_id, required_confirmations, created_at, updated_at, decided_at)
        SELECT ${userId}, 'bench-' || ${round} || '-' || i, ${address!.id}, 'USDT', 'ethereum', ${dest}, 'bench', ${AMOUNT.toString()}, ${FEE.toString()},
          ${AMOUNT.toString()}, 'approved', 'auto', '[]'::jsonb, 0, ${escrowTxId}, 1, ${now}, ${now}, ${now}
        FROM generate_series(1, ${TXS}) AS i`);
    };

    const txNode = viemTxNode(node.rpcUrl);
    let baseNonce = await txNode.transactionCount(baseSigner.address, 'pending');
    const baseline = async (): Promise<number> => {
      const fees = openingFees(await txNode.fees());
      const data = erc20TransferData(baseDest, AMOUNT - FEE);
      const started = performance.now();
      for (let i = 0; i < TXS; i++) {
        const gas = ((await txNode.estimateGas({ from: baseSigner.address, to: token, value: 0n, data })) * 5n) / 4n;
        const signed = await baseSigner.sign({
          chainId: node.chainId,
          nonce: baseNonce++,
          to: token,
          value: 0n,
          data,
          gas,
          ...fees,
        });
        await txNode.sendRawTransaction(signed.raw);
      }
      return TXS / ((performance.now() - started) / 1000);
    };
    const subject = async (): Promise<number> => {
      const started = performance.now();
      const r = await signer.runOnce({ follow: false });
      const seconds = (performance.now() - started) / 1000;
      if (r.status !== 'done' || r.signed !== TXS || r.sent !== TXS)
        failures.push(`signer round: ${JSON.stringify(r)}`);
      return r.signed / seconds;
    };

    const bases: number[] = [];
    const subjects: number[] = [];
    const ratios: number[] = [];
    console.log(`\nwithdrawal signer on anvil (${db.kind}): ${PAIRS} rounds of ${TXS} USDT transfers`);
    for (let round = 0; round < PAIRS; round++) {
      await seed(round);
      const b = await baseline();
      await node.mine(1);
      const s = await subject();
      await node.mine(1);
      bases.push(b);
      subjects.push(s);
      ratios.push(s / b);
      console.log(
        `round ${round + 1}: baseline (estimate, sign, send) ${b.toFixed(0)} tx/s; subject (signer: lock, estimate, reserve nonce, sign, record, commit, send) ${s.toFixed(0)} tx/s; ratio ${(s / b).toFixed(2)}`,
      );
    }
    console.log(
      `summary: baseline tx/s ${minMedianMax(bases)}; signer tx/s ${minMedianMax(subjects)}; ratio ${minMedianMax(ratios, 2)}`,
    );

    // Checks: every withdrawal completed once, the nonces without gap, the exact payouts, the ledger.
    await node.mine(1);
    for (let i = 0; i < (PAIRS * TXS) / 500 + 1; i++) await signer.runOnce();
    const [states] = rowsOf(
      await db.db.execute(
        sql`SELECT count(*) FILTER (WHERE state = 'completed')::int AS done, count(*)::int AS n FROM withdrawals`,
      ),
    );
    if (states!.done !== states!.n || Number(states!.n) !== PAIRS * TXS)
      failures.push(
        `signer: ${String(states!.done)} of ${String(states!.n)} withdrawals completed (expected ${PAIRS * TXS})`,
      );
    const [payouts] = rowsOf(
      await db.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'withdraw'`),
    );
    if (Number(payouts!.n) !== PAIRS * TXS)
      failures.push(`signer: ${String(payouts!.n)} payouts on the ledger for ${PAIRS * TXS} withdrawals`);
    const [nonces] = rowsOf(
      await db.db.execute(sql`
      SELECT count(DISTINCT nonce)::int AS distinct_n, count(*)::int AS n, min(nonce)::int AS lo, max(nonce)::int AS hi,
        (SELECT next_nonce FROM signer_nonces WHERE chain = 'ethereum' AND address = ${hot})::int AS next
      FROM withdraw_broadcasts WHERE from_address = ${hot}`),
    );
    const mined = Number(await node.rpc<Hex>('eth_getTransactionCount', [hot, 'latest']));
    const n = nonces!;
    if (
      n.distinct_n !== n.n ||
      n.lo !== 0 ||
      n.hi !== Number(n.next) - 1 ||
      Number(n.next) !== mined ||
      n.n !== PAIRS * TXS
    ) {
      failures.push(`signer nonces: ${JSON.stringify(n)}, the node's count ${mined}`);
    }
    const received = await node.usdtBalance(token, dest);
    if (received !== BigInt(PAIRS * TXS) * (AMOUNT - FEE))
      failures.push(`signer: the destination received ${received}, expected ${BigInt(PAIRS * TXS) * (AMOUNT - FEE)}`);
    const violations = await app.ledger.verify(db.db);
    if (violations.length) failures.push(`signer ledger invariants: ${JSON.stringify(violations).slice(0, 2000)}`);
    console.log(
      `checks: ${String(states!.done)} withdrawals completed once, nonces 0..${mined - 1} without gap, ${received} minor units received; ${failures.length ? `FAILED: ${failures.join('; ')}` : 'all hold'}`,
    );
    await app.close();
  } finally {
    await cleanup();
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
