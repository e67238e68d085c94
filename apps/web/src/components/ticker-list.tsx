import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n';
import { changeSign, formatCompact, formatPercent, formatPrice } from '../lib/market';
import { tradeChartPath } from '../lib/market';
import type { LiveTicker } from '../lib/market';
import { useSessionStore } from '../lib/session/session-store';
import { FavoriteStar } from './favorite-star';
import '../lib/market/market.css';

interface TickerListProps {
  tickers: readonly LiveTicker[];
  /** Accessible name of the list. */
  label: string;
  /** Show a favourite star on each row. */
  favorites?: boolean;
}

/**
 * Instruments with their live price (coloured by its last move), 24 h change and volume. A row
 * opens the instrument's chart.
 */
export function TickerList({ tickers, label, favorites = false }: TickerListProps) {
  const { t } = useTranslation();
  const language = useSessionStore((s) => s.language);
  const locale = htmlLang(language);
  return (
    <ul className="ticker-list" aria-label={label}>
      {tickers.map((ticker) => (
        <TickerRow key={ticker.symbol} ticker={ticker} locale={locale} volumeLabel={t('market.volume')} favorites={favorites} />
      ))}
    </ul>
  );
}

interface TickerRowProps {
  ticker: LiveTicker;
  locale: string;
  volumeLabel: string;
  favorites: boolean;
}

const TickerRow = memo(function TickerRow({ ticker, locale, volumeLabel, favorites }: TickerRowProps) {
  const sign = changeSign(ticker.changePercent24h);
  return (
    <li className="ticker-row" data-symbol={ticker.symbol}>
      <Link className="ticker-row__link" to={tradeChartPath(ticker.symbol)}>
        <span className="ticker-row__name">
          <span className="ticker-row__symbol">{ticker.displaySymbol}</span>
          <span className="ticker-row__sub">{ticker.name}</span>
        </span>
        <span className="ticker-row__figures">
          <span className={`ticker-row__price mono${ticker.direction ? ` is-${ticker.direction}` : ''}`} data-testid="ticker-price">
            {formatPrice(ticker.price, ticker.priceDecimals)}
          </span>
          <span className="ticker-row__sub">
            {volumeLabel} {formatCompact(ticker.quoteVolume24h, locale)}
          </span>
        </span>
        <span className={`change-pill change-pill--${sign}`}>{formatPercent(ticker.changePercent24h)}</span>
      </Link>
      {favorites ? <FavoriteStar symbol={ticker.symbol} displaySymbol={ticker.displaySymbol} /> : null}
    </li>
  );
});
