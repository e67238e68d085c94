import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createOperator } from '../../../test/operators';
import { operatorApprovals } from '../../db/schema-operators';
import { hasSqlState } from '../../lib/db-errors';

/** Four-eyes approvals: the rule lives in the database, so no code path can skip it (issue 16). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SCRYPT_COST: '1024' } });
});
afterAll(() => t.close());

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function failure(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    for (const state of ['23514', 'AU003']) if (hasSqlState(err, state)) return state;
    throw err;
  }
}

describe('operator approvals', () => {
  it('refuse a decision by the operator who asked, take one by another, once', async () => {
    const [maker, checker, third] = [
      await createOperator(t, 'finance'),
      await createOperator(t, 'finance'),
      await createOperator(t, 'admin'),
    ];
    const now = t.clock.now();
    const [request] = await t.ctx.db
      .insert(operatorApprovals)
      .values({
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: '42',
        payload: { amount: '25000.00', asset: 'USDT' },
        requestedBy: maker.operator.id,
        requestedAt: now,
      })
      .returning();
    const decide = (by: number, decision: string) => () =>
      t.ctx.db
        .update(operatorApprovals)
        .set({ decidedBy: by, decidedAt: now, decision })
        .where(eq(operatorApprovals.id, request!.id));

    // The maker approving their own request: the CHECK refuses it (23514 check_violation).
    expect(await failure(decide(maker.operator.id, 'approved'))).toBe('23514');
    // A half decision (no decider) is refused too.
    expect(
      await failure(() =>
        t.ctx.db.update(operatorApprovals).set({ decision: 'approved' }).where(eq(operatorApprovals.id, request!.id)),
      ),
    ).toBe('23514');
    // Changing what was asked before the decision: refused by the trigger.
    expect(
      await failure(() =>
        t.ctx.db
          .update(operatorApprovals)
          .set({ payload: { amount: '99999.00', asset: 'USDT' } })
          .where(eq(operatorApprovals.id, request!.id)),
      ),
    ).toBe('AU003');
    // Another operator decides.
    expect(await failure(decide(checker.operator.id, 'approved'))).toBeNull();
    // Decided once: neither the checker nor a third operator can change it, and it is never deleted.
    expect(await failure(decide(checker.operator.id, 'rejected'))).toBe('AU003');
    expect(await failure(decide(third.operator.id, 'rejected'))).toBe('AU003');
    expect(await failure(() => t.ctx.db.delete(operatorApprovals).where(eq(operatorApprovals.id, request!.id)))).toBe(
      'AU003',
    );
    const [row] = await t.ctx.db.select().from(operatorApprovals).where(eq(operatorApprovals.id, request!.id));
    expect(row).toMatchObject({
      requestedBy: maker.operator.id,
      decidedBy: checker.operator.id,
      decision: 'approved',
      payload: { amount: '25000.00' },
    });
  });

  it('refuse an approval row made already decided by its own requester', async () => {
    const maker = await createOperator(t, 'finance');
    const now = t.clock.now();
    expect(
      await failure(() =>
        t.ctx.db.insert(operatorApprovals).values({
          action: 'loan.approve',
          targetType: 'loan',
          targetId: '7',
          payload: {},
          requestedBy: maker.operator.id,
          requestedAt: now,
          decidedBy: maker.operator.id,
          decidedAt: now,
          decision: 'approved',
        }),
      ),
    ).toBe('23514');
  });
});
