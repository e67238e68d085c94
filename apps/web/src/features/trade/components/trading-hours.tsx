import { useTranslation } from 'react-i18next';
import type { TradingTime } from '@app/contract';
import { localTimeZone } from '../../../lib/format';
import './trading-hours.css';
import '../strings';

type Session = TradingTime['sessions'][number];

const partsCache = new Map<string, Intl.DateTimeFormat>();
function zoned(timeZone: string, ms: number): { date: string; time: string } {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const x of f.formatToParts(new Date(ms))) p[x.type] = x.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/**
 * One day's sessions in a time zone: "2026-11-23 09:00–11:30, 12:30–15:30". A session ending on
 * another date there (forex's week, the user's zone far from the exchange's) shows that date too.
 */
export function formatSessionsInZone(sessions: readonly Session[], timeZone: string): string {
  const first = sessions[0];
  if (!first) return '';
  const day = zoned(timeZone, first.open).date;
  const spans = sessions.map((s) => {
    const a = zoned(timeZone, s.open);
    const b = zoned(timeZone, s.close);
    const from = a.date === day ? a.time : `${a.date} ${a.time}`;
    const to = b.date === a.date ? b.time : `${b.date} ${b.time}`;
    return `${from}–${to}`;
  });
  return `${day} ${spans.join(', ')}`;
}

/**
 * The instrument's exchange and its trading hours for the session day, in the exchange's own time
 * and in the user's (issue 13 item 5). Nothing for an always-open market.
 */
export function TradingHours({ tradingTime }: { tradingTime: TradingTime | undefined }) {
  const { t } = useTranslation();
  if (!tradingTime || tradingTime.sessions.length === 0) return null;
  const userZone = localTimeZone();
  const { exchange, timeZone, sessions, open } = tradingTime;
  return (
    <section className="trading-hours" aria-labelledby="trading-hours-title" data-testid="trading-hours">
      <h2 id="trading-hours-title" className="trading-hours__title">
        {t('marketHours.title', { exchange })}
        <span className={open ? 'trading-hours__state trading-hours__state--open' : 'trading-hours__state'}>
          {open ? t('marketHours.openNow') : t('marketHours.closedNow')}
        </span>
      </h2>
      <dl>
        <dt>{t('marketHours.exchangeTime', { exchange, zone: timeZone })}</dt>
        <dd data-testid="trading-hours-exchange">{formatSessionsInZone(sessions, timeZone)}</dd>
        <dt>{t('marketHours.yourTime', { zone: userZone })}</dt>
        <dd data-testid="trading-hours-local">{formatSessionsInZone(sessions, userZone)}</dd>
      </dl>
    </section>
  );
}
