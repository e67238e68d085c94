import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { GUIDE_MESSAGES } from '../../locales/guide';

// The novice guide's strings in every language, registered when its chunk loads (locales/guide.ts says why they are apart).
addNamespace('guide', GUIDE_MESSAGES);

/** The novice guide's own words (namespace `guide`); shared words come from useTranslation(). */
export function useGuideText() {
  return useTranslation('guide').t;
}
