import { useTranslation } from 'react-i18next';
import type { RechargeRecord } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { dateTimeAttribute, formatDateTime, formatExact, NO_VALUE } from '../../../lib/format';
import { useRechargeRecords } from '../api/deposits';
import { useRechargeText } from '../strings';
import { DepositStatus, useRecordNetwork } from './deposit-status';

export function Time({ at }: { at: number }) {
  return <time dateTime={dateTimeAttribute(at)}>{formatDateTime(at)}</time>;
}

/** A source address with its address-book label, if the user saved it. */
export function FromAddress({ record }: { record: RechargeRecord }) {
  if (!record.from) return <>{NO_VALUE}</>;
  return (
    <>
      {record.fromLabel ? <span className="deposit-record__label">{record.fromLabel} </span> : null}
      <span className="mono">{record.from}</span>
    </>
  );
}

export function useRecords() {
  const records = useRechargeRecords();
  return { records, items: records.data?.pages.flatMap((p) => p.items) ?? [] };
}

/**
 * The deposit records as cards (docs/product.md §3: amount, quantity, number, channel, status, from, to, time),
 * newest first; a back-stage credit has no network, source or deposit address, so those lines are left out.
 */
export function RechargeRecordList() {
  const { t } = useTranslation();
  const r = useRechargeText();
  const { records, items } = useRecords();
  const recordNetwork = useRecordNetwork();
  if (records.isError) return <PageLoadError onRetry={() => void records.refetch()} />;
  if (records.isPending) return <DelayedLoading />;
  return (
    <>
      {items.length === 0 ? <p className="empty-text">{r('noRecords')}</p> : null}
      <ul className="record-list" aria-label={t('routes.rechargeRecords')}>
        {items.map((d) => (
          <li
            key={d.number}
            className="record deposit-record"
            data-testid="deposit-record"
            data-channel={d.channel}
            data-status={d.status}
          >
            <div className="record__main">
              <span className="record__title">
                {d.symbol} · {r(`channels.${d.channel}`)}
              </span>
              <span className="record__amount mono">
                {formatExact(d.amount)} {d.symbol}
              </span>
            </div>
            <div className="record__meta">
              <DepositStatus record={d} />
              <Time at={d.time} />
            </div>
            <dl className="record__details deposit-record__details">
              <div>
                <dt>{r('quantity')}</dt>
                <dd className="mono">
                  {formatExact(d.quantity)} {d.symbol}
                </dd>
              </div>
              {d.chain ? (
                <div>
                  <dt>{r('network')}</dt>
                  <dd>{recordNetwork(d)}</dd>
                </div>
              ) : null}
              {d.from ? (
                <div className="is-wide">
                  <dt>{r('from')}</dt>
                  <dd>
                    <FromAddress record={d} />
                  </dd>
                </div>
              ) : null}
              {d.to ? (
                <div className="is-wide">
                  <dt>{r('to')}</dt>
                  <dd className="mono">{d.to}</dd>
                </div>
              ) : null}
              {d.txHash ? (
                <div className="is-wide">
                  <dt>{r('txHash')}</dt>
                  <dd className="mono">{d.txHash}</dd>
                </div>
              ) : null}
              <div className="is-wide">
                <dt>{r('number')}</dt>
                <dd className="mono">{d.number}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {records.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary deposit-load-more"
          disabled={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {records.isFetchingNextPage ? t('app.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
