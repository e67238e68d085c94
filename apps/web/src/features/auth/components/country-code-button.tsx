import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/format';
import { htmlLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session/session-store';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AUTH_PATHS } from './auth-paths';
import '../auth.css';

/** The calling-code control at the start of a phone field; opens the country list. */
export function CountryCodeButton() {
  const { t } = useTranslation();
  const country = useSelectedCountry((s) => s.country);
  const language = useSessionStore((s) => s.language);
  const name = regionName(country.iso, htmlLang(language));
  return (
    <Link
      to={AUTH_PATHS.selectCountry}
      className="country-code"
      aria-label={`${t('fields.country')}: ${name} +${country.dialCode}. ${t('fields.chooseCountry')}`}
    >
      <span aria-hidden="true">+{country.dialCode}</span>
      <span className="country-code__caret" aria-hidden="true" />
    </Link>
  );
}
