import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Depth, Instrument, Trade } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { dateTimeAttribute, formatClockTime, formatDecimal, formatPrice } from '../../../lib/format';
import { useRecentTrades } from '../../../features/trade/desktop';
import { useDashboardText } from './strings';
import '../../../features/trade/strings';

/** Levels shown per side. */
const LEVELS = 12;
/** How long the book waits for its first depth before it says there is none (a real feed may have none). */
const DEPTH_WAIT_MS = 8000;

interface Level {
  price: string;
  amount: string;
  /** Share of the largest amount on screen, 0..1: the depth bar behind the row. */
  share: number;
}

function levels(side: ReadonlyArray<readonly [string, string]> | undefined, max: number): Level[] {
  return (side ?? [])
    .slice(0, LEVELS)
    .map(([price, amount]) => ({ price, amount, share: max > 0 ? Number(amount) / max : 0 }));
}

/**
 * The order book: asks above (best at the bottom), bids below (best at the top), the last price
 * between them, each level with a bar of its size. Each side shows what fits and clips the rest
 * (the panel never scrolls); rows are memoised on their figures, so a depth update renders only
 * the levels that changed.
 */
export function OrderBookPanel({
  depth,
  instrument,
  lastPrice,
}: {
  depth: Depth | null;
  instrument: Instrument;
  lastPrice: string | null;
}) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const waited = useWaited(depth === null);
  const asks = depth?.asks.slice(0, LEVELS) ?? [];
  const bids = depth?.bids.slice(0, LEVELS) ?? [];
  const max = Math.max(0, ...asks.map((l) => Number(l[1])), ...bids.map((l) => Number(l[1])));
  const { priceDecimals, amountDecimals } = instrument;
  const side = (kind: 'ask' | 'bid', list: Level[]) => (
    <table className="dash-table" aria-label={kind === 'ask' ? t('chart.ask') : t('chart.bid')}>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{d('price')}</th>
          <th scope="col">{t('orders.spot.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((l, i) => (
          <BookRow
            key={i}
            side={kind}
            price={formatPrice(l.price, priceDecimals)}
            amount={formatDecimal(l.amount, amountDecimals)}
            share={l.share.toFixed(3)}
          />
        ))}
      </tbody>
    </table>
  );
  return (
    <section className="dash-panel dash-book" aria-labelledby="dash-book-title" data-testid="dash-order-book">
      <h2 id="dash-book-title" className="dash-panel__title">
        {t('chart.orderBook')}
      </h2>
      {depth === null && !waited ? (
        <DelayedLoading />
      ) : asks.length === 0 && bids.length === 0 ? (
        <p className="dash-empty">{t('chart.noDepth')}</p>
      ) : (
        <>
          <div className="dash-book__head" aria-hidden="true">
            <span>{d('price')}</span>
            <span>{t('orders.spot.amount')}</span>
          </div>
          <div className="dash-book__side dash-book__side--asks">{side('ask', levels(asks, max).reverse())}</div>
          <p className="dash-book__spread mono">
            <span className="visually-hidden">{t('chart.lastPrice')} </span>
            {formatPrice(lastPrice, priceDecimals)}
          </p>
          <div className="dash-book__side">{side('bid', levels(bids, max))}</div>
        </>
      )}
    </section>
  );
}

/**
 * Whether the book has waited long enough for its first depth to say there is none: the websocket
 * sends the current book as soon as it subscribes, so until then (and for DEPTH_WAIT_MS) the panel
 * says it is loading, not "No order book yet" beside a list that already shows prices (issue 34).
 * The panel is keyed by symbol: another instrument waits again.
 */
function useWaited(waiting: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setTimeout(() => setWaited(true), DEPTH_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
  return waited;
}

/** Memoised on what it shows: `share` is the bar's width as written (3 decimals), so a bar that does not move renders nothing. */
const BookRow = memo(function BookRow({
  side,
  price,
  amount,
  share,
}: {
  side: 'bid' | 'ask';
  price: string;
  amount: string;
  share: string;
}) {
  return (
    <tr className={`dash-book__row dash-book__row--${side}`} style={{ ['--share' as string]: share }}>
      <td className={`mono ${side === 'bid' ? 'is-up' : 'is-down'}`}>{price}</td>
      <td className="is-end mono">{amount}</td>
    </tr>
  );
});

/**
 * The instrument's recent trades (useRecentTrades), newest first: price coloured by the taker's
 * side (said in words to screen readers), amount and time. The list shows what fits and clips the
 * rest (the panel never scrolls); rows are memoised per trade, so a new trade renders only its row.
 */
export function RecentTradesPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const d = useDashboardText();
  const trades = useRecentTrades(instrument.symbol);
  const sides = { buy: t('orders.spot.sides.buy'), sell: t('orders.spot.sides.sell') };
  return (
    <section className="dash-panel dash-prints" aria-labelledby="dash-trades-title">
      <h2 id="dash-trades-title" className="dash-panel__title">
        {d('recentTrades')}
      </h2>
      {trades.length === 0 ? (
        <p className="dash-empty">{d('noTrades')}</p>
      ) : (
        <table className="dash-table" data-testid="dash-recent-trades">
          <thead>
            <tr>
              <th scope="col">{d('price')}</th>
              <th scope="col" className="is-end">
                {t('orders.spot.amount')}
              </th>
              <th scope="col" className="is-end">
                {d('time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => (
              <TradeRow key={trade.id} trade={trade} instrument={instrument} sideLabel={sides[trade.side]} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Memoised: a trade never changes once shown (its object is kept), so only new rows render. */
const TradeRow = memo(function TradeRow({
  trade,
  instrument,
  sideLabel,
}: {
  trade: Trade;
  instrument: Instrument;
  sideLabel: string;
}) {
  return (
    <tr data-side={trade.side} data-trade-id={trade.id}>
      <td className={`mono ${trade.side === 'buy' ? 'is-up' : 'is-down'}`}>
        <span className="visually-hidden">{sideLabel} </span>
        {formatPrice(trade.price, instrument.priceDecimals)}
      </td>
      <td className="is-end mono">{formatDecimal(trade.amount, instrument.amountDecimals)}</td>
      <td className="is-end mono">
        <time dateTime={dateTimeAttribute(trade.time)}>{formatClockTime(trade.time)}</time>
      </td>
    </tr>
  );
});
