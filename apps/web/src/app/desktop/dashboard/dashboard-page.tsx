import { useTranslation } from 'react-i18next';
import type { CandleInterval, Instrument } from '@app/contract';
import { FavoriteStar } from '../../../components/favorite-star';
import { NotAvailable } from '../../../components/page-state';
import { CandleChart, useChartParams, useSymbolFeed } from '../../../features/trade/desktop';
import { htmlLang } from '../../../lib/i18n';
import { changeSign, formatCompact, formatPercent, formatPrice, formatSigned } from '../../../lib/market';
import { useSessionStore } from '../../../lib/session/session-store';
import { AccountPanel } from './account-panel';
import { OrderBookPanel, RecentTradesPanel } from './book-panel';
import { EntryPanel, OrdersPanel } from './entry-panel';
import { FlashPrice } from './flash-price';
import { MarketsPanel } from './markets-panel';
import { useDashboardText } from './strings';
import '../../../lib/market/market.css';
import '../../../features/trade/trade.css';
import './dashboard.css';

/**
 * The trading dashboard (/pages/desktop/dashboard/index and /pages/desktop/trade/index,
 * ?symbol=BTCUSDT&interval=1m): markets, the chosen instrument's price, chart, order book and
 * recent trades, the order entry, the orders, the account, all on one screen (CSS grid that
 * fills the window from 1001 to 2560 px; panels scroll inside, the page does not).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { symbol, interval, instrument, changeInterval } = useChartParams();
  return (
    <div className="dash" data-testid="dashboard">
      <MarketsPanel selected={symbol} />
      {instrument ? (
        // Keyed by symbol: another instrument starts with fresh state and its own connection.
        <InstrumentPanels key={symbol} instrument={instrument} interval={interval} onIntervalChange={changeInterval} />
      ) : (
        <div className="dash-unknown">
          {/* The dashboard is the desktop home, and the markets list beside this is where to go. */}
          <NotAvailable title={t('chart.unknownSymbol')} text={t('chart.unknownSymbolText', { symbol })} homeLink={false} />
        </div>
      )}
      <AccountPanel />
    </div>
  );
}

interface InstrumentProps {
  instrument: Instrument;
  interval: CandleInterval;
  onIntervalChange: (interval: CandleInterval) => void;
}

function InstrumentPanels({ instrument, interval, onIntervalChange }: InstrumentProps) {
  const feed = useSymbolFeed(instrument.symbol);
  return (
    <>
      <PriceStrip instrument={instrument} feed={feed} />
      <div className="dash-panel dash-chart">
        <CandleChart instrument={instrument} interval={interval} onIntervalChange={onIntervalChange} />
      </div>
      <div className="dash-book-column">
        <OrderBookPanel depth={feed.depth} instrument={instrument} lastPrice={feed.ticker?.price ?? null} />
        <RecentTradesPanel instrument={instrument} />
      </div>
      <OrdersPanel instrument={instrument} />
      <EntryPanel instrument={instrument} />
    </>
  );
}

/** The instrument, its live price (flashing on change) and 24 h change, high, low and volume. */
function PriceStrip({ instrument, feed }: { instrument: Instrument; feed: ReturnType<typeof useSymbolFeed> }) {
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
    </section>
  );
}
