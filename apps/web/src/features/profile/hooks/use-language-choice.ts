import type { Language } from '@app/contract';
import { i18n } from '../../../lib/i18n';
import { changeLanguage } from '../../../lib/session/preferences';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastError, toastSuccess } from '../../../lib/feedback/toast';

/** The app language and switching it (the confirmation is said in the new language). */
export function useLanguageChoice() {
  const language = useSessionStore((s) => s.language);
  const choose = (next: Language) => {
    if (next === language) return;
    changeLanguage(next).then(
      () => toastSuccess(i18n.t('language.changed')),
      () => toastError(i18n.t('network.offline')),
    );
  };
  return { language, choose };
}
