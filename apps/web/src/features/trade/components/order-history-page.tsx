import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderFeed } from '../hooks/use-order-feed';
import { OrderList } from './order-list';
import '../../../lib/market/market.css';
import '../../../styles/trading.css';

type Tab = 'contract' | 'spot';

/** /pages/assets/order-history: every seconds contract and spot order of the account version. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('contract');
  const orders = useOrderFeed({ scope: 'all', kinds: [tab] });
  useOrderEvents();
  return (
    <div className="order-history">
      <TabList<Tab>
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
