import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { NEWS_MESSAGES } from '../../locales/news';

// The news pages' strings in every language, registered when their chunk loads.
addNamespace('news', NEWS_MESSAGES);

/** The news pages' own words (namespace `news`); shared words come from useTranslation(). */
export function useNewsText() {
  return useTranslation('news').t;
}
