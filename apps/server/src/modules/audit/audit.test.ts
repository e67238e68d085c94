import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { cappedCount } from '../../db/paging';
import { auditLog } from '../../db/schema-operators';
import { hasSqlState } from '../../lib/db-errors';
import { AUDIT_GENESIS_HASH, AuditLog, auditVerifyReport, type AuditActor } from '.';

let t: TestApp;
let audit: AuditLog;
beforeAll(async () => {
  t = await createTestApp();
  audit = new AuditLog(t.ctx);
});
afterAll(() => t.close());

const actor: AuditActor = {
  operatorId: 7,
  operatorEmail: 'ops@example.com',
  role: 'admin',
  requestId: 'req-1',
  ip: '192.0.2.1',
};
const exec = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q);

/** Runs `change` with the append-only trigger off, as someone with the database's owner rights could. */
async function tamper(change: ReturnType<typeof sql>): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await tx.execute(change);
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
  });
}

/** Whether the statement is refused by the append-only triggers (SQLSTATE AU001). */
async function refusedAsAppendOnly(q: ReturnType<typeof sql>): Promise<boolean> {
  try {
    await exec(q);
    return false;
  } catch (err) {
    return hasSqlState(err, 'AU001');
  }
}

async function lastId(): Promise<number> {
  return Number(rowsOf(await exec(sql`SELECT coalesce(max(id), 0) AS n FROM audit_log`))[0]?.n);
}

describe('the audit log', () => {
  it('chains each record to the one before, from the genesis hash, and verifies', async () => {
    for (let i = 0; i < 5; i++)
      await audit.write(t.ctx.db, actor, {
        action: 'test.write',
        targetType: 'thing',
        targetId: i,
        before: { n: i },
        after: { n: i + 1, nested: { b: 1, a: [1, 'x'] } },
      });
    const rows = rowsOf(await exec(sql`SELECT id, prev_hash, hash FROM audit_log ORDER BY id`));
    expect(rows.map((r) => Number(r.id))).toEqual(rows.map((_r, i) => i + 1));
    expect(rows[0]?.prev_hash).toBe(AUDIT_GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    const result = await audit.verify();
    expect(result).toEqual({ records: rows.length, headHash: rows.at(-1)?.hash, broken: null });
    expect(auditVerifyReport(result).status).toBe(0);
  });

  it("lists with the total counted up to a cap (the back office's lists; bench:admin-lists)", async () => {
    for (let i = 0; i < 3; i++) await audit.write(t.ctx.db, actor, { action: 'test.capped', targetId: i });
    const filtered = eq(auditLog.action, 'test.capped');
    expect(await cappedCount(t.ctx.db, auditLog, filtered, 2)).toEqual({ total: 2, totalCapped: true });
    expect(await cappedCount(t.ctx.db, auditLog, filtered, 3)).toEqual({ total: 3, totalCapped: false });
    const page = await audit.list(actor, { action: 'test.capped', page: 2, size: 2 });
    expect(page).toMatchObject({ page: 2, size: 2, total: 3, totalCapped: false });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.targetId).toBe('0');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await audit.write(t.ctx.db, actor, { action: 'test.append_only' });
    expect(
      await refusedAsAppendOnly(sql`UPDATE audit_log SET action = 'test.changed' WHERE action = 'test.append_only'`),
    ).toBe(true);
    expect(await refusedAsAppendOnly(sql`DELETE FROM audit_log WHERE action = 'test.append_only'`)).toBe(true);
    expect(await refusedAsAppendOnly(sql`TRUNCATE audit_log`)).toBe(true);
    expect(await refusedAsAppendOnly(sql`DELETE FROM audit_head`)).toBe(true);
    expect((await audit.verify()).broken).toBeNull();
  });

  it('keeps one unbroken chain when many write at once', { timeout: 60_000 }, async () => {
    const before = await lastId();
    const writers = 60;
    // Each write in its own transaction, all started together (on PostgreSQL across the pool's connections).
    await Promise.all(
      Array.from({ length: writers }, (_v, i) =>
        t.ctx.db.transaction(async (tx) => {
          await audit.write(tx, { ...actor, requestId: `concurrent-${i}` }, { action: 'test.concurrent', targetId: i });
        }),
      ),
    );
    expect(await lastId()).toBe(before + writers);
    const result = await audit.verify();
    expect(result.broken).toBeNull();
    expect(result.records).toBe(before + writers);
  });

  it("names the first bad record when a row is changed behind the trigger's back, and audit-verify says so", async () => {
    for (let i = 0; i < 3; i++)
      await audit.write(t.ctx.db, actor, { action: 'test.tamper', targetId: i, after: { amount: '10.00' } });
    const id = (await lastId()) - 1;
    await tamper(sql`UPDATE audit_log SET after = '{"amount":"99.00"}'::jsonb WHERE id = ${id}`);
    const result = await audit.verify();
    expect(result.broken).toEqual({ id, reason: 'its hash does not match its contents (the row was changed)' });
    expect(result.records).toBe(id - 1);
    const report = auditVerifyReport(result);
    expect(report.status).toBe(1);
    expect(report.lines[0]).toBe(
      `audit log BROKEN at record ${id}: its hash does not match its contents (the row was changed)`,
    );
    // Put back, the chain holds again.
    await tamper(sql`UPDATE audit_log SET after = '{"amount":"10.00"}'::jsonb WHERE id = ${id}`);
    expect((await audit.verify()).broken).toBeNull();
  });

  it('names the next record when a row and its hash are both rewritten, a gap when one is deleted, and the head when the last is', async () => {
    for (let i = 0; i < 3; i++) await audit.write(t.ctx.db, actor, { action: 'test.rewrite', targetId: i });
    const last = await lastId();
    // Rewritten with a recomputed hash: the row itself checks out, the next one's prev_hash does not.
    await tamper(sql`UPDATE audit_log SET action = 'test.rewritten' WHERE id = ${last - 2}`);
    await tamper(sql`UPDATE audit_log a SET hash = audit_row_hash(a) WHERE id = ${last - 2}`);
    expect((await audit.verify()).broken).toEqual({
      id: last - 1,
      reason: `its prev_hash does not match the hash of record ${last - 2}`,
    });
    await tamper(sql`DELETE FROM audit_log WHERE id = ${last - 1}`);
    expect((await audit.verify()).broken).toEqual({
      id: last,
      reason: `record ${last - 1} is missing (the next is ${last})`,
    });
  });

  it('names the head when the newest records are removed', async () => {
    // A fresh start of the check on a chain cut at the end (this file's earlier breaks sit before it, so check from a clean database).
    const fresh = await createTestApp();
    try {
      const log = new AuditLog(fresh.ctx);
      for (let i = 0; i < 3; i++) await log.write(fresh.ctx.db, actor, { action: 'test.cut', targetId: i });
      await fresh.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
        await tx.execute(sql`DELETE FROM audit_log WHERE id = 3`);
        await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
      });
      const result = await log.verify();
      expect(result.broken?.id).toBe(3);
      expect(result.broken?.reason).toMatch(/the head names record 3, the chain ends at 2/);
    } finally {
      await fresh.close();
    }
  });
});
