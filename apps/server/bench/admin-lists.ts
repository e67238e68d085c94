/**
 * npm run bench:admin-lists — the back office's lists at a million rows (issue 16: "lists are
 * paginated server-side with filters and stay fast at 1 M rows"). Not part of npm test.
 *
 * PostgreSQL only (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): two scratch
 * databases of that server, created, migrated and dropped afterwards (also on failure or a
 * signal), so no other test's data is touched:
 *   - baseline: BENCH_BASE_ROWS (10,000) users, audit records, KYC submissions and approvals;
 *   - subject:  BENCH_ROWS (1,000,000) of each.
 * Loaded by INSERT … SELECT over generate_series. The audit log's chain trigger
 * (`audit_log_chain`, migration 0015) is disabled for its load, in the scratch database only:
 * through it, a million inserts in one statement take quadratic time (each locks and updates the
 * head row, whose versions pile up within the transaction). The rows get ids 1…n and placeholder
 * hashes (the chain does not verify: not what is measured); the head is set to the last row and
 * the trigger enabled again before any list runs. The append-only triggers stay on (the bench
 * only inserts). Then VACUUM ANALYZE, as autovacuum would after a load.
 *
 * Each case is one list as its endpoint runs it: the service method the route calls (the audit
 * log's and the operators' list also append their `audit.read` / `operator.list` record, as the
 * route does). Cases: first page and a deep page (the last page the admin pager offers, page 500
 * of 20) of every list, the users search by UID, e-mail and phone, the audit log's filters
 * (operator, action, target, a one-hour time range, operator within a day), the KYC queue and the
 * approvals by state. Per case: BENCH_ROUNDS (15) rounds after 3 warm-up ones, each the baseline
 * query then the subject query; prints the baseline's and the subject's min/median/max in ms and
 * the ratio of the medians (1M / 10k). Targets: ratio ≤ 3×, subject median ≤ 50 ms; reported,
 * not enforced. Exit code 1 if a case answers other than the data predicts (wrong item count).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/client';
import type { AuditActor } from '../src/modules/audit';
import { AuditLog } from '../src/modules/audit';
import { ApprovalService } from '../src/modules/approvals';
import { SessionService } from '../src/modules/auth';
import { CustomerService } from '../src/modules/customers';
import { FileService } from '../src/modules/files';
import { KycService } from '../src/modules/kyc';
import { createLedger } from '../src/modules/ledger';
import { OperatorService, OperatorSessionService } from '../src/modules/operators';
import { benchContext, minMedianMax, openBenchDatabase } from './bench-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BASE_ROWS = Number(process.env.BENCH_BASE_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = 3;
const OPERATORS = 20;
/** The deep page: the last one the back office's pager reaches (10,000 rows at 20 a page). */
const DEEP_PAGE = 500;
const T0 = Date.parse('2026-01-01T00:00:00Z');
/** Audit records and users are spaced this far apart in time. */
const STEP_S = 30;

/** One scale's database and the services the admin routes call. */
interface Scale {
  rows: number;
  db: Database;
  cleanup: () => Promise<void>;
  run: Record<string, () => Promise<{ items: unknown[] }>>;
}

const actor: AuditActor = {
  operatorId: 1,
  operatorEmail: 'op1@example.com',
  role: 'admin',
  requestId: null,
  ip: '127.0.0.1',
};

async function load(db: Database, n: number): Promise<void> {
  const x = (q: ReturnType<typeof sql>) => db.db.execute(q);
  const t0 = `'${new Date(T0).toISOString()}'::timestamptz`;
  await x(
    sql.raw(`INSERT INTO operators (email, password_hash, totp_secret, role, created_at)
    SELECT 'op' || i || '@example.com', 'x', 'JBSWY3DPEHPK3PXP', (ARRAY['support','compliance','finance','admin'])[1 + i % 4], ${t0}
    FROM generate_series(1, ${OPERATORS}) i`),
  );
  await x(
    sql.raw(`INSERT INTO users (uid, email, phone, country_code, password_hash, nickname, invitation_code, created_at, updated_at)
    SELECT (10000000 + i)::text, 'user' || i || '@example.com', '+1555' || lpad(i::text, 7, '0'), '1', 'x', 'u' || i,
           'I' || lpad(i::text, 8, '0'), ${t0} + i * interval '${STEP_S} seconds', ${t0} + i * interval '${STEP_S} seconds'
    FROM generate_series(1, ${n}) i`),
  );
  // One submission per user: 5 % awaiting review, 65 % verified, 30 % rejected; every other
  // user's ID number is also another's (the queue's "same ID number" count finds one).
  const decision = `CASE WHEN i % 20 = 0 THEN NULL WHEN i % 20 <= 13 THEN 'verified' ELSE 'rejected' END`;
  await x(
    sql.raw(`INSERT INTO kyc_profiles (user_id, state, document_type, nationality, real_name, id_number, id_number_key, updated_at)
    SELECT i, CASE WHEN i % 20 = 0 THEN 'pending' WHEN i % 20 <= 13 THEN 'verified' ELSE 'rejected' END, 'passport', 'US',
           'Name ' || i, 'K' || (i % ${Math.max(1, n / 2)}), 'K' || (i % ${Math.max(1, n / 2)}), ${t0}
    FROM generate_series(1, ${n}) i`),
  );
  await x(
    sql.raw(`INSERT INTO kyc_submissions (user_id, document_type, nationality, real_name, id_number, id_number_key, front_image, back_image,
           selfie_image, submitted_at, decision, reject_reason, decided_at)
    SELECT i, 'passport', 'US', 'Name ' || i, 'K' || (i % ${Math.max(1, n / 2)}), 'K' || (i % ${Math.max(1, n / 2)}), 'f.jpg', 'b.jpg', 's.jpg',
           ${t0} + i * interval '${STEP_S} seconds', ${decision},
           CASE WHEN i % 20 > 13 THEN 'blurry' END, CASE WHEN i % 20 <> 0 THEN ${t0} + i * interval '${STEP_S} seconds' + interval '1 hour' END
    FROM generate_series(1, ${n}) i`),
  );
  await x(
    sql.raw(`INSERT INTO operator_approvals (action, target_type, target_id, payload, requested_by, requested_at, decided_by, decided_at, decision)
    SELECT 'balance.credit', 'user', (10000000 + i)::text, jsonb_build_object('asset', 'USDT', 'amount', '10', 'note', 'bench'),
           1 + i % ${OPERATORS}, ${t0} + i * interval '${STEP_S} seconds',
           CASE WHEN i % 20 <> 0 THEN 1 + (i + 1) % ${OPERATORS} END,
           CASE WHEN i % 20 <> 0 THEN ${t0} + i * interval '${STEP_S} seconds' + interval '1 hour' END,
           CASE WHEN i % 20 = 0 THEN NULL WHEN i % 20 <= 13 THEN 'approved' ELSE 'rejected' END
    FROM generate_series(1, ${n}) i`),
  );
  // Ten actions, twenty operators, one user a target each. Not through the chain trigger: its
  // update of audit_head's one row, a million times in one transaction, leaves a chain of row
  // versions each next lock walks (quadratic). So, in this scratch database only, the trigger is
  // off for the load: ids 1…n in order, placeholder hashes (the chain does not verify), the head
  // set to the last; then on again, so the lists' own audit.read records chain on as in production.
  await x(sql.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_chain'));
  await x(
    sql.raw(`INSERT INTO audit_log (id, at, operator_id, operator_email, role, action, target_type, target_id, before, after, request_id, ip, prev_hash, hash)
    SELECT i, ${t0} + i * interval '${STEP_S} seconds', 1 + i % ${OPERATORS}, 'op' || (1 + i % ${OPERATORS}) || '@example.com', 'admin',
           (ARRAY['user.read','user.lock','user.unlock','user.logout','kyc.read','kyc.verify','kyc.reject','audit.read','operator.list','auth.login'])[1 + i % 10],
           'user', (10000000 + i % ${n})::text, NULL, jsonb_build_object('n', i), 'req-' || i, '10.0.0.1', 'bench', 'bench'
    FROM generate_series(1, ${n}) i`),
  );
  await x(sql.raw(`UPDATE audit_head SET last_id = ${n}, last_hash = 'bench' WHERE id = 1`));
  await x(sql.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_chain'));
  await x(sql.raw('VACUUM ANALYZE'));
}

async function openScale(n: number): Promise<Scale> {
  const { db, cleanup } = await openBenchDatabase(`bench_admin_lists_${n}`, 4);
  try {
    const t = performance.now();
    await load(db, n);
    console.log(`loaded ${n.toLocaleString('en')} rows a table in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } catch (e) {
    await cleanup();
    throw e;
  }
  const ctx = benchContext(db);
  const audit = new AuditLog(ctx);
  const sessions = new SessionService(ctx);
  const files = new FileService(ctx);
  const kyc = new KycService(ctx, files, audit, ctx.config.kyc);
  const { ledger, money } = createLedger(ctx, () => undefined);
  const customers = new CustomerService(ctx, audit, sessions, kyc, ledger);
  const approvals = new ApprovalService(ctx, money, audit);
  const operators = new OperatorService(ctx, new OperatorSessionService(ctx), audit);
  const mid = Math.floor(n / 2);
  const midAt = T0 + mid * STEP_S * 1000;
  return {
    rows: n,
    db,
    cleanup,
    run: {
      'users: first page': () => customers.search({}),
      'users: deep page': () => customers.search({ page: DEEP_PAGE }),
      'users: by UID': () => customers.search({ q: String(10_000_000 + mid) }),
      'users: by e-mail': () => customers.search({ q: `User${mid}@Example.com` }),
      'users: by phone': () => customers.search({ q: `+1555${String(mid).padStart(7, '0')}` }),
      'audit: first page': () => audit.list(actor, {}),
      'audit: deep page': () => audit.list(actor, { page: DEEP_PAGE }),
      'audit: by operator': () => audit.list(actor, { operatorId: 7 }),
      'audit: by action': () => audit.list(actor, { action: 'user.lock' }),
      'audit: by target': () => audit.list(actor, { targetType: 'user', targetId: String(10_000_000 + mid) }),
      'audit: one hour': () => audit.list(actor, { from: midAt, to: midAt + 3_600_000 }),
      'audit: operator, day': () => audit.list(actor, { operatorId: 7, from: midAt, to: midAt + 86_400_000 }),
      'audit: action, deep': () => audit.list(actor, { action: 'user.lock', page: DEEP_PAGE }),
      'kyc: pending': () => kyc.queue({}),
      'kyc: pending, deep': () => kyc.queue({ page: DEEP_PAGE }),
      'kyc: verified': () => kyc.queue({ decision: 'verified' }),
      'kyc: rejected': () => kyc.queue({ decision: 'rejected' }),
      'kyc: verified, deep': () => kyc.queue({ decision: 'verified', page: DEEP_PAGE }),
      'approvals: pending': () => approvals.list({}),
      'approvals: approved': () => approvals.list({ decision: 'approved' }),
      'approvals: rejected': () => approvals.list({ decision: 'rejected' }),
      'approvals: approved, deep': () => approvals.list({ decision: 'approved', page: DEEP_PAGE }),
      'operators: first page': () => operators.list(actor, {}),
    },
  };
}

/** How many items a case must answer at `n` rows (every case's data is known). */
function expectedItems(name: string, n: number): number {
  const page = (matching: number, deep: boolean) =>
    Math.max(0, Math.min(20, matching - (deep ? (DEEP_PAGE - 1) * 20 : 0)));
  const deep = name.includes('deep');
  if (name.startsWith('users: by')) return 1;
  if (name === 'audit: by target') return 1;
  if (name === 'audit: one hour') return 20;
  if (name === 'audit: operator, day') return 20;
  if (name.startsWith('operators')) return OPERATORS;
  if (name.startsWith('audit: by operator')) return 20;
  if (name.startsWith('audit: action')) return page(n / 10, deep);
  if (name.startsWith('users') || name.startsWith('audit')) return page(n, deep);
  if (name.includes('pending')) return page(n / 20, deep);
  if (name.includes('verified') || name.includes('approved')) return page((n * 13) / 20, deep);
  return page((n * 6) / 20, deep);
}

async function time(fn: () => Promise<{ items: unknown[] }>): Promise<{ ms: number; items: number }> {
  const t = performance.now();
  const r = await fn();
  return { ms: performance.now() - t, items: r.items.length };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<number> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const scales: Scale[] = [];
  const stop = async () => {
    for (const s of scales.splice(0)) await s.cleanup();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: dropping the scratch databases`);
      void stop().finally(() => process.exit(130));
    });
  }
  const failures: string[] = [];
  try {
    const base = await openScale(BASE_ROWS);
    scales.push(base);
    const subject = await openScale(ROWS);
    scales.push(subject);
    const sizes = rowsOf(
      await subject.db.db.execute(sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`),
    )[0]!;
    console.log(
      `subject database: ${String(sizes.size)}; ${ROUNDS} rounds a case after ${WARMUP} warm-up, baseline then subject; times in ms`,
    );
    console.log(
      `${'case'.padEnd(27)} ${'baseline 10k (min / median / max)'.padEnd(38)} ${'subject 1M (min / median / max)'.padEnd(38)} ratio`,
    );
    const worst = { ratio: 0, ms: 0 };
    for (const name of Object.keys(base.run)) {
      const b: number[] = [];
      const s: number[] = [];
      for (let i = 0; i < WARMUP + ROUNDS; i++) {
        const rb = await time(base.run[name]!);
        const rs = await time(subject.run[name]!);
        if (i === 0) {
          for (const [r, scale] of [
            [rb, base],
            [rs, subject],
          ] as const) {
            const want = expectedItems(name, scale.rows);
            if (r.items !== want) failures.push(`${name} at ${scale.rows}: ${r.items} items, expected ${want}`);
          }
        }
        if (i >= WARMUP) {
          b.push(rb.ms);
          s.push(rs.ms);
        }
      }
      const ratio = median(s) / median(b);
      worst.ratio = Math.max(worst.ratio, ratio);
      worst.ms = Math.max(worst.ms, median(s));
      const flag = ratio > 3 || median(s) > 50 ? '  <-- over target' : '';
      console.log(
        `${name.padEnd(27)} ${minMedianMax(b, 1).padEnd(38)} ${minMedianMax(s, 1).padEnd(38)} ${ratio.toFixed(2)}x${flag}`,
      );
    }
    console.log(
      `worst median ratio ${worst.ratio.toFixed(2)}x (target ≤ 3x); worst subject median ${worst.ms.toFixed(1)} ms (target ≤ 50 ms)`,
    );
  } finally {
    await stop();
  }
  for (const f of failures) console.error(`WRONG ANSWER: ${f}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
