import { useTranslation } from 'react-i18next';
import type { TradingTime } from '@app/contract';
import { formatDateTime, displayTimeZone, zoneLabel } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import '../strings';

/**
 * A closed market and when it opens, in the user's time zone and in the exchange's (docs/product.md §9),
 * each zone by its city and abbreviation; a date and its time stay on one line.
 */
export function ClosedNotice({ tradingTime }: { tradingTime: TradingTime | undefined }) {
  const { t } = useTranslation();
  const locale = htmlLang(useSessionStore((s) => s.language));
  if (!tradingTime || tradingTime.open) return null;
  const zone = displayTimeZone();
  const at = tradingTime.nextOpen ?? Date.now();
  return (
    <section className="closed-notice" role="status" aria-labelledby="closed-notice-title">
      <h2 id="closed-notice-title" className="closed-notice__title">
        {t('chart.marketClosed')}
      </h2>
      {tradingTime.nextOpen !== null ? (
        <dl>
          <dt>{t('chart.opensLocal', { zone: zoneLabel(zone, at, locale) })}</dt>
          <dd className="closed-notice__when">{formatDateTime(tradingTime.nextOpen, zone)}</dd>
          <dt>
            {t('marketHours.opensExchange', {
              exchange: tradingTime.exchange,
              zone: zoneLabel(tradingTime.timeZone, at, locale),
            })}
          </dt>
          <dd className="closed-notice__when">{formatDateTime(tradingTime.nextOpen, tradingTime.timeZone)}</dd>
        </dl>
      ) : null}
    </section>
  );
}
