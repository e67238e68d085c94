import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { APP_VERSION_MESSAGES } from '../../locales/app-version';

// The pages' strings in every language, registered when their chunk loads (locales/app-version.ts says why they are apart).
addNamespace('appVersion', APP_VERSION_MESSAGES);

/** The app download, version and update words (namespace `appVersion`); shared words come from useTranslation(). */
export function useAppVersionText() {
  return useTranslation('appVersion').t;
}
