import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { instrumentOf } from '@app/contract';
import { TabList, tabPanelProps } from '../../../components/tab-list';
import { loginPathFor } from '../../../lib/routing/paths';
import { useIsLoggedIn } from '../../../lib/session/session-store';
import { useTradingTime } from '../api/get-trading-time';
import { formatTime } from '../hooks/order-display';
import { useOrderEvents } from '../hooks/use-order-events';
import { ContractPanel } from './contract-panel';
import { SpotPanel } from './spot-panel';
import { TradeOrders } from './trade-orders';
import '../../../styles/trading.css';

type Tab = 'contract' | 'spot';

/** Says the market is closed and when it opens again (spec §7 checkTradingTime). */
function MarketClosedNotice({ nextOpen }: { nextOpen: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="market-closed" role="status">
      <strong>{t('orders.marketClosed')}</strong>
      {nextOpen ? <> · {t('orders.opensAt', { time: formatTime(Date.parse(nextOpen)) })}</> : null}
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
  const instrument = instrumentOf(symbol);
  const spotAvailable = instrument?.market === 'CRYPTO';
  const [chosen, setChosen] = useState<Tab>('contract');
  const tab: Tab = spotAvailable ? chosen : 'contract';
  const tradingTime = useTradingTime(symbol);
  useOrderEvents();
  if (!instrument) return null;
  // Until the answer comes, the order is allowed: the server refuses it if the market is closed.
  const open = tradingTime.data?.open ?? true;
  const items = [{ key: 'contract' as const, label: t('orders.tabs.contract') }, ...(spotAvailable ? [{ key: 'spot' as const, label: t('orders.tabs.spot') }] : [])];
  return (
    <>
      <TabList<Tab> label={t('orders.entry')} idPrefix="order-entry" items={items} value={tab} onChange={setChosen} />
      <div {...tabPanelProps('order-entry', tab)} className="order-entry__panel">
        {open ? null : <MarketClosedNotice nextOpen={tradingTime.data?.nextOpen ?? null} />}
        {tab === 'contract' ? (
          <ContractPanel instrument={instrument} marketOpen={open} onMarketClosed={() => void tradingTime.refetch()} />
        ) : (
          <SpotPanel instrument={instrument} />
        )}
      </div>
      <TradeOrders symbol={instrument.symbol} market={instrument.market} />
    </>
  );
}

/**
 * Order entry under the chart (spec §2 "trade chart"): a seconds contract on any instrument,
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
