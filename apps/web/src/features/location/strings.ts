import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { APP_VERSION_MESSAGES } from '../../locales/app-version';

// The location pages' words live with the app pages' (locales/app-version.ts, section `location`), registered when this chunk loads.
addNamespace('appVersion', APP_VERSION_MESSAGES);

export function useLocationText() {
  return useTranslation('appVersion').t;
}
