import {
  assetOf,
  formatAmount,
  type UserDetail,
  type UserLockBody,
  type UserSearchQuery,
  type UserSearchResult,
  type UserSummary,
  type UserUnfreezeWithdrawalsBody,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import type { SessionService } from '../auth';
import type { KycService } from '../kyc';
import type { LedgerReads, Mode } from '../ledger';
import { userRepo, type UserRow } from '../users';

/** How many of a user's latest real-ledger transactions their page lists. */
const RECENT_TRANSACTIONS = 20;

/** What a lock changes, for the audit record. */
const lockOf = (u: UserRow) => ({ lockedAt: u.lockedAt?.getTime() ?? null, lockedReason: u.lockedReason });

/**
 * Users as the back office sees them (issue 16; docs/back-office.md): found by an exact
 * identifier, shown with their verification state, balances (read-only) and sessions; locked,
 * unlocked, or signed out everywhere by an operator. Every read of a user and every change is in
 * the audit log.
 */
export class CustomerService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditLog,
    private readonly sessions: SessionService,
    private readonly kyc: KycService,
    private readonly ledger: LedgerReads,
  ) {}

  async search(q: UserSearchQuery): Promise<UserSearchResult> {
    const page = q.page ?? 1;
    const size = q.size ?? 20;
    const { rows, total, totalCapped } =
      q.q === undefined ? await userRepo.newest(this.ctx.db, page, size) : await this.exact(q.q.trim());
    const states = await this.kyc.statesOf(rows.map((r) => r.id));
    return { items: rows.map((r) => summary(r, states.get(r.id)!)), page, size, total, totalCapped };
  }

  /** One user by UID, e-mail or phone, matched exactly (page 1 only: there is at most one). */
  private async exact(q: string): Promise<{ rows: UserRow[]; total: number; totalCapped: false }> {
    const db = this.ctx.db;
    const found = /^\d{8}$/.test(q)
      ? await userRepo.byUid(db, q)
      : q.includes('@')
        ? await userRepo.byEmail(db, q.toLowerCase())
        : /^\+\d{6,15}$/.test(q)
          ? await userRepo.byPhone(db, q)
          : undefined;
    return found ? { rows: [found], total: 1, totalCapped: false } : { rows: [], total: 0, totalCapped: false };
  }

  /** A user's page; the read is recorded (`user.read`). */
  async detail(actor: AuditActor, uid: string): Promise<UserDetail> {
    const user = await this.byUid(uid);
    const [state] = [...(await this.kyc.statesOf([user.id])).values()];
    const balances = async (mode: Mode) =>
      (await this.ledger.accountsOf(this.ctx.db, user.id, mode))
        .filter((a) => a.balance !== 0n)
        .map((a) => ({
          wallet: a.kind,
          asset: a.asset,
          balance: formatAmount(a.balance, assetOf(a.asset)?.scale ?? 0),
        }));
    const idleMs = this.ctx.config.sessionIdleMinutes * 60_000;
    const now = this.ctx.clock.now().getTime();
    const sessions = (await this.sessions.liveOf(user.id))
      .filter((s) => s.lastSeenAt.getTime() + idleMs > now)
      .map((s) => ({
        origin: s.origin,
        ip: s.ip,
        userAgent: s.userAgent,
        createdAt: s.createdAt.getTime(),
        lastSeenAt: s.lastSeenAt.getTime(),
        expiresAt: s.expiresAt.getTime(),
      }));
    const { items } = await this.ledger.statement(this.ctx.db, user.id, 'real', {}, RECENT_TRANSACTIONS, 0);
    const transactions = items.map((t) => ({
      id: t.id,
      kind: t.txKind,
      createdAt: t.createdAt.getTime(),
      changes: t.lines.map((l) => ({
        wallet: l.wallet,
        asset: l.asset,
        amount: formatAmount(l.amount, assetOf(l.asset)?.scale ?? 0),
      })),
    }));
    await this.audit.write(this.ctx.db, actor, { action: 'user.read', targetType: 'user', targetId: uid });
    return {
      ...summary(user, state!),
      countryCode: user.countryCode,
      manager: user.managerUid,
      lockedReason: user.lockedReason,
      withdrawalsFrozenAt: user.withdrawalsFrozenAt?.getTime() ?? null,
      balances: { real: await balances('real'), demo: await balances('demo') },
      transactions,
      sessions,
    };
  }

  /** Locks the account: no login, every session ended; recorded with the reason. */
  async lock(actor: AuditActor, body: UserLockBody): Promise<UserDetail> {
    const user = await this.byUid(body.uid);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      // Ending the sessions first also drops what this process remembers of the user.
      await this.sessions.revokeAll(tx, user.id);
      const locked = await userRepo.update(tx, user.id, {
        lockedAt: user.lockedAt ?? now,
        lockedReason: body.reason,
        updatedAt: now,
      });
      await this.audit.write(tx, actor, {
        action: 'user.lock',
        targetType: 'user',
        targetId: user.uid,
        before: lockOf(user),
        after: lockOf(locked),
      });
    });
    return this.detail(actor, body.uid);
  }

  async unlock(actor: AuditActor, uid: string): Promise<UserDetail> {
    const user = await this.byUid(uid);
    await this.ctx.db.transaction(async (tx) => {
      this.sessions.forgetUser(user.id);
      const unlocked = await userRepo.update(tx, user.id, {
        lockedAt: null,
        lockedReason: null,
        updatedAt: this.ctx.clock.now(),
      });
      await this.audit.write(tx, actor, {
        action: 'user.unlock',
        targetType: 'user',
        targetId: uid,
        before: lockOf(user),
        after: lockOf(unlocked),
      });
    });
    return this.detail(actor, uid);
  }

  /**
   * Lifts the freeze of withdrawals the user set with a new-address notice's link, once support has
   * checked with them; recorded with the note. A user not frozen is answered as they are.
   */
  async unfreezeWithdrawals(actor: AuditActor, body: UserUnfreezeWithdrawalsBody): Promise<UserDetail> {
    const user = await this.byUid(body.uid);
    if (user.withdrawalsFrozenAt) {
      await this.ctx.db.transaction(async (tx) => {
        this.sessions.forgetUser(user.id);
        await userRepo.update(tx, user.id, { withdrawalsFrozenAt: null, updatedAt: this.ctx.clock.now() });
        await this.audit.write(tx, actor, {
          action: 'user.unfreeze_withdrawals',
          targetType: 'user',
          targetId: user.uid,
          before: { withdrawalsFrozenAt: user.withdrawalsFrozenAt!.getTime() },
          after: { withdrawalsFrozenAt: null, note: body.note },
        });
      });
    }
    return this.detail(actor, body.uid);
  }

  /** Ends every session of the user (they log in again); recorded. */
  async logoutEverywhere(actor: AuditActor, uid: string): Promise<UserDetail> {
    const user = await this.byUid(uid);
    await this.ctx.db.transaction(async (tx) => {
      await this.sessions.revokeAll(tx, user.id);
      await this.audit.write(tx, actor, { action: 'user.logout', targetType: 'user', targetId: uid });
    });
    return this.detail(actor, uid);
  }

  private async byUid(uid: string): Promise<UserRow> {
    const user = await userRepo.byUid(this.ctx.db, uid);
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    return user;
  }
}

function summary(u: UserRow, kycState: UserSummary['kycState']): UserSummary {
  return {
    uid: u.uid,
    nickname: u.nickname,
    email: u.email,
    phone: u.phone,
    createdAt: u.createdAt.getTime(),
    kycState,
    lockedAt: u.lockedAt?.getTime() ?? null,
  };
}
