import { LANGUAGES, type Language } from '@app/contract';
import { i18n } from '.';

/**
 * Registers a feature's own strings (an i18next namespace, every language at once) for the chunk
 * that carries them. A page's chunk may be evaluated before i18next is started (route-table.ts
 * `preloadPage` asks for it first, and i18next's start replaces its store), so they are added once
 * it has started.
 */
export function addNamespace(namespace: string, messages: Readonly<Record<Language, object>>): void {
  const add = () => {
    for (const language of LANGUAGES) {
      if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, messages[language]);
    }
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
