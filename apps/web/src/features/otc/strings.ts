import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { OTC_MESSAGES } from '../../locales/otc';

// The OTC pages' strings in every language, registered when their chunk loads (locales/otc.ts says
// why they are apart); a language switch on these pages needs nothing more to load.
addNamespace('otc', OTC_MESSAGES);

/** The OTC pages' own words (namespace `otc`); shared words come from useTranslation(). */
export function useOtcText() {
  return useTranslation('otc').t;
}
