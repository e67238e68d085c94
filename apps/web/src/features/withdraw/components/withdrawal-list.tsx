import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contract';
import { CopyButton } from '../../../components/copy-button';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { askConfirmDefault } from '../../../lib/feedback/confirm';
import { toastSuccess } from '../../../lib/feedback/toast';
import { dateTimeAttribute, formatDateTime, formatExact } from '../../../lib/format';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';

/** A withdrawal's state (Processing, Approved, Sent, Completed, Rejected, Failed, Cancelled) and, while sent, its confirmations. */
function WithdrawalState({ withdrawal }: { withdrawal: Withdrawal }) {
  const w = useWithdrawText();
  const counting = withdrawal.state === 'broadcast' && withdrawal.confirmations !== null;
  return (
    <span
      className={`withdrawal-state withdrawal-state--${withdrawal.state}`}
      data-testid="withdrawal-state"
      data-state={withdrawal.state}
    >
      {w(`states.${withdrawal.state}`)}
      {counting
        ? ` · ${w('confirmations', { done: withdrawal.confirmations ?? 0, required: withdrawal.requiredConfirmations })}`
        : null}
    </span>
  );
}

/** "Cancel" while the withdrawal is still processing: asks first, then returns the escrow. */
function CancelButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const w = useWithdrawText();
  const cancel = useCancelWithdrawal();
  const amount = w('amountOf', { amount: formatExact(withdrawal.amount), coin: withdrawal.currency });
  const onClick = async () => {
    const agreed = await askConfirmDefault({
      title: w('cancelTitle'),
      content: w('cancelText', { amount }),
      confirmText: w('cancel'),
      cancelText: w('keep'),
    });
    if (!agreed) return;
    cancel.mutate(withdrawal.id, { onSuccess: () => toastSuccess(w('cancelled')) });
  };
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={cancel.isPending}
      aria-label={w('cancelLabel', { number: withdrawal.number })}
      onClick={() => void onClick()}
    >
      {w('cancel')}
    </button>
  );
}

/** One withdrawal (docs/product.md §3 "Withdraw record"): number, coin, network, address, amount, fee, expected receipt, state, reason and note, tx hash, time. */
function WithdrawalItem({ withdrawal: d }: { withdrawal: Withdrawal }) {
  const w = useWithdrawText();
  const coin = d.currency;
  const of = (amount: string) => w('amountOf', { amount: formatExact(amount), coin });
  return (
    <li
      className="record withdrawal-record"
      data-testid="withdrawal-record"
      data-state={d.state}
      data-number={d.number}
    >
      <div className="record__main">
        <span className="record__title">
          {coin} · {networkLabel(d)}
        </span>
        <span className="record__amount mono">{of(d.amount)}</span>
      </div>
      <div className="record__meta">
        <WithdrawalState withdrawal={d} />
        <time dateTime={dateTimeAttribute(d.createdAt)}>{formatDateTime(d.createdAt)}</time>
      </div>
      <dl className="record__details">
        <div>
          <dt>{w('fee')}</dt>
          <dd className="mono" data-testid="withdrawal-fee">
            {of(d.fee)}
          </dd>
        </div>
        <div>
          <dt>{w('receive')}</dt>
          <dd className="mono" data-testid="withdrawal-receive">
            {of(d.receive)}
          </dd>
        </div>
        <div className="is-wide">
          <dt>{w('toAddress')}</dt>
          <dd>
            {d.nickname ? <span className="withdrawal-record__nickname">{d.nickname} </span> : null}
            <span className="mono">{d.address}</span>
          </dd>
        </div>
        {d.reason ? (
          <div className="is-wide">
            <dt>{w('reason')}</dt>
            <dd data-testid="withdrawal-reason">{w(`reasons.${d.reason}`)}</dd>
          </div>
        ) : null}
        {d.note ? (
          <div className="is-wide">
            <dt>{w('note')}</dt>
            <dd data-testid="withdrawal-note">{d.note}</dd>
          </div>
        ) : null}
        {d.txHash ? (
          <div className="is-wide">
            <dt>{w('txHash')}</dt>
            <dd className="withdrawal-record__hash">
              <span className="mono" data-testid="withdrawal-tx">
                {d.txHash}
              </span>
              <CopyButton text={d.txHash} label={w('txHashOf', { number: d.number })} />
            </dd>
          </div>
        ) : null}
        <div className="is-wide">
          <dt>{w('number')}</dt>
          <dd className="mono">{d.number}</dd>
        </div>
      </dl>
      {d.cancellable ? (
        <div className="withdrawal-record__actions">
          <CancelButton withdrawal={d} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The user's withdrawals, newest first, page by page; refreshed every few seconds while one is
 * still under review, being signed or counting confirmations (api/get-withdrawals.ts).
 */
export function WithdrawalList({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const records = useWithdrawals();
  if (records.isError) return <PageLoadError onRetry={() => void records.refetch()} />;
  if (records.isPending) return <DelayedLoading />;
  const items = records.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <p className="empty-text" data-testid="withdrawals-empty">
        {w('noRecords')}
      </p>
    );
  return (
    <>
      <ul
        className="record-list withdrawal-list"
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': t('routes.withdrawHistory') })}
      >
        {items.map((d) => (
          <WithdrawalItem key={d.id} withdrawal={d} />
        ))}
      </ul>
      {records.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary withdrawal-more"
          disabled={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {records.isFetchingNextPage ? t('app.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
