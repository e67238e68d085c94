import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import type { MergedOrders } from '../model/merge-orders';
import { ContractRow } from './contract-row';
import { SpotRow } from './spot-row';

/** Contracts and spot orders in one list, with "load more" and an empty text. */
export function OrderList({ orders, label, empty }: { orders: MergedOrders; label: string; empty: string }) {
  const { t } = useTranslation();
  return (
    <div className="order-list">
      {!orders.loaded && !orders.isError ? <DelayedLoading /> : null}
      {orders.loaded && orders.items.length === 0 ? <p className="empty-text">{empty}</p> : null}
      <ul className="record-list" aria-label={label}>
        {orders.items.map((item) =>
          item.kind === 'contract' ? (
            <ContractRow key={item.key} contract={item.contract} />
          ) : (
            <SpotRow key={item.key} order={item.order} />
          ),
        )}
      </ul>
      {orders.hasMore ? (
        <Button block shape="rounded" loading={orders.isLoadingMore} onClick={orders.loadMore}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
