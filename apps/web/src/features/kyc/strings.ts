import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { KYC_MESSAGES } from '../../locales/kyc';

// The KYC pages' strings in every language, registered when their chunk loads (locales/kyc.ts
// says why they are apart); a language switch on these pages needs nothing more to load.
addNamespace('kyc', KYC_MESSAGES);

/** The KYC pages' own words (namespace `kyc`); shared words come from useTranslation(). */
export function useKycText() {
  return useTranslation('kyc').t;
}
