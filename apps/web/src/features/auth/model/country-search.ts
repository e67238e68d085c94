import type { CountryCodeItem } from '@app/contract';

/** Lower case without accents, so "reunion" finds "Réunion". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Countries whose name contains the query, whose ISO code is it, or whose calling code starts with it ("+44" or "44"). */
export function filterCountries(countries: readonly CountryCodeItem[], query: string): readonly CountryCodeItem[] {
  const q = normalizeSearch(query.trim().replace(/^\+/, ''));
  if (!q) return countries;
  return countries.filter(
    (c) => normalizeSearch(c.name).includes(q) || c.iso.toLowerCase() === q || c.dialCode.startsWith(q),
  );
}
