import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Market } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { ORDER_HISTORY_PATH } from '../../../lib/routing/paths';
import { useInstrumentOrders, type InstrumentOrdersTab } from '../hooks/use-order-history';
import { OrderList } from './order-list';
import type { OrderKind } from './order-paths';
import '../strings';

/**
 * Under the order entry: the open orders and the history of this instrument, of the kind being
 * entered (seconds contracts, or spot orders).
 */
export function TradeOrders({ symbol, market, kind }: { symbol: string; market: Market; kind: OrderKind }) {
  const { t } = useTranslation();
  const { tab, setTab, orders } = useInstrumentOrders(symbol, market, kind);
  return (
    <section className="trade-orders" aria-label={t('orders.lists.label')}>
      <TabList<InstrumentOrdersTab>
        label={t('orders.lists.label')}
        idPrefix="trade-orders"
        items={[
          { key: 'open', label: t('orders.lists.open') },
          { key: 'history', label: t('orders.lists.history') },
        ]}
        value={tab}
        onChange={setTab}
      />
      <div {...tabPanelProps('trade-orders', tab)} className="trade-orders__panel">
        <OrderList
          orders={orders}
          label={tab === 'open' ? t('orders.lists.open') : t('orders.lists.history')}
          empty={tab === 'open' ? t('orders.lists.noOpen') : t('orders.lists.noHistory')}
        />
        <Link className="link trade-orders__all" to={ORDER_HISTORY_PATH}>
          {t('orders.lists.all')}
        </Link>
      </div>
    </section>
  );
}
