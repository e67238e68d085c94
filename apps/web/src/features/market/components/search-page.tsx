import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MARKETS, type Market } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { SearchField } from '../../../components/search-field';
import { TickerList } from '../../../components/ticker-list';
import type { LiveTicker } from '../../../lib/market';
import { useLiveTickers } from '../../../lib/market';
import { SEARCH_MAX_LENGTH, useMarketSearch } from '../api/search-market';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import '../../../lib/market/market.css';
import '../quote-search.css';

const SEARCH_DEBOUNCE_MS = 300;

/** Results grouped by market, in the markets' order; best matches first within each. */
function byMarket(tickers: readonly LiveTicker[]): { market: Market; tickers: LiveTicker[] }[] {
  return MARKETS.map((market) => ({ market, tickers: tickers.filter((t) => t.market === market) })).filter((g) => g.tickers.length > 0);
}

/** /pages/search/index: search every market; a result opens its chart or becomes a favourite. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useMarketSearch(q);
  const results = q ? search.data : undefined;
  const live = useLiveTickers(results, null);
  const groups = useMemo(() => byMarket(live), [live]);

  // The text in the URL: the way back from a chart shows the same results.
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);

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
      ) : !results ? (
        search.isError ? (
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
            {t('market.resultCount', { count: live.length })}
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
