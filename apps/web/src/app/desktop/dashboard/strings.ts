import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@app/contract';
import { i18n } from '../../../lib/i18n';
import { DASHBOARD_MESSAGES } from '../../../locales/dashboard';

// The dashboard's strings in every language, registered when its chunk loads: a language switch
// on the dashboard needs nothing more to load (locales/dashboard.ts says why they are apart).
for (const language of LANGUAGES) {
  if (!i18n.hasResourceBundle(language, 'dashboard')) i18n.addResourceBundle(language, 'dashboard', DASHBOARD_MESSAGES[language]);
}

/** The dashboard's own words (namespace `dashboard`); shared words come from useTranslation(). */
export function useDashboardText() {
  return useTranslation('dashboard').t;
}
