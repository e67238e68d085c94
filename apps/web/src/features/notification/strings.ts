import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { NOTIFICATION_MESSAGES } from '../../locales/notification';

// The notification centre's strings in every language, registered when its chunk loads.
addNamespace('notification', NOTIFICATION_MESSAGES);

/** The notification pages' own words (namespace `notification`); shared words come from useTranslation(). */
export function useNotificationText() {
  return useTranslation('notification').t;
}
