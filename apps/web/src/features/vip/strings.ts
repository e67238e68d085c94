import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { VIP_MESSAGES } from '../../locales/vip';

// The VIP page's strings in every language, registered when its chunk loads (locales/vip.ts says why they are apart).
addNamespace('vip', VIP_MESSAGES);

/** The VIP page's own words (namespace `vip`); shared words come from useTranslation(). */
export function useVipText() {
  return useTranslation('vip').t;
}
