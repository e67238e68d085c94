import { useDeferredValue, useMemo, useState } from 'react';
import type { CountryCodeItem } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../../../components/page-state';
import { IconCheck } from '../../../components/icons';
import { SearchField } from '../../../components/search-field';
import { useCountryCodeList } from '../../../lib/api/country-code-list';
import { toastSuccess } from '../../../lib/feedback/toast';
import { regionName } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { readPreferredRegion, writePreferredRegion } from '../model/preferred-region';
import { useLocationText } from '../strings';
import '../location.css';

/** One entry per region (the list may give a region several calling codes). */
function regionsOf(items: readonly CountryCodeItem[]): CountryCodeItem[] {
  const seen = new Set<string>();
  return items.filter((c) => !seen.has(c.iso) && seen.add(c.iso));
}

/**
 * /choose-location (docs/product.md §2 built-in): the user's country or region, chosen from registration's
 * country list and kept on this device as a display preference; no location service is asked.
 */
export function ChooseLocationPage() {
  const l = useLocationText();
  const language = useSessionStore((s) => s.language);
  const list = useCountryCodeList();
  const [region, setRegion] = useState(readPreferredRegion);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLocaleLowerCase());
  const regions = useMemo(() => regionsOf(list.data ?? []), [list.data]);
  const matches = useMemo(
    () =>
      deferred
        ? regions.filter((c) => c.name.toLocaleLowerCase().includes(deferred) || c.iso.toLowerCase() === deferred)
        : regions,
    [regions, deferred],
  );
  const nameOf = (iso: string) => regions.find((c) => c.iso === iso)?.name ?? regionName(iso, htmlLang(language));
  const choose = (iso: string | null) => {
    writePreferredRegion(iso);
    setRegion(iso);
    if (iso) toastSuccess(l('location.saved', { name: nameOf(iso) }));
  };

  return (
    <div className="location-page">
      <section className="location-card">
        <p>{l('location.chooseIntro')}</p>
        <p>
          {l('location.yourRegion')}:{' '}
          <strong data-testid="preferred-region">{region ? nameOf(region) : l('location.notChosen')}</strong>
        </p>
        {region ? (
          <button type="button" className="button button--secondary" onClick={() => choose(null)}>
            {l('location.forget')}
          </button>
        ) : null}
      </section>
      <SearchField label={l('location.search')} placeholder={l('location.search')} value={query} onChange={setQuery} />
      {list.isError ? (
        <PageLoadError onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <DelayedLoading />
      ) : matches.length === 0 ? (
        <p className="empty-text" role="status">
          {l('location.noMatch')}
        </p>
      ) : (
        <ul className="location-list" aria-label={l('location.list')}>
          {matches.map((c) => (
            <li key={c.iso}>
              <button
                type="button"
                className="location-list__item"
                aria-pressed={c.iso === region}
                onClick={() => choose(c.iso)}
              >
                <span>{c.name}</span>
                {c.iso === region ? <IconCheck size={18} /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
