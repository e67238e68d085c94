import { useTranslation } from 'react-i18next';
import type { CandleInterval, Instrument } from '@app/contract';
import { NotAvailable } from '../../../components/page-state';
import { usePainted } from '../../../lib/browser/use-painted';
import { useTradingTime } from '../api/get-trading-time';
import { useChartParams } from '../hooks/use-chart-params';
import { useSymbolFeed } from '../hooks/use-symbol-feed';
import { CandleChart } from './candle-chart';
import { ClosedNotice } from './closed-notice';
import { OrderBook } from './order-book';
import { OrderEntrySlot } from './order-entry-slot';
import { PriceHeader } from './price-header';
import { TradingHours } from './trading-hours';
import '../../../lib/market/market.css';
import '../trade.css';
import '../strings';

/**
 * /pages/trade-chart/index?symbol=BTCUSDT[&interval=1h]: live price and 24 h statistics, the
 * candle chart, the order entry (trading issue) and the order book. Open to visitors (docs/product.md §6).
 */
export function TradeChartPage() {
  const { t } = useTranslation();
  const { symbol, interval, instrument, changeInterval } = useChartParams();
  if (!instrument)
    return <NotAvailable title={t('chart.unknownSymbol')} text={t('chart.unknownSymbolText', { symbol })} />;

  // Keyed by symbol: another instrument starts with fresh state and its own connection.
  return <TradeChart key={symbol} instrument={instrument} interval={interval} onIntervalChange={changeInterval} />;
}

interface TradeChartProps {
  instrument: Instrument;
  interval: CandleInterval;
  onIntervalChange: (interval: CandleInterval) => void;
}

function TradeChart({ instrument, interval, onIntervalChange }: TradeChartProps) {
  const { symbol } = instrument;
  // The price snapshot and the session hours are asked for once the page has been painted: its
  // first paint does not wait for their round trips (issue 14); the live feed starts at once.
  const painted = usePainted();
  const feed = useSymbolFeed(symbol, painted);
  const tradingTime = useTradingTime(symbol, painted);
  return (
    <div className="trade-chart">
      <PriceHeader instrument={instrument} ticker={feed.ticker} direction={feed.direction} />
      <ClosedNotice tradingTime={tradingTime.data} />
      <TradingHours tradingTime={tradingTime.data} />
      <CandleChart instrument={instrument} interval={interval} onIntervalChange={onIntervalChange} />
      <OrderEntrySlot symbol={symbol} />
      <OrderBook
        depth={feed.depth}
        priceDecimals={instrument.priceDecimals}
        amountDecimals={instrument.amountDecimals}
      />
    </div>
  );
}
