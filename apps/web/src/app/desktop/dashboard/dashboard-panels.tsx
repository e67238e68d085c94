import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandleInterval, DashboardLayout, DashboardPanelId, Instrument } from '@app/contract';
import { FavoriteStar } from '../../../components/favorite-star';
import { NotAvailable } from '../../../components/page-state';
import { CandleChart, useChartParams, useSymbolFeed } from '../../../features/trade/desktop';
import { htmlLang } from '../../../lib/i18n';
import { changeSign, formatCompact, formatPercent, formatPrice, formatSigned } from '../../../lib/market';
import { useSessionStore } from '../../../lib/session/session-store';
import { AccountPanel } from './account-panel';
import { OrderBookPanel, RecentTradesPanel } from './book-panel';
import { DashboardGrid } from './dashboard-grid';
import { EntryPanel, OrdersPanel } from './entry-panel';
import { FlashPrice } from './flash-price';
import { MarketsPanel } from './markets-panel';
import { useDashboardText } from './strings';
import type { DashboardArrangement } from './use-dashboard-layout';
import { usePanelDrag } from './use-panel-drag';
import '../../../lib/market/market.css';
import '../../../features/trade/trade.css';
import '../../../features/trade/strings';

/*
 * The dashboard's panels (docs/decisions/0050-dashboard-frame-first.md,
 * docs/decisions/0051-dashboard-panels-in-one-chunk.md): this chunk loads
 * after the frame (dashboard-page.tsx) has drawn the grid's empty boxes, and fills them. The order
 * entry and the orders come with it: their forms, checks and tables are in the trade feature's
 * chunk, which the chart and the feeds need too. The arrangement dialog is a chunk of its own,
 * asked for when its button is pointed at, focused or pressed.
 */
const loadLayoutDialog = () => import('./layout-dialog');
const LayoutDialog = lazy(() => loadLayoutDialog().then((m) => ({ default: m.LayoutDialog })));

/** The panels in the arrangement the frame already shows; the instrument is the address's (?symbol=). */
export function DashboardPanels({ arrangement }: { arrangement: DashboardArrangement }) {
  const { symbol, interval, instrument, changeInterval } = useChartParams();
  const { layout, change } = arrangement;
  const customise = <CustomiseLayout arrangement={arrangement} />;
  return instrument ? (
    <InstrumentDashboard
      instrument={instrument}
      interval={interval}
      onIntervalChange={changeInterval}
      layout={layout}
      onLayoutChange={change}
      customise={customise}
    />
  ) : (
    <UnknownDashboard symbol={symbol} layout={layout} onLayoutChange={change} customise={customise} />
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

function InstrumentDashboard({
  instrument,
  interval,
  onIntervalChange,
  layout,
  onLayoutChange,
  customise,
}: InstrumentProps) {
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
    book: (
      <OrderBookPanel key={symbol} depth={feed.depth} instrument={instrument} lastPrice={feed.ticker?.price ?? null} />
    ),
    trades: <RecentTradesPanel key={symbol} instrument={instrument} />,
    entry: <EntryPanel key={symbol} instrument={instrument} />,
    account: <AccountPanel />,
  };
  return (
    <ArrangedGrid
      layout={layout}
      onChange={onLayoutChange}
      top={<PriceStrip key={symbol} instrument={instrument} feed={feed} customise={customise} />}
      panels={panels}
    />
  );
}

/** A symbol the catalogue does not have: the markets and the account as arranged, the message where the chart goes. */
function UnknownDashboard({
  symbol,
  layout,
  onLayoutChange,
  customise,
}: {
  symbol: string;
  layout: DashboardLayout;
  onLayoutChange: (next: DashboardLayout) => void;
  customise: ReactNode;
}) {
  const { t } = useTranslation();
  const panels: Partial<Record<DashboardPanelId, ReactNode>> = {
    markets: <MarketsPanel selected={symbol} />,
    chart: (
      <div className="dash-unknown">
        {/* The dashboard is the desktop home, and the markets list beside this is where to go. */}
        <NotAvailable
          title={t('chart.unknownSymbol')}
          text={t('chart.unknownSymbolText', { symbol })}
          homeLink={false}
        />
      </div>
    ),
    account: <AccountPanel />,
  };
  // The message shows wherever the chart is, even when the chart is hidden; the instrument's other panels have nothing to show.
  const shown: DashboardLayout = {
    ...layout,
    panels: layout.panels.filter((p) => p.id in panels).map((p) => (p.id === 'chart' ? { ...p, hidden: false } : p)),
  };
  return (
    <ArrangedGrid
      layout={layout}
      shown={shown}
      onChange={onLayoutChange}
      top={<div className="dash-panel dash-price">{customise}</div>}
      panels={panels}
    />
  );
}

interface ArrangedGridProps {
  layout: DashboardLayout;
  /** What to place: the arrangement itself unless some panels have nothing to show. */
  shown?: DashboardLayout;
  onChange: (next: DashboardLayout) => void;
  top: ReactNode;
  panels: Partial<Record<DashboardPanelId, ReactNode>>;
}

/** The grid with its panels, which can be dragged by their titles (use-panel-drag.ts); changes are made to `layout`. */
function ArrangedGrid({ layout, shown = layout, onChange, top, panels }: ArrangedGridProps) {
  const { handlers, drag } = usePanelDrag(layout, onChange);
  return <DashboardGrid shown={shown} top={top} panels={panels} drag={drag} handlers={handlers} />;
}

/** The instrument, its live price (flashing on change) and 24 h change, high, low and volume. */
function PriceStrip({
  instrument,
  feed,
  customise,
}: {
  instrument: Instrument;
  feed: ReturnType<typeof useSymbolFeed>;
  customise: ReactNode;
}) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const language = useSessionStore((s) => s.language);
  const { ticker, direction } = feed;
  const decimals = instrument.priceDecimals;
  const sign = changeSign(ticker?.change24h);
  const tone = sign === 'flat' ? '' : ` is-${sign}`;
  // Until the instrument's first figures arrive its price and statistics are loading, not "--" (issue 34).
  const figure = (text: string) => (ticker ? text : <span className="dash-skeleton" aria-hidden="true" />);
  return (
    <section
      className="dash-panel dash-price"
      aria-labelledby="dash-price-symbol"
      aria-busy={ticker ? undefined : true}
    >
      <div className="dash-price__instrument">
        <h2 id="dash-price-symbol" className="dash-price__symbol">
          {instrument.displaySymbol}
        </h2>
        <span className="dash-price__name">{instrument.name}</span>
        <FavoriteStar symbol={instrument.symbol} displaySymbol={instrument.displaySymbol} />
      </div>
      <p className={`dash-price__last${tone}`}>
        <span className="visually-hidden">{t('chart.lastPrice')} </span>
        {ticker ? (
          <FlashPrice value={formatPrice(ticker.price, decimals)} direction={direction} testId="live-price" />
        ) : (
          <>
            <span className="dash-skeleton dash-skeleton--price" aria-hidden="true" />
            <span className="visually-hidden">{t('pageState.loading')}</span>
          </>
        )}
      </p>
      <dl className="dash-price__stats">
        <div>
          <dt>{d('change')}</dt>
          <dd className={`mono${tone}`}>
            {figure(`${formatSigned(ticker?.change24h, decimals)} (${formatPercent(ticker?.changePercent24h)})`)}
          </dd>
        </div>
        <div>
          <dt>{t('chart.high24h')}</dt>
          <dd className="mono">{figure(formatPrice(ticker?.high24h, decimals))}</dd>
        </div>
        <div>
          <dt>{t('chart.low24h')}</dt>
          <dd className="mono">{figure(formatPrice(ticker?.low24h, decimals))}</dd>
        </div>
        <div>
          <dt>{t('chart.volume24h', { asset: instrument.quote })}</dt>
          <dd className="mono">{figure(formatCompact(ticker?.quoteVolume24h, htmlLang(language)))}</dd>
        </div>
      </dl>
      {customise}
    </section>
  );
}

/**
 * The control at the end of the price strip: opens the "Customise layout" dialog (layout-dialog.tsx),
 * whose code starts loading when the button is pointed at or focused.
 */
function CustomiseLayout({ arrangement }: { arrangement: DashboardArrangement }) {
  const { layout, ready, signedIn, change } = arrangement;
  const d = useDashboardText();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closed: the focus goes back to the button (the dialog is gone from the document by now).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  // A failed load is retried when the dialog opens (and shown by the page's error boundary if it fails again).
  const prefetch = () => {
    loadLayoutDialog().catch(() => undefined);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--secondary button--small dash-customise"
        disabled={!ready}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
      >
        {d('layout.customise')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LayoutDialog layout={layout} signedIn={signedIn} onChange={change} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
