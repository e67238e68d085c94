/**
 * npm run bench:withdrawals — withdrawals' two paths (issue 18), on the configured database
 * (PGlite in a temporary folder by default; PostgreSQL with DATABASE_URL). Not part of npm test.
 *
 * 1. Confirms with escrow. The app as main.ts builds it (buildApp, MARKET_ENGINE=manual), called
 *    at its services (no HTTP: bench:api measures that layer): BENCH_CLIENTS (16) workers, each its own user with a
 *    fund password, a usable address and a large USDT balance.
 *    - baseline: the per-transfer ledger path, `WalletService.transfer` (currency → option, one
 *      statement through `MoneyCommands.single`);
 *    - subject: `WithdrawalService.confirm` of quotes made before the timed window: the fund
 *      password's throttled check (its hash at SCRYPT_COST=BENCH_SCRYPT_COST, 1024 by default: the
 *      production cost of 16384 is a deliberate constant that would hide the path), then the money
 *      command — quote used, checks again under the user's lock, the review rules, the escrow
 *      posting, the record.
 *    BENCH_PAIRS (≥ 3) rounds of BENCH_SECONDS each: baseline, subject, ratio; then min/median/max.
 * 2. The signer on anvil (apps/server/bench/withdrawals-signer.ts): transactions signed, recorded
 *    with a reserved nonce and broadcast per second against signing and sending alone.
 *
 * Checks (exit code 1 when one fails): every counted confirm made one withdrawal and escrowed its
 * amount (the users' frozen USDT equals the withdrawals' sum), the ledger's invariants.
 */
import { sql } from 'drizzle-orm';
import { parseAmount, type WithdrawQuote } from '@app/contract';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/client';
import { withdrawAddresses } from '../src/db/schema-withdrawals';
import { hashPassword } from '../src/lib/secrets';
import { createLedger, systemAccount, userAccount } from '../src/modules/ledger';
import { WalletService } from '../src/modules/wallet';
import { benchContext, benchUsers, minMedianMax, openBenchDatabase } from './bench-db';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Math.max(3, Number(process.env.BENCH_PAIRS ?? 3));
const SCRYPT_COST = process.env.BENCH_SCRYPT_COST ?? '1024';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const FUND = 'bench-fund-password';
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function confirms(failures: string[]): Promise<void> {
  const { db, cleanup } = await openBenchDatabase('bench_withdrawals', CLIENTS + 4);
  try {
    const ctx = benchContext(db, {
      MARKET_ENGINE: 'manual',
      SCRYPT_COST,
      FUND_PASSWORD_MAX_FAILURES: '1000',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      ETHEREUM_RPC_URL: 'http://127.0.0.1:9',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
      DATA_DIR: `/tmp/bench-withdrawals-${process.pid}`,
    });
    const app = await buildApp({ ctx });
    await app.ready();
    const money = createLedger(ctx, () => {}).money;
    const wallet = new WalletService(ctx, app.ledger, money);
    const userIds = await benchUsers(db, CLIENTS);
    const hash = await hashPassword(FUND, ctx.config.scryptCost);
    const now = new Date();
    await db.db.execute(
      sql`UPDATE users SET fund_password_hash = ${hash} WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::bigint)`,
    );
    const addresses = await db.db
      .insert(withdrawAddresses)
      .values(
        userIds.map((userId) => ({
          userId,
          symbol: 'USDT',
          chain: 'ethereum',
          address: ADDRESS,
          lookup: ADDRESS.toLowerCase(),
          nickname: 'bench',
          createdAt: now,
          usableFrom: now,
        })),
      )
      .returning({ publicId: withdrawAddresses.publicId });
    const START = parseAmount('1000000000', 6)!;
    await money.run({
      userId: null,
      step: async (m) => {
        for (const userId of userIds) {
          await m.post({
            mode: 'real',
            kind: 'deposit',
            reference: `user:${userId}`,
            postings: [
              { account: systemAccount('real', 'external_deposits', 'USDT'), amount: -START },
              { account: userAccount(userId, 'real', 'currency', 'USDT'), amount: START },
            ],
          });
        }
      },
    });
    const req = (w: number) => ({ userId: userIds[w]!, mode: 'real' as const, idempotency: null });
    const AMOUNT = '20';

    /** Per second, over CLIENTS workers for `seconds` (or until a worker runs out of work). */
    async function rate(seconds: number, one: (w: number, i: number) => Promise<boolean>): Promise<number> {
      let done = 0;
      const end = Date.now() + seconds * 1000;
      const start = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, w) => {
          for (let i = 0; Date.now() < end; i++) {
            if (!(await one(w, i))) return;
            done++;
          }
        }),
      );
      return done / (Number(process.hrtime.bigint() - start) / 1e9);
    }
    const transfer = (seconds: number) =>
      rate(seconds, async (w) => {
        await wallet.transfer(req(w), { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '0.01' });
        return true;
      });
    let confirmed = 0;
    /** Quotes for each worker, made before the window (a quote is good for 120 s). */
    async function confirmWindow(seconds: number, perWorker: number): Promise<number> {
      const quotes: WithdrawQuote[][] = await Promise.all(
        Array.from({ length: CLIENTS }, async (_, w) => {
          const out: WithdrawQuote[] = [];
          for (let i = 0; i < perWorker; i++)
            out.push(
              await app.withdrawals.create(req(w), {
                currency: 'USDT',
                chainType: 'ethereum',
                addressId: addresses[w]!.publicId,
                amount: AMOUNT,
              }),
            );
          return out;
        }),
      );
      return rate(seconds, async (w, i) => {
        const q = quotes[w]![i];
        if (!q) return false;
        await app.withdrawals.confirm(req(w), { quoteId: q.quoteId, fundPassword: FUND });
        confirmed++;
        return true;
      });
    }

    console.log(
      `withdrawals bench on ${db.kind}: ${CLIENTS} workers, ${SECONDS} s per run, ${PAIRS} rounds; fund password hash at SCRYPT_COST=${SCRYPT_COST}`,
    );
    // Warm-up (statements planned, functions compiled), and how many quotes a window needs.
    await transfer(1);
    const warm = await confirmWindow(1, 20);
    const perWorker = Math.ceil((Math.max(warm, 10) / CLIENTS) * SECONDS * 1.6);
    console.log(
      `${'round'.padEnd(6)}${'transfers/s (baseline)'.padStart(24)}${'confirms/s'.padStart(12)}${'ratio'.padStart(9)}`,
    );
    const base: number[] = [];
    const subject: number[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= PAIRS; round++) {
      const b = await transfer(SECONDS);
      const s = await confirmWindow(SECONDS, perWorker);
      base.push(b);
      subject.push(s);
      ratios.push(s / b);
      console.log(
        `${String(round).padEnd(6)}${b.toFixed(0).padStart(24)}${s.toFixed(0).padStart(12)}${`${(s / b).toFixed(2)}x`.padStart(9)}`,
      );
    }
    console.log(
      `summary: transfers/s ${minMedianMax(base)}; confirms/s ${minMedianMax(subject)}; ratio ${minMedianMax(ratios, 2)}`,
    );

    const [row] = rowsOf(
      await db.db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM withdrawals`),
    );
    const frozen = rowsOf(
      await db.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS f FROM ledger_accounts WHERE kind = 'currency_frozen' AND mode = 'real'`,
      ),
    )[0]!.f;
    if (Number(row!.n) !== confirmed) failures.push(`${String(row!.n)} withdrawals for ${confirmed} confirms`);
    if (String(frozen) !== String(row!.total))
      failures.push(`frozen ${String(frozen)} ≠ withdrawals' ${String(row!.total)}`);
    const violations = await app.ledger.verify(db.db);
    if (violations.length) failures.push(`ledger invariants: ${JSON.stringify(violations).slice(0, 2000)}`);
    console.log(
      `checks: ${confirmed} confirms, ${String(row!.n)} withdrawals escrowing ${String(row!.total)} minor units; ${failures.length ? `FAILED: ${failures.join('; ')}` : 'all hold'}`,
    );
    await app.close();
  } finally {
    await cleanup();
  }
}

async function main(): Promise<number> {
  const failures: string[] = [];
  if (process.env.BENCH_PART !== 'signer') await confirms(failures);
  if (process.env.BENCH_PART !== 'confirms') await (await import('./withdrawals-signer')).signerBench(failures);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
