import { formatAmount, type AssetDef } from '@app/contract';
import { systemAccount, userAccount, type MoneyCommands, type MoneyStep } from '../ledger';
import { depositRepo } from './repository';

export interface BackStageCredit {
  userId: number;
  asset: AssetDef;
  amount: bigint;
  note: string | null;
  operator: string;
}

/**
 * Credits a user's real currency account by an operator ("back stage" deposit channel, docs/product.md §3):
 * a deposit record and its ledger transaction (external deposits → user), together or not at all.
 */
export function creditBackStage(money: MoneyCommands, c: BackStageCredit) {
  return money.run({ userId: null, step: backStageCreditStep(c) });
}

/** The credit as a step of a money command, for a command that does more in the same transaction (a four-eyes approval). */
export function backStageCreditStep(c: BackStageCredit) {
  return async ({ tx, now, post }: Pick<MoneyStep, 'tx' | 'now' | 'post'>) => {
    const depositId = await depositRepo.insertBackStage(tx, {
      userId: c.userId,
      mode: 'real',
      asset: c.asset.symbol,
      amount: c.amount,
      channel: 'back_stage',
      status: 'in_progress',
      note: c.note,
      operator: c.operator,
      createdAt: now,
    });
    const transactionId = await post({
      mode: 'real',
      kind: 'deposit',
      reference: `deposit:${depositId}`,
      memo: c.note ?? undefined,
      postings: [
        { account: systemAccount('real', 'external_deposits', c.asset.symbol), amount: -c.amount },
        { account: userAccount(c.userId, 'real', 'currency', c.asset.symbol), amount: c.amount },
      ],
    });
    await depositRepo.completeBackStage(tx, depositId, transactionId, now);
    return { depositId, transactionId, amount: formatAmount(c.amount, c.asset.scale) };
  };
}
