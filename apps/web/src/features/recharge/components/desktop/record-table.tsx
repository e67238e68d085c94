import { DeskLoadMore } from '../../../../components/desk-load-more';
import { DelayedLoading, PageLoadError } from '../../../../components/page-state';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';
import { formatExact, NO_VALUE } from '../../../../lib/format';
import { useRechargeText } from '../../strings';
import { DepositStatus, useRecordNetwork } from '../deposit-status';
import { FromAddress, Time, useRecords } from '../records';

/** The deposit records as a table (desktop), newest first, with "load more". */
export function RechargeRecordTable({ labelledBy }: { labelledBy: string }) {
  const r = useRechargeText();
  const { records, items } = useRecords();
  const recordNetwork = useRecordNetwork();
  if (records.isError) return <PageLoadError onRetry={() => void records.refetch()} />;
  if (records.isPending) return <DelayedLoading />;
  if (items.length === 0) return <p className="empty-text">{r('noRecords')}</p>;
  return (
    <>
      <div className="desk-table__scroll">
        <table className="desk-table deposit-table" aria-labelledby={labelledBy}>
          <DeskTableHead
            columns={[
              r('time'),
              r('coin'),
              r('network'),
              r('channel'),
              r('status'),
              numeric(r('amount')),
              numeric(r('quantity')),
              r('from'),
              r('to'),
              r('number'),
            ]}
          />
          <tbody>
            {items.map((d) => (
              <tr key={d.number} data-testid="deposit-record" data-channel={d.channel} data-status={d.status}>
                <td className="is-time">
                  <Time at={d.time} />
                </td>
                <td>{d.symbol}</td>
                <td>{recordNetwork(d)}</td>
                <td>{r(`channels.${d.channel}`)}</td>
                <td>
                  <DepositStatus record={d} />
                </td>
                <td className="is-num">{formatExact(d.amount)}</td>
                <td className="is-num">{formatExact(d.quantity)}</td>
                <td className="deposit-table__address">
                  <FromAddress record={d} />
                </td>
                <td className="deposit-table__address mono">{d.to ?? NO_VALUE}</td>
                <td className="deposit-table__number mono">{d.number}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeskLoadMore pages={records} />
    </>
  );
}
