import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { loginPathFor } from '../../../lib/routing/paths';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { formatTime } from '../model/order-display';
import { useOrderEntry, type EntryTab } from '../hooks/use-order-entry';
import { ContractPanel } from './contract-panel';
import { SpotPanel } from './spot-panel';
import { TradeOrders } from './trade-orders';
import '../trade.css';
import '../strings';

/** Says the market is closed and when it opens again (docs/product.md §7 checkTradingTime). */
function MarketClosedNotice({ nextOpen }: { nextOpen: number | null }) {
  const { t } = useTranslation();
  return (
    <p className="market-closed" role="status">
      <strong>{t('orders.marketClosed')}</strong>
      {nextOpen !== null ? <> · {t('orders.opensAt', { time: formatTime(nextOpen) })}</> : null}
    </p>
  );
}

/** A visitor sees where to log in to trade. */
function LoginPrompt() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="prompt-card">
      <p className="prompt-card__text">{t('orders.loginToTrade')}</p>
      <Link className="button button--primary button--small" to={loginPathFor(pathname + search)}>
        {t('orders.logIn')}
      </Link>
    </div>
  );
}

function SignedInEntry({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const entry = useOrderEntry(symbol);
  const { instrument, tab, open } = entry;
  if (!instrument) return null;
  const items = entry.tabs.map((key) => ({ key, label: t(`orders.tabs.${key}`) }));
  return (
    <>
      <TabList<EntryTab>
        label={t('orders.entry')}
        idPrefix="order-entry"
        items={items}
        value={tab}
        onChange={entry.setTab}
      />
      <div {...tabPanelProps('order-entry', tab)} className="order-entry__panel">
        {open ? null : <MarketClosedNotice nextOpen={entry.nextOpen} />}
        {tab === 'contract' ? (
          <ContractPanel instrument={instrument} marketOpen={open} onMarketClosed={entry.recheck} />
        ) : (
          <SpotPanel instrument={instrument} />
        )}
      </div>
      {/* The orders of the kind being entered: spot history shows spot orders only. */}
      <TradeOrders symbol={instrument.symbol} market={instrument.market} kind={tab} />
    </>
  );
}

/**
 * Order entry under the chart (docs/product.md §2 "trade chart"): a seconds contract on any instrument,
 * spot on crypto; then the open orders and history of the instrument.
 */
export function OrderEntry({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="order-entry" aria-label={t('orders.entry')}>
      {loggedIn ? <SignedInEntry symbol={symbol} /> : <LoginPrompt />}
    </section>
  );
}
