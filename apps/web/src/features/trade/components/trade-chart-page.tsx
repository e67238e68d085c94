import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CANDLE_INTERVALS, instrumentOf, type CandleInterval, type Instrument } from '@app/contract';
import { NotAvailable } from '../../../components/page-state';
import { useTradingTime } from '../api/get-trading-time';
import { useSymbolFeed } from '../hooks/use-symbol-feed';
import { CandleChart } from './candle-chart';
import { ClosedNotice } from './closed-notice';
import { OrderBook } from './order-book';
import { OrderEntrySlot } from './order-entry-slot';
import { PriceHeader } from './price-header';
import '../../../lib/market/market.css';

const DEFAULT_SYMBOL = 'BTCUSDT';
const DEFAULT_INTERVAL: CandleInterval = '1m';

function parseInterval(value: string | null): CandleInterval {
  return CANDLE_INTERVALS.find((i) => i === value) ?? DEFAULT_INTERVAL;
}

/**
 * /pages/trade-chart/index?symbol=BTCUSDT[&interval=1h]: live price and 24 h statistics, the
 * candle chart, the order entry (trading issue) and the order book. Open to visitors (spec §6).
 */
export function TradeChartPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? DEFAULT_SYMBOL).toUpperCase();
  const interval = parseInterval(params.get('interval'));
  const instrument = instrumentOf(symbol);
  if (!instrument) return <NotAvailable title={t('chart.unknownSymbol')} text={t('chart.unknownSymbolText', { symbol })} />;

  const changeInterval = (next: CandleInterval) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('symbol', symbol);
    nextParams.set('interval', next);
    setParams(nextParams, { replace: true });
  };
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
  const feed = useSymbolFeed(symbol);
  const tradingTime = useTradingTime(symbol);
  return (
    <div className="trade-chart">
      <PriceHeader instrument={instrument} ticker={feed.ticker} direction={feed.direction} />
      <ClosedNotice tradingTime={tradingTime.data} />
      <CandleChart symbol={symbol} priceDecimals={instrument.priceDecimals} interval={interval} onIntervalChange={onIntervalChange} />
      <OrderEntrySlot symbol={symbol} />
      <OrderBook depth={feed.depth} priceDecimals={instrument.priceDecimals} amountDecimals={instrument.amountDecimals} />
    </div>
  );
}
