import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { RECHARGE_MESSAGES } from '../../locales/recharge';

// The deposit pages' strings in every language, registered when their chunk loads (locales/recharge.ts
// says why they are apart); a language switch on these pages needs nothing more to load.
addNamespace('recharge', RECHARGE_MESSAGES);

/** The deposit pages' own words (namespace `recharge`); shared words come from useTranslation(). */
export function useRechargeText() {
  return useTranslation('recharge').t;
}
