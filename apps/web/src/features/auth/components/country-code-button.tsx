import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AUTH_PATHS } from './auth-paths';
import '../auth.css';

/**
 * Where a form must not leave its page (the desktop log-in dialog), this opens the country list
 * in place instead of going to the select-country page.
 */
export const CountryChoiceInPlace = createContext<(() => void) | null>(null);

/** The calling-code control at the start of a phone field; opens the country list. */
export function CountryCodeButton() {
  const { t } = useTranslation();
  const country = useSelectedCountry((s) => s.country);
  const language = useSessionStore((s) => s.language);
  const openInPlace = useContext(CountryChoiceInPlace);
  const name = regionName(country.iso, htmlLang(language));
  const label = `${t('fields.country')}: ${name} +${country.dialCode}. ${t('fields.chooseCountry')}`;
  const content = (
    <>
      <span aria-hidden="true">+{country.dialCode}</span>
      <span className="country-code__caret" aria-hidden="true" />
    </>
  );
  return openInPlace ? (
    <button type="button" className="country-code" aria-label={label} onClick={openInPlace}>
      {content}
    </button>
  ) : (
    <Link to={AUTH_PATHS.selectCountry} className="country-code" aria-label={label}>
      {content}
    </Link>
  );
}
