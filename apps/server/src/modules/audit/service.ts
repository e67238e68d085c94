import type { AuditList, AuditListQuery, AuditRecord, OperatorRole } from '@app/contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditRepo, type AuditRow } from './repository';

/** The hash before the first record: the chain's genesis (migration 0015 writes it into audit_head). */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Who acted, from where: an operator through the API, or the command line (operatorId null). */
export interface AuditActor {
  operatorId: number | null;
  /** The operator's e-mail, `cli:<user>` for the command line, or the e-mail typed at a failed sign-in. */
  operatorEmail: string;
  role: OperatorRole | null;
  requestId: string | null;
  ip: string | null;
}

/** What was done to what: `action` is a dotted name (`operator.create`), the target its type and id. */
export interface AuditEvent {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  /** The target before the action (JSON), when it changed something. Never secrets or hashes. */
  before?: unknown;
  /** The target after the action, or what was asked. Never secrets or hashes. */
  after?: unknown;
}

/** The first link that does not hold, or null when the chain is whole. */
export interface AuditBreak {
  id: number;
  reason: string;
}

export interface AuditVerifyResult {
  records: number;
  headHash: string;
  broken: AuditBreak | null;
}

const VERIFY_BATCH = 1000;

function toRecord(r: AuditRow): AuditRecord {
  return {
    id: r.id,
    at: r.at.getTime(),
    operatorId: r.operatorId,
    operatorEmail: r.operatorEmail,
    role: r.role as OperatorRole | null,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.requestId,
    ip: r.ip,
    prevHash: r.prevHash,
    hash: r.hash,
  };
}

/**
 * The back office's audit log: append-only and hash-chained in the database (docs/security.md
 * "Audit log"). Write a record in the same transaction as the change it describes, so either
 * both are there or neither.
 */
export class AuditLog {
  constructor(private readonly ctx: AppContext) {}

  async write(db: DbOrTx, actor: AuditActor, event: AuditEvent): Promise<number> {
    const { id } = await auditRepo.insert(db, {
      at: this.ctx.clock.now(),
      operatorId: actor.operatorId,
      operatorEmail: actor.operatorEmail,
      role: actor.role,
      action: event.action,
      targetType: event.targetType ?? null,
      targetId: event.targetId === undefined || event.targetId === null ? null : String(event.targetId),
      before: event.before ?? null,
      after: event.after ?? null,
      requestId: actor.requestId,
      ip: actor.ip,
    });
    return id;
  }

  /** One page, newest first. The read is itself recorded (`audit.read`, with the filters), in one transaction with it. */
  async list(actor: AuditActor, q: AuditListQuery): Promise<AuditList> {
    if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw new AppError('TIME_RANGE_INVALID');
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    return this.ctx.db.transaction(async (tx) => {
      const filter = {
        operatorId: q.operatorId,
        action: q.action,
        targetType: q.targetType,
        targetId: q.targetId,
        from: q.from === undefined ? undefined : new Date(q.from),
        to: q.to === undefined ? undefined : new Date(q.to),
      };
      const { rows, total, totalCapped } = await auditRepo.list(tx, filter, page, size);
      await this.write(tx, actor, { action: 'audit.read', after: { ...q, page, size } });
      return { items: rows.map(toRecord), page, size, total, totalCapped };
    });
  }

  /**
   * Walks the chain from the first record: ids 1, 2, 3, … without a gap, each prev_hash the hash
   * of the record before, each hash what the database computes from the row now, and the head
   * row naming the last record. Answers the first link that fails.
   */
  async verify(db: DbOrTx = this.ctx.db): Promise<AuditVerifyResult> {
    let prevId = 0;
    let prevHash = AUDIT_GENESIS_HASH;
    for (;;) {
      const links = await auditRepo.links(db, prevId, VERIFY_BATCH);
      for (const l of links) {
        const broken =
          l.id !== prevId + 1
            ? `record ${prevId + 1} is missing (the next is ${l.id})`
            : l.prevHash !== prevHash
              ? `its prev_hash does not match the hash of record ${prevId}`
              : l.hash !== l.recomputed
                ? 'its hash does not match its contents (the row was changed)'
                : null;
        if (broken) return { records: prevId, headHash: prevHash, broken: { id: l.id, reason: broken } };
        prevId = l.id;
        prevHash = l.hash;
      }
      if (links.length < VERIFY_BATCH) break;
    }
    const head = await auditRepo.head(db);
    if (!head)
      return {
        records: prevId,
        headHash: prevHash,
        broken: { id: prevId + 1, reason: 'the audit_head row is missing' },
      };
    if (head.lastId !== prevId || head.lastHash !== prevHash) {
      return {
        records: prevId,
        headHash: prevHash,
        broken: {
          id: head.lastId,
          reason: `the head names record ${head.lastId}, the chain ends at ${prevId} (records were removed from the end, or the head was changed)`,
        },
      };
    }
    return { records: prevId, headHash: prevHash, broken: null };
  }
}

/** What `npm run ops -- audit-verify` prints and its exit status (0 whole, 1 broken). */
export function auditVerifyReport(result: AuditVerifyResult): { status: 0 | 1; lines: string[] } {
  if (!result.broken)
    return {
      status: 0,
      lines: [`audit log OK: ${result.records} record(s), one unbroken chain; head hash ${result.headHash}`],
    };
  return {
    status: 1,
    lines: [
      `audit log BROKEN at record ${result.broken.id}: ${result.broken.reason}`,
      `(records 1..${result.records} check out; the chain up to them ends in ${result.headHash})`,
    ],
  };
}
