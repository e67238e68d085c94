import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawConfirmBody, Withdrawal, WithdrawQuote } from '@app/contract';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api/api-client';
import { useKeyMemo } from '../../../lib/api/idempotency';
import { toastSuccess } from '../../../lib/feedback/toast';
import { formatExact } from '../../../lib/format';
import { checkRequired } from '../../../lib/forms/validation';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import { networkLabel } from '../model/address-book';
import { needsNewQuote } from '../model/withdraw-form';
import { useWithdrawText } from '../strings';
import { FormDialog } from './form-dialog';

export interface ConfirmWithdrawDialogProps {
  quote: WithdrawQuote;
  /** Asks the server for a new quote of the same withdrawal (the shown one ran out); it replaces `quote`. */
  requote: () => Promise<WithdrawQuote | null>;
  onClose: () => void;
  onConfirmed: (withdrawal: Withdrawal) => void;
}

/**
 * The confirm step: a modal `<dialog>` with the summary (address, network, amount, fee, expected
 * receipt) and the fund password. `userwithdraw/confirm` goes with an Idempotency-Key, the same one
 * only when this very request is sent again after a lost answer. A refusal stays in the dialog
 * (the server's message); a quote that ran out is replaced by a new one, to be confirmed again.
 */
export function ConfirmWithdrawDialog({ quote, requote, onClose, onConfirmed }: ConfirmWithdrawDialogProps) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const keys = useKeyMemo<WithdrawConfirmBody>();
  const confirm = useConfirmWithdrawal();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const empty = checkRequired(fundPassword);
    if (empty) {
      setError(empty);
      return;
    }
    const body = { quoteId: quote.quoteId, fundPassword };
    confirm.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (withdrawal) => {
          keys.answered();
          toastSuccess(w('submitted'));
          onConfirmed(withdrawal);
        },
        onError: async (e) => {
          if (!(e instanceof ApiError)) {
            setError(t('network.serverError'));
            return;
          }
          // A lost answer keeps its key (a retry moves the money once); a definite one does not.
          if (e.kind !== 'transport') keys.answered();
          setError(e.message);
          if (needsNewQuote(e.code)) await requote();
        },
      },
    );
  };

  const coin = quote.currency;
  const rows: Array<[string, string, string]> = [
    [w('toAddress'), quote.nickname ? `${quote.nickname} · ${quote.address}` : quote.address, 'address'],
    [w('network'), networkLabel(quote), 'network'],
    [w('amount'), w('amountOf', { amount: formatExact(quote.amount), coin }), 'amount'],
    [
      w('fee'),
      w('amountOf', { amount: formatExact(quote.fee), coin }) + (quote.feeWaived ? ` (${w('feeFree')})` : ''),
      'fee',
    ],
    [w('receive'), w('amountOf', { amount: formatExact(quote.receive), coin }), 'receive'],
  ];

  return (
    <FormDialog
      title={w('confirmTitle')}
      testid="withdraw-confirm"
      className="withdraw-confirm"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={confirm.isPending}
      submitLabel={t('common.confirm')}
    >
      <dl className="withdraw-figures withdraw-confirm__summary">
        {rows.map(([label, value, id]) => (
          <div key={id} data-testid={`confirm-${id}`}>
            <dt>{label}</dt>
            <dd className={id === 'address' ? 'mono withdraw-confirm__address' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <PasswordField
        label={t('fields.fundPassword')}
        autoComplete="off"
        autoFocus
        value={fundPassword}
        onChange={(value) => {
          setFundPassword(value);
          setError(undefined);
        }}
        error={error}
      />
    </FormDialog>
  );
}
