import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../../lib/i18n/namespace';
import { DASHBOARD_MESSAGES } from '../../../locales/dashboard';

// The dashboard's strings in every language, registered when its chunk loads: a language switch
// on the dashboard needs nothing more to load (locales/dashboard.ts says why they are apart).
addNamespace('dashboard', DASHBOARD_MESSAGES);

/** The dashboard's own words (namespace `dashboard`); shared words come from useTranslation(). */
export function useDashboardText() {
  return useTranslation('dashboard').t;
}
