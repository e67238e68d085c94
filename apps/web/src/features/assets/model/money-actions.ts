/**
 * The money actions at the head of Assets, Wallet and the desktop summaries
 * (docs/decisions/0142-deposit-beside-withdraw.md): Deposit always beside Withdraw; an account that
 * holds nothing starts with Deposit, as its one primary action; any other with Transfer.
 */
export type MoneyAction = 'deposit' | 'withdraw' | 'transfer';

export interface PlacedAction {
  key: MoneyAction;
  /** The one filled button of the row. */
  primary: boolean;
}

export function moneyActions(empty: boolean): PlacedAction[] {
  const order: MoneyAction[] = empty ? ['deposit', 'withdraw', 'transfer'] : ['transfer', 'deposit', 'withdraw'];
  return order.map((key, i) => ({ key, primary: i === 0 }));
}
