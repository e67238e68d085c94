import { useTranslation } from 'react-i18next';
import { addNamespace } from '../../lib/i18n/namespace';
import { WITHDRAW_MESSAGES } from '../../locales/withdraw';

// The withdrawal pages' strings in every language, registered when their chunk loads (locales/withdraw.ts
// says why they are apart).
addNamespace('withdraw', WITHDRAW_MESSAGES);

/** The withdrawal pages' own words (namespace `withdraw`); shared words come from useTranslation(). */
export function useWithdrawText() {
  return useTranslation('withdraw').t;
}
