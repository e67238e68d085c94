import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_LOAD_DELAY_MS, PAGE_LOAD_TIMEOUT_MS } from '@app/contract';
import { IconAlert, IconConstruction } from './icons';
import { layoutHomePath } from '../lib/routing/paths';

interface DelayedLoadingProps {
  delayMs?: number;
  /** After this long still loading, the error placeholder; null: never (a page's code has its own 120 s timeout). */
  timeoutMs?: number | null;
  /** What the error placeholder's button does (default: reload the page). */
  onRetry?: () => void;
}

/**
 * The loading placeholder, shown only once loading has taken longer than 200 ms; content still
 * loading after the page-load timeout (60 s) is taken as failed: the error placeholder with a
 * retry replaces the spinner (docs/product.md §2, §9: page loading delay and timeout).
 */
export function DelayedLoading({
  delayMs = PAGE_LOAD_DELAY_MS,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
  onRetry,
}: DelayedLoadingProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'hidden' | 'loading' | 'timed-out'>('hidden');
  useEffect(() => {
    const show = window.setTimeout(() => setPhase((p) => (p === 'hidden' ? 'loading' : p)), delayMs);
    const expire = timeoutMs === null ? undefined : window.setTimeout(() => setPhase('timed-out'), timeoutMs);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(expire);
    };
  }, [delayMs, timeoutMs]);
  if (phase === 'timed-out') return <PageLoadError onRetry={onRetry} />;
  if (phase === 'hidden') return null;
  return (
    <div className="page-state" role="status" aria-live="polite">
      <svg className="spinner" viewBox="0 0 32 32" aria-hidden="true">
        <circle r="15" cx="16" cy="16" />
      </svg>
      <p className="page-state__text">{t('pageState.loading')}</p>
    </div>
  );
}

/**
 * The error placeholder of a page that failed to load (for example a ChunkLoadError). It retries
 * by itself when the browser comes back online (issue 13 item 16), as the button does.
 */
export function PageLoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const latest = useRef(onRetry);
  useEffect(() => {
    latest.current = onRetry;
  });
  useEffect(() => {
    const retry = () => (latest.current ?? (() => window.location.reload()))();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  return (
    <section className="page-state" role="alert">
      <IconAlert size={48} className="page-state__icon page-state__icon--danger" />
      <h2 className="page-state__title">{t('pageState.errorTitle')}</h2>
      <p className="page-state__text">{t('pageState.errorText')}</p>
      <button type="button" className="button button--primary" onClick={onRetry ?? (() => window.location.reload())}>
        {t('app.reload')}
      </button>
    </section>
  );
}

interface EmptyStateProps {
  title: string;
  text: string;
}

/**
 * The shared "not available yet" page for screens later issues will build. `homeLink={false}`
 * leaves out "Back to home" where the page is home itself (the desktop dashboard).
 */
export function NotAvailable({ title, text, homeLink = true }: Partial<EmptyStateProps> & { homeLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="page-state">
      <div className="page-state__badge">
        <IconConstruction size={44} />
      </div>
      <h2 className="page-state__title">{title ?? t('pageState.notAvailableTitle')}</h2>
      <p className="page-state__text">{text ?? t('pageState.notAvailableText')}</p>
      {homeLink ? (
        <Link className="button button--secondary" to={layoutHomePath()}>
          {t('app.backHome')}
        </Link>
      ) : null}
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page-state">
      <IconAlert size={48} className="page-state__icon" />
      <h2 className="page-state__title">{t('pageState.notFoundTitle')}</h2>
      <p className="page-state__text">{t('pageState.notFoundText')}</p>
      <Link className="button button--secondary" to={layoutHomePath()}>
        {t('app.backHome')}
      </Link>
    </section>
  );
}
