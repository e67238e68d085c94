import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contract';
import { de } from '@app/contract/messages/de';
import { fr } from '@app/contract/messages/fr';
import { useSessionStore } from '../session/session-store';
import { catalogMessage, loadCatalogMessages, loadedCatalogMessage } from './catalog';

describe('the error catalogue on the web', () => {
  afterEach(() => useSessionStore.setState({ language: 'en' }));

  it("speaks English until the current language's messages are loaded, then that language", async () => {
    useSessionStore.setState({ language: 'fr' });
    expect(catalogMessage('FIELD_REQUIRED')).toBe(ERRORS.FIELD_REQUIRED.en);
    expect(catalogMessage('INVALID_PARAMETER', { field: 'amount' })).toBe('Invalid parameter: amount');

    await loadCatalogMessages();
    expect(catalogMessage('FIELD_REQUIRED')).toBe(fr.FIELD_REQUIRED);
    expect(fr.FIELD_REQUIRED).not.toBe(ERRORS.FIELD_REQUIRED.en);
    expect(catalogMessage('INVALID_PARAMETER', { field: 'amount' })).toBe('Paramètre invalide : amount');

    useSessionStore.setState({ language: 'en' });
    expect(catalogMessage('FIELD_REQUIRED')).toBe(ERRORS.FIELD_REQUIRED.en);
  });

  it('loads only the language asked for; a message awaited after a switch is in the new language', async () => {
    await loadCatalogMessages('fr');
    useSessionStore.setState({ language: 'de' });
    expect(catalogMessage('PASSWORD_TOO_SHORT')).toBe(ERRORS.PASSWORD_TOO_SHORT.en);
    expect(await loadedCatalogMessage('PASSWORD_TOO_SHORT')).toBe(de.PASSWORD_TOO_SHORT);
    expect(catalogMessage('PASSWORD_TOO_SHORT')).toBe(de.PASSWORD_TOO_SHORT);
  });
});
