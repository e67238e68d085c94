import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import {
  ContractPanel,
  OrderList,
  SpotPanel,
  formatTime,
  useDashboardOrders,
  useOrderEntry,
  type DashboardOrdersTab,
  type EntryTab,
} from '../../../features/trade/desktop';
import { DESKTOP_PATHS, loginPathFor } from '../../../lib/routing/paths';
import { useIsLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { useDashboardText } from './strings';
import '../../../features/trade/strings';

/** A visitor sees where to log in (and comes back here afterwards). */
function LoginPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="dash-prompt">
      <p>{text}</p>
      <div className="dash-prompt__actions">
        <Link className="desktop-button" to={loginPathFor(pathname + search)}>
          {t('auth.logIn')}
        </Link>
        <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.registerPhone}>
          {t('routes.register')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Order entry: the seconds contract on any instrument, spot on crypto (the mobile order forms and
 * their hooks: duration, stake, payout, break-even win rate, the demo confirmation; side, type,
 * per-coin precision, available balance). In demo mode a badge says so.
 * Memoised: the dashboard re-renders its instrument panels on every depth update.
 */
export const EntryPanel = memo(function EntryPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const loggedIn = useIsLoggedIn();
  const demo = useSessionStore((s) => s.typeUser === 'demo');
  return (
    <section className="dash-panel dash-entry" aria-labelledby="dash-entry-title">
      <div className="dash-panel__head">
        <h2 id="dash-entry-title" className="dash-panel__title">
          {t('orders.entry')}
        </h2>
        {loggedIn && demo ? (
          <span className="dash-demo-badge" data-testid="demo-badge">
            {d('demoMode')}
          </span>
        ) : null}
      </div>
      {loggedIn ? <SignedInEntry instrument={instrument} /> : <LoginPrompt text={t('orders.loginToTrade')} />}
    </section>
  );
});

function SignedInEntry({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const entry = useOrderEntry(instrument.symbol);
  const items = entry.tabs.map((key) => ({ key, label: t(`orders.tabs.${key}`) }));
  return (
    <>
      <TabList<EntryTab>
        label={t('orders.entry')}
        idPrefix="order-entry"
        items={items}
        value={entry.tab}
        onChange={entry.setTab}
      />
      <div {...tabPanelProps('order-entry', entry.tab)} className="dash-panel__body dash-entry__body">
        {entry.open ? null : (
          <p className="market-closed" role="status">
            <strong>{t('orders.marketClosed')}</strong>
            {entry.nextOpen !== null ? <> · {t('orders.opensAt', { time: formatTime(entry.nextOpen) })}</> : null}
          </p>
        )}
        {entry.tab === 'contract' ? (
          <ContractPanel instrument={instrument} marketOpen={entry.open} onMarketClosed={entry.recheck} />
        ) : (
          <SpotPanel instrument={instrument} />
        )}
      </div>
    </>
  );
}

/**
 * The orders: the instrument's open contracts and spot orders, and the history of contracts and
 * of spot orders (every instrument), live from the order events; the newest first.
 * Memoised: the dashboard re-renders its instrument panels on every depth update.
 */
export const OrdersPanel = memo(function OrdersPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="dash-panel dash-orders" aria-labelledby="dash-orders-title">
      <h2 id="dash-orders-title" className="dash-panel__title">
        {d('orders')}
      </h2>
      {loggedIn ? <SignedInOrders instrument={instrument} /> : <p className="dash-empty">{t('orders.loginToTrade')}</p>}
    </section>
  );
});

function SignedInOrders({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const { tab, setTab, orders } = useDashboardOrders(instrument.symbol, instrument.market);
  const tabs: { key: DashboardOrdersTab; label: string; empty: string }[] = [
    { key: 'open', label: t('orders.lists.open'), empty: t('orders.lists.noOpen') },
    { key: 'contracts', label: t('orders.history.contracts'), empty: t('orders.lists.noHistory') },
    { key: 'spot', label: t('orders.history.spot'), empty: t('orders.lists.noHistory') },
  ];
  const current = tabs.find((x) => x.key === tab) ?? tabs[0]!;
  return (
    <>
      <TabList<DashboardOrdersTab>
        label={t('orders.lists.label')}
        idPrefix="dash-orders"
        items={tabs}
        value={tab}
        onChange={setTab}
      />
      <div {...tabPanelProps('dash-orders', tab)} className="dash-panel__body">
        <OrderList orders={orders} label={current.label} empty={current.empty} />
      </div>
    </>
  );
}
