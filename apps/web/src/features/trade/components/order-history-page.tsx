import { useTranslation } from 'react-i18next';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { useOrderHistory } from '../hooks/use-order-history';
import { OrderList } from './order-list';
import type { OrderKind } from './order-paths';
import '../../../lib/market/market.css';
import '../trade.css';
import '../strings';

/** /pages/assets/order-history: every seconds contract and spot order of the account version. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  const { tab, setTab, orders } = useOrderHistory();
  return (
    <div className="order-history">
      <TabList<OrderKind>
        label={t('routes.orderHistory')}
        idPrefix="order-history"
        items={[
          { key: 'contract', label: t('orders.history.contracts') },
          { key: 'spot', label: t('orders.history.spot') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <div {...tabPanelProps('order-history', tab)}>
        <OrderList
          orders={orders}
          label={tab === 'contract' ? t('orders.history.contracts') : t('orders.history.spot')}
          empty={t('orders.lists.noHistory')}
        />
      </div>
    </div>
  );
}
