import { useTranslation } from 'react-i18next';
import type { TradingTime } from '@app/contract';
import { formatDateTime, localTimeZone } from '../../../lib/format';
import '../strings';

/** A closed market and when it opens, in the user's time zone and in the exchange's (docs/product.md §9). */
export function ClosedNotice({ tradingTime }: { tradingTime: TradingTime | undefined }) {
  const { t } = useTranslation();
  if (!tradingTime || tradingTime.open) return null;
  const zone = localTimeZone();
  return (
    <section className="closed-notice" role="status" aria-labelledby="closed-notice-title">
      <h2 id="closed-notice-title" className="closed-notice__title">
        {t('chart.marketClosed')}
      </h2>
      {tradingTime.nextOpen !== null ? (
        <dl>
          <dt>{t('chart.opensLocal', { zone })}</dt>
          <dd>{formatDateTime(tradingTime.nextOpen, zone)}</dd>
          <dt>{t('marketHours.opensExchange', { exchange: tradingTime.exchange, zone: tradingTime.timeZone })}</dt>
          <dd>{formatDateTime(tradingTime.nextOpen, tradingTime.timeZone)}</dd>
        </dl>
      ) : null}
    </section>
  );
}
