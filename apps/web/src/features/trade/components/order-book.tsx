import { useTranslation } from 'react-i18next';
import type { Depth } from '@app/contract';
import { formatDecimal, formatPrice } from '../../../lib/format';
import '../strings';

/** Levels shown per side. */
const BOOK_LEVELS = 10;

interface OrderBookProps {
  depth: Depth | null;
  priceDecimals: number;
  amountDecimals: number;
}

/** The best bids and asks side by side (realtime depth). */
export function OrderBook({ depth, priceDecimals, amountDecimals }: OrderBookProps) {
  const { t } = useTranslation();
  const rows = Array.from({ length: BOOK_LEVELS }, (_, i) => ({ bid: depth?.bids[i], ask: depth?.asks[i] }));
  const price = (v: string | undefined) => (v === undefined ? '' : formatPrice(v, priceDecimals));
  const amount = (v: string | undefined) => (v === undefined ? '' : formatDecimal(v, amountDecimals));
  return (
    <section className="order-book" aria-labelledby="order-book-title">
      <h2 id="order-book-title" className="order-book__title">
        {t('chart.orderBook')}
      </h2>
      {depth && (depth.bids.length > 0 || depth.asks.length > 0) ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('chart.bidAmount')}</th>
              <th scope="col" className="is-end">
                {t('chart.bid')}
              </th>
              <th scope="col" className="is-gap">
                {t('chart.ask')}
              </th>
              <th scope="col" className="is-end">
                {t('chart.askAmount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ bid, ask }, i) => (
              <tr key={i}>
                <td>{amount(bid?.[1])}</td>
                <td className="is-end is-up">{price(bid?.[0])}</td>
                <td className="is-gap is-down">{price(ask?.[0])}</td>
                <td className="is-end">{amount(ask?.[1])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty-text">{t('chart.noDepth')}</p>
      )}
    </section>
  );
}
