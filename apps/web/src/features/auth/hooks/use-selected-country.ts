import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CountryDial } from '@app/contract';
import { dialCodeList } from '../../../lib/forms/dial-codes';

/** The country chosen for phone log-in, registration and password reset. */
interface SelectedCountryState {
  country: CountryDial;
  setCountry: (country: CountryDial) => void;
}

const FALLBACK: CountryDial = { iso: 'US', dialCode: '1' };

/** A first guess from the browser's locale region (en-GB → GB), else the United States. */
function guessCountry(): CountryDial {
  const region = navigator.languages
    ?.map((tag) => tag.split('-')[1]?.toUpperCase())
    .find((r): r is string => typeof r === 'string' && /^[A-Z]{2}$/.test(r));
  if (!region) return FALLBACK;
  return dialCodeList().find((c) => c.iso === region) ?? FALLBACK;
}

export const useSelectedCountry = create<SelectedCountryState>()(
  persist(
    (set) => ({
      country: guessCountry(),
      setCountry: (country) => set({ country }),
    }),
    { name: 'tw.selected-country', storage: createJSONStorage(() => window.sessionStorage) },
  ),
);
