import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { dateTimeAttribute, formatAssetAmount, formatDateTime } from '../../../lib/format';
import { useTransferLog } from '../api/get-transfer-log';

/** /pages/assets/transfer-records: transfers between the user's accounts, newest first. */
export function TransferRecordsPage() {
  const { t } = useTranslation();
  const log = useTransferLog();
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="assets">
      {log.isPending ? <DelayedLoading /> : null}
      {log.data && items.length === 0 ? <p className="empty-text">{t('assets.noRecords')}</p> : null}
      <ul className="record-list" aria-label={t('routes.transferRecords')}>
        {items.map((r) => (
          <li key={r.id} className="record" data-testid="transfer-record">
            <div className="record__main">
              <span className="record__title">
                {t(`wallets.${r.fromAccount}`)} → {t(`wallets.${r.toAccount}`)}
              </span>
              <span className="record__amount mono">
                {formatAssetAmount(r.amount, r.asset)} {r.asset}
              </span>
            </div>
            <div className="record__meta">
              <span>{t('assets.operateTime')}</span>
              <time dateTime={dateTimeAttribute(r.operateTime)}>{formatDateTime(r.operateTime)}</time>
            </div>
          </li>
        ))}
      </ul>
      {log.hasNextPage ? (
        <Button block shape="rounded" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
