import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradingTime } from '@app/contract';
import { displayTimeZone, zoneLabel } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
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

/** One day's sessions in a time zone: the day, and each session's start and end ("09:00", or with its date when another). */
export function sessionsInZone(
  sessions: readonly Session[],
  timeZone: string,
): { day: string; spans: { from: string; to: string }[] } {
  const first = sessions[0];
  if (!first) return { day: '', spans: [] };
  const day = zoned(timeZone, first.open).date;
  const spans = sessions.map((s) => {
    const a = zoned(timeZone, s.open);
    const b = zoned(timeZone, s.close);
    return {
      from: a.date === day ? a.time : `${a.date} ${a.time}`,
      to: b.date === a.date ? b.time : `${b.date} ${b.time}`,
    };
  });
  return { day, spans };
}

/**
 * One day's sessions in a time zone: "2026-11-23 09:00–11:30, 12:30–15:30". A session ending on
 * another date there (forex's week, the user's zone far from the exchange's) shows that date too.
 */
export function formatSessionsInZone(sessions: readonly Session[], timeZone: string): string {
  const { day, spans } = sessionsInZone(sessions, timeZone);
  if (spans.length === 0) return '';
  return `${day} ${spans.map((s) => `${s.from}–${s.to}`).join(', ')}`;
}

/**
 * The sessions as formatSessionsInZone writes them, each date and time kept on one line: a line
 * breaks only after a dash or a comma, never inside "2026-12-04 17:00".
 */
function SessionsText({ sessions, timeZone }: { sessions: readonly Session[]; timeZone: string }) {
  const { day, spans } = sessionsInZone(sessions, timeZone);
  return spans.map((s, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the sessions of one day, in order; none moves.
    <Fragment key={i}>
      {i > 0 ? ', ' : null}
      <span className="trading-hours__when">{i === 0 ? `${day} ${s.from}` : s.from}</span>–<wbr />
      <span className="trading-hours__when">{s.to}</span>
    </Fragment>
  ));
}

/**
 * The instrument's exchange and its trading hours for the session day, in the exchange's own time
 * and in the user's (issue 13 item 5), each zone by its city and abbreviation ("New York, EST").
 * Nothing for an always-open market.
 */
export function TradingHours({ tradingTime }: { tradingTime: TradingTime | undefined }) {
  const { t } = useTranslation();
  const locale = htmlLang(useSessionStore((s) => s.language));
  if (!tradingTime || tradingTime.sessions.length === 0) return null;
  const userZone = displayTimeZone();
  const { exchange, timeZone, sessions, open } = tradingTime;
  const at = sessions[0]?.open ?? Date.now();
  return (
    <section className="trading-hours" aria-labelledby="trading-hours-title" data-testid="trading-hours">
      <h2 id="trading-hours-title" className="trading-hours__title">
        {t('marketHours.title', { exchange })}
        <span className={open ? 'trading-hours__state trading-hours__state--open' : 'trading-hours__state'}>
          {open ? t('marketHours.openNow') : t('marketHours.closedNow')}
        </span>
      </h2>
      <dl>
        <dt>{t('marketHours.exchangeTime', { exchange, zone: zoneLabel(timeZone, at, locale) })}</dt>
        <dd data-testid="trading-hours-exchange">
          <SessionsText sessions={sessions} timeZone={timeZone} />
        </dd>
        <dt>{t('marketHours.yourTime', { zone: zoneLabel(userZone, at, locale) })}</dt>
        <dd data-testid="trading-hours-local">
          <SessionsText sessions={sessions} timeZone={userZone} />
        </dd>
      </dl>
    </section>
  );
}
