import { eq } from 'drizzle-orm';
import { formatAmount, type AssetDef } from '@app/contract';
import { deposits } from '../../db/schema';
import { systemAccount, userAccount, type MoneyCommands } from '../ledger';

export interface BackStageCredit {
  userId: number;
  asset: AssetDef;
  amount: bigint;
  note: string | null;
  operator: string;
}

/**
 * Credits a user's real currency account by an operator ("back stage" deposit channel, spec §3):
 * a deposit record and its ledger transaction (external deposits → user), together or not at all.
 */
export function creditBackStage(money: MoneyCommands, c: BackStageCredit) {
  return money.run({ userId: null, step: async ({ tx, now, post }) => {
    const [row] = await tx.insert(deposits).values({
      userId: c.userId, mode: 'real', asset: c.asset.symbol, amount: c.amount, channel: 'back_stage', status: 'in_progress',
      note: c.note, operator: c.operator, createdAt: now,
    }).returning({ id: deposits.id });
    const depositId = row!.id;
    const transactionId = await post({
      mode: 'real', kind: 'deposit', reference: `deposit:${depositId}`, memo: c.note ?? undefined,
      postings: [
        { account: systemAccount('real', 'external_deposits', c.asset.symbol), amount: -c.amount },
        { account: userAccount(c.userId, 'real', 'currency', c.asset.symbol), amount: c.amount },
      ],
    });
    await tx.update(deposits).set({ status: 'success', transactionId, completedAt: now }).where(eq(deposits.id, depositId));
    return { depositId, transactionId, amount: formatAmount(c.amount, c.asset.scale) };
  } });
}
