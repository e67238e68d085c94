import { useEffect, useState } from 'react';
import { currentHeaderLang } from '../../../lib/i18n';
import { useCalendarUrl } from '../api';
import { useNewsText } from '../strings';

/** How long the widget may take to load before the page says it could not (an offline frame may never fire `error`). */
export const CALENDAR_LOAD_TIMEOUT_MS = 15_000;

/**
 * The widget's address with the product document's parameters (docs/content.md "Economic calendar"): `mode=2`
 * and `lang`, the app's language as the `lang` header spells it (en, zh, zh-HK, ja, ko, de, fr, it).
 */
export function calendarSrc(base: string, lang: string): string {
  const url = new URL(base);
  url.searchParams.set('mode', '2');
  url.searchParams.set('lang', lang);
  return url.toString();
}

type FrameState = 'loading' | 'loaded' | 'failed';

/**
 * The third-party economic calendar at 100 % of its box (docs/product.md: width 100 %, height 100 %, mode 2,
 * the current language). Not configured, or not loaded in time (no network): a message instead of
 * an empty frame, with a retry.
 */
export function EconomicCalendar() {
  const w = useNewsText();
  const { data, isError } = useCalendarUrl();
  const lang = currentHeaderLang();
  const [state, setState] = useState<FrameState>('loading');
  const [attempt, setAttempt] = useState(0);
  const url = data?.url ?? null;

  useEffect(() => {
    if (!url) return undefined;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState('failed');
      return undefined;
    }
    setState('loading');
    const timer = window.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), CALENDAR_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [url, attempt]);

  if (isError)
    return (
      <p className="news-calendar__message" role="status">
        {w('calendarOffline')}
      </p>
    );
  if (!data) return null;
  if (!url)
    return (
      <p className="news-calendar__message" role="status" data-testid="calendar-unset">
        {w('calendarUnset')}
      </p>
    );
  if (state === 'failed') {
    return (
      <div className="news-calendar__message" role="status" data-testid="calendar-failed">
        <p>{w('calendarOffline')}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {w('retry')}
        </button>
      </div>
    );
  }
  return (
    <iframe
      key={attempt}
      className="news-calendar__frame"
      title={w('calendarTitle')}
      src={calendarSrc(url, lang)}
      width="100%"
      height="100%"
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-popups"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
