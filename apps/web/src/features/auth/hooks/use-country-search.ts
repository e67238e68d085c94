import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CountryCodeItem } from '@app/contract';
import { regionName } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCountryCodeList } from '../../../lib/api/country-code-list';
import { AUTH_PATHS } from '../components/auth-paths';
import { filterCountries } from '../model/country-search';
import { dialCodeList } from '../../../lib/forms/dial-codes';
import { useSelectedCountry } from './use-selected-country';

/**
 * The searchable country list (docs/product.md §2): the query, the matches, the selection, and choosing one,
 * then back to the page before (or `afterChoose`, where the list is shown in place).
 */
export function useCountrySearch(afterChoose?: () => void) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useCountryCodeList();
  const language = useSessionStore((s) => s.language);
  const selected = useSelectedCountry((s) => s.country);
  const setCountry = useSelectedCountry((s) => s.setCountry);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);

  // If the server list cannot be had, the calling codes of the phone metadata stand in.
  const countries: CountryCodeItem[] = useMemo(() => {
    if (data && data.length > 0) return data;
    if (!isError) return [];
    return dialCodeList()
      .map((c) => ({ ...c, name: regionName(c.iso, htmlLang(language)) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [data, isError, language]);

  const matches = useMemo(() => filterCountries(countries, deferredQuery), [countries, deferredQuery]);

  const choose = (country: CountryCodeItem) => {
    setCountry({ iso: country.iso, dialCode: country.dialCode });
    if (afterChoose) return afterChoose();
    const state = window.history.state as { idx?: number } | null;
    if ((state?.idx ?? 0) > 0) navigate(-1);
    else navigate(AUTH_PATHS.registerPhone, { replace: true });
  };

  const isSelected = (c: CountryCodeItem) => c.iso === selected.iso && c.dialCode === selected.dialCode;

  return { query, setQuery, loading: isPending, matches, isSelected, choose };
}
