import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { LOAN_MESSAGES } from '../../locales/loan';

// The loan pages' strings in every language, registered when their chunk loads (locales/loan.ts
// says why they are apart).
addNamespace('loan', LOAN_MESSAGES);

/** The loan pages' own words (namespace `loan`); shared words come from useTranslation(). */
export function useLoanText() {
  return useTranslation('loan').t;
}
