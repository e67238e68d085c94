import { describe, expect, it } from 'vitest';
import { filterCountries } from './country-search';

const COUNTRIES = [
  { iso: 'GB', dialCode: '44', name: 'United Kingdom' },
  { iso: 'RE', dialCode: '262', name: 'Réunion' },
  { iso: 'US', dialCode: '1', name: 'United States' },
];

describe('filterCountries', () => {
  it('returns every country for an empty query', () => {
    expect(filterCountries(COUNTRIES, '  ')).toHaveLength(3);
  });

  it('matches names without accents or case', () => {
    expect(filterCountries(COUNTRIES, 'REUNION').map((c) => c.iso)).toEqual(['RE']);
    expect(filterCountries(COUNTRIES, 'united').map((c) => c.iso)).toEqual(['GB', 'US']);
  });

  it('matches an ISO code exactly and a calling code by prefix, with or without +', () => {
    expect(filterCountries(COUNTRIES, 'gb').map((c) => c.iso)).toEqual(['GB']);
    expect(filterCountries(COUNTRIES, '+26').map((c) => c.iso)).toEqual(['RE']);
    expect(filterCountries(COUNTRIES, '4').map((c) => c.iso)).toEqual(['GB']);
  });
});
