import { useQuery } from '@tanstack/react-query';
import { API, type CountryCodeItem } from '@app/contract';
import { apiPost } from './api-client';
import { useSessionStore } from '../session/session-store';

/** Countries with calling codes (registration's country picker, the location page), names in the request language (docs/product.md §7 countryCodeList). */
export function getCountryCodeList(): Promise<CountryCodeItem[]> {
  return apiPost<CountryCodeItem[]>(API.countryCode.list);
}

export function useCountryCodeList() {
  const language = useSessionStore((s) => s.language);
  return useQuery({
    queryKey: ['country-code-list', language],
    queryFn: getCountryCodeList,
    staleTime: Infinity,
  });
}
