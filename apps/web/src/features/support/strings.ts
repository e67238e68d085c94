import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { SUPPORT_MESSAGES } from '../../locales/support';

// The support chat's strings in every language, registered when its chunk loads (locales/support.ts).
addNamespace('support', SUPPORT_MESSAGES);

/** The support chat's own words (namespace `support`); shared words come from useTranslation(). */
export function useSupportText() {
  return useTranslation('support').t;
}
