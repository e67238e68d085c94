import { WALLET_NAMES, type WalletName } from '@app/contract';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { checkTransferAmount, collectErrors } from '../../../lib/forms/validation';

export type TransferField = 'toAccount' | 'amount';

/** A wallet name from the URL, or `fallback` when it names none. */
export function walletOr(value: string | null, fallback: WalletName): WalletName {
  return WALLET_NAMES.includes(value as WalletName) ? (value as WalletName) : fallback;
}

/**
 * The accounts a transfer opened from `from` starts with: out of it, into the option account (or the
 * currency one); into `to` when the URL names another account (financing's "transfer to financing account").
 */
export function initialAccounts(
  from: string | null,
  to: string | null = null,
): { fromAccount: WalletName; toAccount: WalletName } {
  const fromAccount = walletOr(from, 'currency');
  const toAccount = walletOr(to, fromAccount === 'option' ? 'currency' : 'option');
  return {
    fromAccount,
    toAccount: toAccount === fromAccount ? (fromAccount === 'option' ? 'currency' : 'option') : toAccount,
  };
}

/**
 * The transfer form's errors: two different accounts, and an amount above zero with at most
 * `decimals` fraction digits and within `available` (compared exactly, as decimal strings).
 */
export function checkTransfer(input: {
  fromAccount: WalletName;
  toAccount: WalletName;
  amount: string;
  available: string | undefined;
  decimals: number;
}): Partial<Record<TransferField, string>> {
  return collectErrors<TransferField>({
    toAccount: input.fromAccount === input.toAccount ? catalogMessage('SAME_WALLET') : null,
    amount: checkTransferAmount(input.amount, input.available, input.decimals),
  });
}
