import { useTranslation } from 'react-i18next';
import { DeskLoadMore } from '../../../../components/desk-load-more';
import { DelayedLoading } from '../../../../components/page-state';
import { dateTimeAttribute, formatDateTime } from '../../../../lib/format';
import { useTradingRecord } from '../../api/get-trading-record';
import { formatOtcAmount, formatOtcPrice } from '../../model/otc-figures';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';
import { useOtcText } from '../../strings';

/** The user's OTC trades, newest first, as a table (the mobile history tab's data). */
export function TradeHistoryTable() {
  const { t } = useTranslation();
  const o = useOtcText();
  const records = useTradingRecord();
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  if (records.isPending) return <DelayedLoading />;
  if (items.length === 0) return <p className="empty-text">{o('noTrades')}</p>;
  return (
    <>
      <div className="desk-table__scroll">
        <table className="desk-table" aria-labelledby="otc-history">
          <DeskTableHead
            columns={[
              t('assets.operateTime'),
              t('desktop.type'),
              numeric(o('paid')),
              numeric(o('received')),
              numeric(o('price')),
              numeric(o('fee')),
            ]}
          />
          <tbody>
            {items.map((trade) => (
              <tr key={trade.id} data-testid="otc-trade">
                <td className="is-time">
                  <time dateTime={dateTimeAttribute(trade.time)}>{formatDateTime(trade.time)}</time>
                </td>
                <td>
                  {o(`sides.${trade.side}`)} · {trade.side === 'buy' ? trade.toAsset : trade.fromAsset}
                  {trade.side === 'flash' ? ` → ${trade.toAsset}` : ''}
                </td>
                <td className="is-num">{formatOtcAmount(trade.fromAmount, trade.fromAsset)}</td>
                <td className="is-num">{formatOtcAmount(trade.toAmount, trade.toAsset)}</td>
                <td className="is-num">{formatOtcPrice(trade.price)}</td>
                <td className="is-num">{formatOtcAmount(trade.fee, trade.feeAsset)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeskLoadMore pages={records} />
    </>
  );
}
