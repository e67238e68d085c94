import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CandleInterval, DashboardLayout, DashboardPanelId, Instrument } from '@app/contract';
import { FavoriteStar } from '../../../components/favorite-star';
import { NotAvailable } from '../../../components/page-state';
import { CandleChart, useChartParams, useSymbolFeed } from '../../../features/trade/desktop';
import { htmlLang } from '../../../lib/i18n';
import { changeSign, formatCompact, formatPercent, formatPrice, formatSigned } from '../../../lib/market';
import { useIsLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { AccountPanel } from './account-panel';
import { OrderBookPanel, RecentTradesPanel } from './book-panel';
import { EntryPanel, OrdersPanel } from './entry-panel';
import { FlashPrice } from './flash-price';
import { CustomiseLayout } from './layout-dialog';
import { GRID_ROWS, placement } from './layout-model';
import { MarketsPanel } from './markets-panel';
import { useDashboardText } from './strings';
import { useDashboardLayout } from './use-dashboard-layout';
import { usePanelDrag } from './use-panel-drag';
import '../../../lib/market/market.css';
import '../../../features/trade/trade.css';
import './dashboard.css';

/** An order's detail: its code loads when an order is opened. */
const TradeDetailDialog = lazy(() => import('./trade-detail-dialog').then((m) => ({ default: m.TradeDetailDialog })));

/**
 * The trading dashboard (/pages/desktop/dashboard/index and /pages/desktop/trade/index,
 * ?symbol=BTCUSDT&interval=1m): markets, the chosen instrument's price, chart, order book and
 * recent trades, the order entry, the orders, the account, all on one screen (CSS grid that
 * fills the window from 1001 to 2560 px; panels scroll inside, the page does not). The panels'
 * columns, order and visibility are the user's arrangement (use-dashboard-layout.ts).
 */
export function DashboardPage() {
  const { symbol, interval, instrument, changeInterval } = useChartParams();
  const arrangement = useDashboardLayout();
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const customise = <CustomiseLayout layout={arrangement.layout} ready={arrangement.ready} signedIn={arrangement.signedIn} onChange={arrangement.change} />;
  return (
    <>
      {instrument ? (
        <InstrumentDashboard instrument={instrument} interval={interval} onIntervalChange={changeInterval} layout={arrangement.layout} onLayoutChange={arrangement.change} customise={customise} />
      ) : (
        <UnknownDashboard symbol={symbol} layout={arrangement.layout} onLayoutChange={arrangement.change} customise={customise} />
      )}
      {/* An order from the lists or a notice (the trade-detail page's address opens this route). */}
      {loggedIn && params.has('id') ? (
        <Suspense fallback={null}>
          <TradeDetailDialog />
        </Suspense>
      ) : null}
    </>
  );
}

interface InstrumentProps {
  instrument: Instrument;
  interval: CandleInterval;
  onIntervalChange: (interval: CandleInterval) => void;
  layout: DashboardLayout;
  onLayoutChange: (next: DashboardLayout) => void;
  customise: ReactNode;
}

function InstrumentDashboard({ instrument, interval, onIntervalChange, layout, onLayoutChange, customise }: InstrumentProps) {
  const feed = useSymbolFeed(instrument.symbol);
  const { symbol } = instrument;
  // The instrument's panels are keyed by symbol: another instrument starts with fresh state.
  const panels: Record<DashboardPanelId, ReactNode> = {
    markets: <MarketsPanel selected={symbol} />,
    chart: (
      <div key={symbol} className="dash-panel dash-chart">
        <CandleChart instrument={instrument} interval={interval} onIntervalChange={onIntervalChange} />
      </div>
    ),
    orders: <OrdersPanel key={symbol} instrument={instrument} />,
    book: <OrderBookPanel key={symbol} depth={feed.depth} instrument={instrument} lastPrice={feed.ticker?.price ?? null} />,
    trades: <RecentTradesPanel key={symbol} instrument={instrument} />,
    entry: <EntryPanel key={symbol} instrument={instrument} />,
    account: <AccountPanel />,
  };
  return <DashboardGrid layout={layout} onChange={onLayoutChange} top={<PriceStrip key={symbol} instrument={instrument} feed={feed} customise={customise} />} panels={panels} />;
}

/** A symbol the catalogue does not have: the markets and the account as arranged, the message where the chart goes. */
function UnknownDashboard({ symbol, layout, onLayoutChange, customise }: { symbol: string; layout: DashboardLayout; onLayoutChange: (next: DashboardLayout) => void; customise: ReactNode }) {
  const { t } = useTranslation();
  const panels: Partial<Record<DashboardPanelId, ReactNode>> = {
    markets: <MarketsPanel selected={symbol} />,
    chart: (
      <div className="dash-unknown">
        {/* The dashboard is the desktop home, and the markets list beside this is where to go. */}
        <NotAvailable title={t('chart.unknownSymbol')} text={t('chart.unknownSymbolText', { symbol })} homeLink={false} />
      </div>
    ),
    account: <AccountPanel />,
  };
  // The message shows wherever the chart is, even when the chart is hidden; the instrument's other panels have nothing to show.
  const shown: DashboardLayout = { ...layout, panels: layout.panels.filter((p) => p.id in panels).map((p) => (p.id === 'chart' ? { ...p, hidden: false } : p)) };
  return <DashboardGrid layout={layout} shown={shown} onChange={onLayoutChange} top={<div className="dash-panel dash-price">{customise}</div>} panels={panels} />;
}

/**
 * The grid: the price strip across the top, then each shown panel in its column and rows
 * (layout-model.ts `placement`), in reading order in the document, so the tab order follows the
 * arrangement. Each panel sits in a slot keyed by its id, so moving it keeps its state. A panel
 * can be dragged by its title (use-panel-drag.ts). `shown` is what to place (the arrangement
 * itself unless some panels have nothing to show); changes are made to `layout`.
 */
function DashboardGrid({ layout, shown = layout, onChange, top, panels }: GridProps) {
  const grid = useMemo(() => placement(shown), [shown]);
  const { handlers, drag } = usePanelDrag(layout, onChange);
  const slotClass = (id: DashboardPanelId, below: boolean) => {
    let name = below ? 'dash-slot is-below' : 'dash-slot';
    if (drag?.id === id) name += ' is-dragged';
    if (drag?.target?.id === id) name += drag.target.after ? ' is-drop-after' : ' is-drop-before';
    return name;
  };
  return (
    <div
      className={`dash${drag ? ' is-dragging' : ''}`}
      data-testid="dashboard"
      style={{ gridTemplateColumns: grid.columns, gridTemplateRows: `auto repeat(${GRID_ROWS}, minmax(0, 1fr))`, ['--dash-top-column' as string]: grid.top }}
      {...handlers}
    >
      {top}
      {grid.panels.map((p) => (
        <div key={p.id} className={slotClass(p.id, p.below)} data-panel={p.id} style={{ gridColumn: p.gridColumn, gridRow: p.gridRow }}>
          {panels[p.id]}
        </div>
      ))}
    </div>
  );
}

interface GridProps {
  layout: DashboardLayout;
  shown?: DashboardLayout;
  onChange: (next: DashboardLayout) => void;
  top: ReactNode;
  panels: Partial<Record<DashboardPanelId, ReactNode>>;
}

/** The instrument, its live price (flashing on change) and 24 h change, high, low and volume. */
function PriceStrip({ instrument, feed, customise }: { instrument: Instrument; feed: ReturnType<typeof useSymbolFeed>; customise: ReactNode }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const language = useSessionStore((s) => s.language);
  const { ticker, direction } = feed;
  const decimals = instrument.priceDecimals;
  const sign = changeSign(ticker?.change24h);
  const tone = sign === 'flat' ? '' : ` is-${sign}`;
  return (
    <section className="dash-panel dash-price" aria-labelledby="dash-price-symbol">
      <div className="dash-price__instrument">
        <h2 id="dash-price-symbol" className="dash-price__symbol">
          {instrument.displaySymbol}
        </h2>
        <span className="dash-price__name">{instrument.name}</span>
        <FavoriteStar symbol={instrument.symbol} displaySymbol={instrument.displaySymbol} />
      </div>
      <p className={`dash-price__last${tone}`}>
        <span className="visually-hidden">{t('chart.lastPrice')} </span>
        <FlashPrice value={formatPrice(ticker?.price, decimals)} direction={direction} testId="live-price" />
      </p>
      <dl className="dash-price__stats">
        <div>
          <dt>{d('change')}</dt>
          <dd className={`mono${tone}`}>
            {formatSigned(ticker?.change24h, decimals)} ({formatPercent(ticker?.changePercent24h)})
          </dd>
        </div>
        <div>
          <dt>{t('chart.high24h')}</dt>
          <dd className="mono">{formatPrice(ticker?.high24h, decimals)}</dd>
        </div>
        <div>
          <dt>{t('chart.low24h')}</dt>
          <dd className="mono">{formatPrice(ticker?.low24h, decimals)}</dd>
        </div>
        <div>
          <dt>{t('chart.volume24h', { asset: instrument.quote })}</dt>
          <dd className="mono">{formatCompact(ticker?.quoteVolume24h, htmlLang(language))}</dd>
        </div>
      </dl>
      {customise}
    </section>
  );
}
