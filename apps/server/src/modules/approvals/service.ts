import {
  formatAmount,
  type Approval,
  type ApprovalAction,
  type ApprovalDecideBody,
  type ApprovalList,
  type ApprovalListQuery,
  type CreditRequestBody,
  type ReversalRequestBody,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { backStageCreditStep } from '../deposits';
import type { MoneyCommands } from '../ledger';
import { userRepo } from '../users';
import { assetOrThrow, positiveAmount } from '../wallet';
import { approvalRepo } from './repository';

type Listed = Awaited<ReturnType<typeof approvalRepo.list>>['rows'][number];

function toApproval({ approval: a, requestedBy, decidedBy }: Listed): Approval {
  return {
    id: a.id,
    action: a.action as ApprovalAction,
    targetType: a.targetType,
    targetId: a.targetId,
    payload: a.payload as Record<string, string>,
    requestedBy,
    requestedAt: a.requestedAt.getTime(),
    decision: (a.decision as 'approved' | 'rejected' | null) ?? 'pending',
    decidedBy: decidedBy ?? null,
    decidedAt: a.decidedAt?.getTime() ?? null,
  };
}

/**
 * Four eyes (issue 16; docs/back-office.md): a manual credit or a correction (a reversing ledger
 * transaction) is asked by one operator and done only when a different operator approves it; the
 * approval, the money moving and the audit record are one transaction (a money command), so an
 * approval that cannot be carried out (the transaction was reversed meanwhile, the balance is
 * short) is not recorded either. The database refuses a decision by the requester on its own.
 */
export class ApprovalService {
  constructor(
    private readonly ctx: AppContext,
    private readonly money: MoneyCommands,
    private readonly audit: AuditLog,
  ) {}

  async requestCredit(actor: AuditActor, body: CreditRequestBody): Promise<Approval> {
    const user = await userRepo.byUid(this.ctx.db, body.uid);
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    const asset = assetOrThrow(body.asset.toUpperCase());
    const amount = positiveAmount(body.amount, asset);
    return this.request(actor, 'balance.credit', 'user', body.uid, {
      asset: asset.symbol,
      amount: formatAmount(amount, asset.scale),
      note: body.note.trim(),
    });
  }

  async requestReversal(actor: AuditActor, body: ReversalRequestBody): Promise<Approval> {
    return this.request(actor, 'ledger.reverse', 'ledger_transaction', String(body.transactionId), {
      note: body.note.trim(),
    });
  }

  /** How many requests wait for a second operator and since when, for the back office's dashboard. */
  async pendingSummary(): Promise<{ pending: number; oldestAt: number | null }> {
    const { pending, oldestAt } = await approvalRepo.pendingSummary(this.ctx.db);
    return { pending, oldestAt: oldestAt?.getTime() ?? null };
  }

  async list(q: ApprovalListQuery): Promise<ApprovalList> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const { rows, total, totalCapped } = await approvalRepo.list(
      this.ctx.db,
      !q.decision || q.decision === 'pending' ? null : q.decision,
      page,
      size,
    );
    return { items: rows.map(toApproval), page, size, total, totalCapped };
  }

  /** Approves (and does) or rejects a request, once, by an operator other than the one who asked. */
  async decide(actor: AuditActor, body: ApprovalDecideBody): Promise<Approval> {
    await this.money.run({
      userId: null,
      step: async (step) => {
        const request = await approvalRepo.lock(step.tx, body.id);
        if (!request) throw new AppError('NOT_FOUND');
        if (request.decision !== null) throw new AppError('APPROVAL_ALREADY_DECIDED');
        if (request.requestedBy === actor.operatorId) throw new AppError('APPROVAL_SAME_OPERATOR');
        const decision = body.approve ? 'approved' : 'rejected';
        await approvalRepo.decide(step.tx, body.id, { decision, decidedBy: actor.operatorId, decidedAt: step.now });
        const payload = request.payload as Record<string, string>;
        let done: Record<string, unknown> = {};
        if (body.approve && request.action === 'balance.credit') {
          const user = await userRepo.byUid(step.tx, request.targetId);
          if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
          const asset = assetOrThrow(payload.asset!);
          done = await backStageCreditStep({
            userId: user.id,
            asset,
            amount: positiveAmount(payload.amount!, asset),
            note: payload.note ?? null,
            operator: `approval:${body.id}`,
          })(step);
        } else if (body.approve && request.action === 'ledger.reverse') {
          done = {
            reversalId: await step.reverse(
              Number(request.targetId),
              `approval:${body.id}: ${payload.note ?? ''}`.trim(),
            ),
          };
        }
        await this.audit.write(step.tx, actor, {
          action: `approval.${decision === 'approved' ? 'approve' : 'reject'}`,
          targetType: 'operator_approval',
          targetId: body.id,
          before: { decision: 'pending', action: request.action, target: request.targetId, payload },
          after: { decision, ...done },
        });
      },
    });
    return this.one(body.id);
  }

  private async request(
    actor: AuditActor,
    action: ApprovalAction,
    targetType: string,
    targetId: string,
    payload: Record<string, string>,
  ): Promise<Approval> {
    if (actor.operatorId === null) throw new AppError('SESSION_EXPIRED');
    const id = await this.ctx.db.transaction(async (tx) => {
      const created = await approvalRepo.insert(tx, {
        action,
        targetType,
        targetId,
        payload,
        requestedBy: actor.operatorId!,
        requestedAt: this.ctx.clock.now(),
      });
      await this.audit.write(tx, actor, {
        action: 'approval.request',
        targetType: 'operator_approval',
        targetId: created,
        after: { action, targetType, targetId, payload },
      });
      return created;
    });
    return this.one(id);
  }

  private async one(id: number): Promise<Approval> {
    const { rows } = await approvalRepo.list(this.ctx.db, null, 1, 1, id);
    return toApproval(rows[0]!);
  }
}
