import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/contract';
import { i18n } from '../../lib/i18n';
import { KYC_MESSAGES } from '../../locales/kyc';

// The KYC pages' strings in every language, registered when their chunk loads (locales/kyc.ts
// says why they are apart); a language switch on these pages needs nothing more to load.
for (const language of LANGUAGES) {
  if (!i18n.hasResourceBundle(language, 'kyc')) i18n.addResourceBundle(language, 'kyc', KYC_MESSAGES[language]);
}

/** The KYC pages' own words (namespace `kyc`); shared words come from useTranslation(). */
export function useKycText() {
  return useTranslation('kyc').t;
}
