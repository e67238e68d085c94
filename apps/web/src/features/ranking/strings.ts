import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { RANKING_MESSAGES } from '../../locales/ranking';

// The ranking page's strings in every language, registered when its chunk loads (locales/ranking.ts says why they are apart).
addNamespace('ranking', RANKING_MESSAGES);

/** The ranking page's own words (namespace `ranking`); shared words come from useTranslation(). */
export function useRankingText() {
  return useTranslation('ranking').t;
}
