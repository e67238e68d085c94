import { GUIDE_STEPS, type GuideProgress, type GuideStepKey, type LedgerKind } from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { LedgerReads } from '../ledger';
import { userRepo } from '../users';

/** A trade of any kind: what "tried the demo account" asks of the demo ledger. */
const TRADE_KINDS: readonly LedgerKind[] = [
  'otc_buy',
  'otc_sell',
  'otc_flash',
  'spot_buy',
  'spot_sell',
  'spot_escrow',
  'contract_open',
];

/**
 * The novice guide (docs/content.md "Novice guide"; docs/decisions/0154-novice-guide-from-facts.md): each step
 * is done when the user's own records say so, never because a page was opened or a box ticked —
 * a trade on the demo ledger, a seconds contract in either mode, a deposit credited to the real
 * account (on chain or by an operator), the fund password set.
 */
export class GuideService {
  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerReads,
  ) {}

  async progress(userId: number): Promise<GuideProgress> {
    const db = this.ctx.db;
    const [user, demo, contractReal, contractDemo, deposit] = await Promise.all([
      userRepo.stored(db, userId, false),
      this.ledger.hasKinds(db, userId, 'demo', TRADE_KINDS),
      this.ledger.hasKinds(db, userId, 'real', ['contract_open']),
      this.ledger.hasKinds(db, userId, 'demo', ['contract_open']),
      this.ledger.hasKinds(db, userId, 'real', ['deposit']),
    ]);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const done: Record<GuideStepKey, boolean> = {
      demo,
      contract: contractReal || contractDemo,
      deposit,
      security: user.fundPasswordHash !== null,
    };
    const steps = GUIDE_STEPS.map((key) => ({ key, done: done[key] }));
    return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
  }
}
