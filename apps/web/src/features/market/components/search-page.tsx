import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { SearchField } from '../../../components/search-field';
import { TickerList } from '../../../components/ticker-list';
import { SEARCH_MAX_LENGTH } from '../../../lib/api/search-market';
import { useMarketSearchView } from '../hooks/use-market-search';
import '../../../lib/market/market.css';
import '../quote-search.css';

/** /pages/search/index: search every market; a result opens its chart or becomes a favourite. */
export function SearchPage() {
  const { t } = useTranslation();
  const { text, setText, q, loaded, failed, count, groups } = useMarketSearchView();

  return (
    <div className="market-search">
      <SearchField
        label={t('market.searchLabel')}
        placeholder={t('market.searchPlaceholder')}
        value={text}
        onChange={setText}
        maxLength={SEARCH_MAX_LENGTH}
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="search"
        autoFocus
      />
      {!q ? (
        <p className="empty-text">{t('market.searchHint')}</p>
      ) : !loaded ? (
        failed ? (
          <p className="empty-text">{t('pageState.errorText')}</p>
        ) : (
          <DelayedLoading />
        )
      ) : groups.length === 0 ? (
        <p className="empty-text" role="status">
          {t('market.noResults', { q })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('market.resultCount', { count })}
          </p>
          {groups.map((g) => (
            <section key={g.market} className="search-group" aria-labelledby={`search-group-${g.market}`}>
              <h2 id={`search-group-${g.market}`} className="search-group__title">
                {t(`market.markets.${g.market}`)}
              </h2>
              <TickerList tickers={g.tickers} label={t(`market.markets.${g.market}`)} favorites />
            </section>
          ))}
        </>
      )}
    </div>
  );
}
