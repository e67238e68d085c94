import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { HELP_MESSAGES } from '../../locales/help';

// The helper centre's and legal pages' strings in every language, registered when their chunk loads.
addNamespace('help', HELP_MESSAGES);

/** The help pages' own words (namespace `help`); shared words come from useTranslation(). */
export function useHelpText() {
  return useTranslation('help').t;
}
