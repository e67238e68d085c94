import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { IconCheck } from '../../../components/icons';
import { SearchField } from '../../../components/search-field';
import { useCountrySearch } from '../hooks/use-country-search';
import '../auth.css';

/** /pages/register/select-country: the searchable country list (docs/product.md §2), then back. */
export function SelectCountryPage() {
  return <CountryList />;
}

/** The searchable country list; choosing goes back, or calls `onChosen` where it is shown in place. */
export function CountryList({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const { query, setQuery, loading, matches, isSelected: selectedOf, choose } = useCountrySearch(onChosen);

  return (
    <div className="country-page">
      <SearchField
        label={t('auth.searchCountry')}
        placeholder={t('auth.searchCountry')}
        value={query}
        onChange={setQuery}
      />
      {loading ? (
        <DelayedLoading />
      ) : matches.length === 0 ? (
        <p className="empty-text" role="status">
          {t('auth.noCountryMatch')}
        </p>
      ) : (
        <ul className="country-list" aria-label={t('routes.selectCountry')}>
          {matches.map((c) => {
            const isSelected = selectedOf(c);
            return (
              <li key={`${c.iso}-${c.dialCode}`}>
                <button
                  type="button"
                  className={`country-list__item${isSelected ? ' is-selected' : ''}`}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => choose(c)}
                >
                  <span className="country-list__name">{c.name}</span>
                  <span className="country-list__code">+{c.dialCode}</span>
                  {isSelected ? <IconCheck size={18} className="country-list__check" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
