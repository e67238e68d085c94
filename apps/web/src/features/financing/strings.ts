import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { FINANCING_MESSAGES } from '../../locales/financing';

// The financing pages' strings in every language, registered when their chunk loads (locales/financing.ts
// says why they are apart).
addNamespace('financing', FINANCING_MESSAGES);

/** The financing pages' own words (namespace `financing`); shared words come from useTranslation(). */
export function useFinancingText() {
  return useTranslation('financing').t;
}
