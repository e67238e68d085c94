import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { newestFirstCapped } from '../../db/paging';
import { auditHead, auditLog } from '../../db/schema-operators';

export type AuditRow = typeof auditLog.$inferSelect;

/** One record to append; the database sets its id, prev_hash and hash. */
export interface AuditInsert {
  at: Date;
  operatorId: number | null;
  operatorEmail: string;
  role: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
}

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A JSON document as a jsonb parameter; absent or null is SQL NULL. */
const jsonbOrNull = (value: unknown): SQL =>
  value === undefined || value === null ? sql`NULL::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/** One link of the chain as the verifier reads it: the stored hashes and the one recomputed now. */
export interface ChainLink {
  id: number;
  prevHash: string;
  hash: string;
  recomputed: string;
}

export const auditRepo = {
  /**
   * Appends a record. Raw SQL: the row's id and hashes come from the `audit_log_chain` trigger
   * (migration 0015), which drizzle's insert would want to be given.
   */
  async insert(db: DbOrTx, r: AuditInsert): Promise<{ id: number; hash: string }> {
    const result = await db.execute(sql`
      INSERT INTO audit_log (at, operator_id, operator_email, role, action, target_type, target_id, before, after, request_id, ip, prev_hash, hash)
      VALUES (${r.at.toISOString()}::timestamptz, ${r.operatorId}, ${r.operatorEmail}, ${r.role}, ${r.action}, ${r.targetType}, ${r.targetId},
              ${jsonbOrNull(r.before)}, ${jsonbOrNull(r.after)}, ${r.requestId}, ${r.ip}, '', '')
      RETURNING id, hash`);
    const row = rowsOf(result)[0]!;
    return { id: Number(row.id), hash: String(row.hash) };
  },

  list(db: DbOrTx, f: AuditFilter, page: number, size: number) {
    const where = and(
      f.operatorId === undefined ? undefined : eq(auditLog.operatorId, f.operatorId),
      f.action === undefined ? undefined : eq(auditLog.action, f.action),
      f.targetType === undefined ? undefined : eq(auditLog.targetType, f.targetType),
      f.targetId === undefined ? undefined : eq(auditLog.targetId, f.targetId),
      f.from === undefined ? undefined : gte(auditLog.at, f.from),
      f.to === undefined ? undefined : lte(auditLog.at, f.to),
    );
    return newestFirstCapped(db, auditLog, where, page, size);
  },

  /** Up to `limit` links after `afterId`, in chain order, each with its hash recomputed by the database's own function. */
  async links(db: DbOrTx, afterId: number, limit: number): Promise<ChainLink[]> {
    const result = await db.execute(sql`
      SELECT a.id, a.prev_hash, a.hash, audit_row_hash(a) AS recomputed
      FROM audit_log a WHERE a.id > ${afterId} ORDER BY a.id LIMIT ${limit}`);
    return rowsOf(result).map((r) => ({
      id: Number(r.id),
      prevHash: String(r.prev_hash),
      hash: String(r.hash),
      recomputed: String(r.recomputed),
    }));
  },

  async head(db: DbOrTx): Promise<{ lastId: number; lastHash: string } | undefined> {
    const [row] = await db
      .select({ lastId: auditHead.lastId, lastHash: auditHead.lastHash })
      .from(auditHead)
      .where(eq(auditHead.id, 1));
    return row;
  },
};
