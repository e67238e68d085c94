import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Depth, Instrument } from '@app/contract';
import { formatDecimal, formatPrice } from '../../../lib/format';
import { useRecentTicks, type RecentTick } from '../../../features/trade/desktop';
import { useDashboardText } from './strings';

/** Levels shown per side. */
const LEVELS = 12;

interface Level {
  price: string;
  amount: string;
  /** Share of the largest amount on screen, 0..1: the depth bar behind the row. */
  share: number;
}

function levels(side: ReadonlyArray<readonly [string, string]> | undefined, max: number): Level[] {
  return (side ?? []).slice(0, LEVELS).map(([price, amount]) => ({ price, amount, share: max > 0 ? Number(amount) / max : 0 }));
}

/**
 * The order book: asks above (best at the bottom), bids below (best at the top), the last price
 * between them, each level with a bar of its size. Each side shows what fits and clips the rest
 * (the panel never scrolls); rows are memoised on their figures, so a depth update renders only
 * the levels that changed.
 */
export function OrderBookPanel({ depth, instrument, lastPrice }: { depth: Depth | null; instrument: Instrument; lastPrice: string | null }) {
  const { t } = useTranslation();
  const d = useDashboardText();
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
          <BookRow key={i} side={kind} price={formatPrice(l.price, priceDecimals)} amount={formatDecimal(l.amount, amountDecimals)} share={l.share.toFixed(3)} />
        ))}
      </tbody>
    </table>
  );
  return (
    <section className="dash-panel dash-book" aria-labelledby="dash-book-title" data-testid="dash-order-book">
      <h2 id="dash-book-title" className="dash-panel__title">
        {t('chart.orderBook')}
      </h2>
      {asks.length === 0 && bids.length === 0 ? (
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

/** Memoised on what it shows: `share` is the bar's width as written (3 decimals), so a bar that does not move renders nothing. */
const BookRow = memo(function BookRow({ side, price, amount, share }: { side: 'bid' | 'ask'; price: string; amount: string; share: string }) {
  return (
    <tr className={`dash-book__row dash-book__row--${side}`} style={{ ['--share' as string]: share }}>
      <td className={`mono ${side === 'bid' ? 'is-up' : 'is-down'}`}>{price}</td>
      <td className="is-end mono">{amount}</td>
    </tr>
  );
});

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/** The instrument's latest price prints (useRecentTicks), newest first. */
export function LatestPricesPanel({ instrument }: { instrument: Instrument }) {
  const d = useDashboardText();
  const ticks = useRecentTicks(instrument.symbol);
  return (
    <section className="dash-panel dash-prints" aria-labelledby="dash-prints-title">
      <h2 id="dash-prints-title" className="dash-panel__title">
        {d('latestPrices')}
      </h2>
      {ticks.length === 0 ? (
        <p className="dash-empty">{d('noTicks')}</p>
      ) : (
        <table className="dash-table" data-testid="dash-latest-prices">
          <thead>
            <tr>
              <th scope="col">{d('time')}</th>
              <th scope="col" className="is-end">
                {d('price')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ticks.map((tick) => (
              <PrintRow key={tick.key} tick={tick} decimals={instrument.priceDecimals} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Memoised: a print never changes once shown, so only the new rows render. */
const PrintRow = memo(function PrintRow({ tick, decimals }: { tick: RecentTick; decimals: number }) {
  return (
    <tr>
      <td className="mono">{timeOf(tick.time)}</td>
      <td className={`is-end mono${tick.direction === 'up' ? ' is-up' : tick.direction === 'down' ? ' is-down' : ''}`}>{formatPrice(tick.price, decimals)}</td>
    </tr>
  );
});
