import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { dateTimeAttribute, formatDateTime } from '../../../lib/format';
import { useTradingRecord } from '../api/get-trading-record';
import { formatOtcAmount, formatOtcPrice } from '../model/otc-figures';
import { useOtcText } from '../strings';

/** The OTC history tab: the user's trades, newest first. */
export function TradeHistory() {
  const { t } = useTranslation();
  const o = useOtcText();
  const records = useTradingRecord();
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      {records.isPending ? <DelayedLoading /> : null}
      {records.data && items.length === 0 ? <p className="empty-text">{o('noTrades')}</p> : null}
      <ul className="record-list" aria-label={o('history')}>
        {items.map((trade) => (
          <li key={trade.id} className="record" data-testid="otc-trade">
            <div className="record__main">
              <span className="record__title">
                {o(`sides.${trade.side}`)} · {trade.side === 'buy' ? trade.toAsset : trade.fromAsset}
                {trade.side === 'flash' ? ` → ${trade.toAsset}` : ''}
              </span>
              <time className="record__time" dateTime={dateTimeAttribute(trade.time)}>
                {formatDateTime(trade.time)}
              </time>
            </div>
            <dl className="record__details">
              <div>
                <dt>{o('paid')}</dt>
                <dd className="mono">{formatOtcAmount(trade.fromAmount, trade.fromAsset)}</dd>
              </div>
              <div>
                <dt>{o('received')}</dt>
                <dd className="mono">{formatOtcAmount(trade.toAmount, trade.toAsset)}</dd>
              </div>
              <div>
                <dt>{o('price')}</dt>
                <dd className="mono">{formatOtcPrice(trade.price)}</dd>
              </div>
              <div>
                <dt>{o('fee')}</dt>
                <dd className="mono">{formatOtcAmount(trade.fee, trade.feeAsset)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {records.hasNextPage ? (
        <Button block shape="rounded" loading={records.isFetchingNextPage} onClick={() => void records.fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
