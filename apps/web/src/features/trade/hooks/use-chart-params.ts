import { useSearchParams } from 'react-router';
import { CANDLE_INTERVALS, instrumentOf, type CandleInterval } from '@app/contract';

const DEFAULT_SYMBOL = 'BTCUSDT';
const DEFAULT_INTERVAL: CandleInterval = '1m';

function parseInterval(value: string | null): CandleInterval {
  return CANDLE_INTERVALS.find((i) => i === value) ?? DEFAULT_INTERVAL;
}

/** The chart's symbol and candle interval, kept in the address (?symbol=BTCUSDT&interval=1h). */
export function useChartParams() {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? DEFAULT_SYMBOL).toUpperCase();
  const interval = parseInterval(params.get('interval'));
  const changeInterval = (next: CandleInterval) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('symbol', symbol);
    nextParams.set('interval', next);
    setParams(nextParams, { replace: true });
  };
  return { symbol, interval, instrument: instrumentOf(symbol), changeInterval };
}
