import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listCountryDialCodes, type CountryCodeItem } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { IconCheck } from '../../../components/icons';
import { SearchField } from '../../../components/search-field';
import { regionName } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { useCountryCodeList } from '../api/country-code-list';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AUTH_PATHS } from './auth-paths';

function normalize(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** /pages/register/select-country: the searchable country list (spec §2), then back. */
export function SelectCountryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useCountryCodeList();
  const language = useSessionStore((s) => s.language);
  const selected = useSelectedCountry((s) => s.country);
  const setCountry = useSelectedCountry((s) => s.setCountry);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  // If the server list cannot be had, the phone metadata still knows every calling code.
  const countries: CountryCodeItem[] = useMemo(() => {
    if (data && data.length > 0) return data;
    if (!isError) return [];
    return listCountryDialCodes()
      .map((c) => ({ ...c, name: regionName(c.iso, htmlLang(language)) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [data, isError, language]);

  const filtered = useMemo(() => {
    const q = normalize(deferredQuery.trim().replace(/^\+/, ''));
    if (!q) return countries;
    return countries.filter(
      (c) => normalize(c.name).includes(q) || c.iso.toLowerCase() === q || c.dialCode.startsWith(q),
    );
  }, [countries, deferredQuery]);

  const choose = (country: CountryCodeItem) => {
    setCountry({ iso: country.iso, dialCode: country.dialCode });
    const state = window.history.state as { idx?: number } | null;
    if ((state?.idx ?? 0) > 0) navigate(-1);
    else navigate(AUTH_PATHS.registerPhone, { replace: true });
  };

  return (
    <div className="country-page">
      <SearchField label={t('auth.searchCountry')} placeholder={t('auth.searchCountry')} value={query} onChange={setQuery} />
      {isPending ? (
        <DelayedLoading />
      ) : filtered.length === 0 ? (
        <p className="empty-text" role="status">
          {t('auth.noCountryMatch')}
        </p>
      ) : (
        <ul className="country-list" aria-label={t('routes.selectCountry')}>
          {filtered.map((c) => {
            const isSelected = c.iso === selected.iso && c.dialCode === selected.dialCode;
            return (
              <li key={`${c.iso}-${c.dialCode}`}>
                <button
                  type="button"
                  className={`country-list__item${isSelected ? ' is-selected' : ''}`}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => choose(c)}
                >
                  <span className="country-list__name">{c.name}</span>
                  <span className="country-list__code">+{c.dialCode}</span>
                  {isSelected ? <IconCheck size={18} className="country-list__check" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
