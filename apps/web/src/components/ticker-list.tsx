import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { instrumentOf } from '@app/contract';
import { usePainted } from '../lib/browser/use-painted';
import { htmlLang } from '../lib/i18n';
import {
  changeSign,
  formatCompactWhole,
  formatPercent,
  formatPrice,
  tradeChartPath,
  usePricesStale,
} from '../lib/market';
import type { LiveTicker } from '../lib/market';
import { useSessionStore } from '../lib/session/session-store';
import { CoinIcon } from './coin-icon';
import { FavoriteStar } from './favorite-star';
import '../lib/market/market.css';

/**
 * The rows a list renders when it appears: more than a phone's screen holds (about ten at
 * 390×844 on the quote page). The rest follow once that has been painted, in a second, smaller
 * commit: the first one, a long task on a slow phone, stays short (issue 14). Rows are only added
 * below, so nothing on screen moves.
 */
const FIRST_ROWS = 12;

interface TickerListProps {
  tickers: readonly LiveTicker[];
  /** Accessible name of the list. */
  label: string;
  /** Show a favourite star on each row. */
  favorites?: boolean;
}

/**
 * Instruments with their live price, 24 h change and 24 h volume in the quote currency; a market
 * whose session is closed now is tagged "Closed" (without a volume before its first price). One
 * colour meaning (docs/decisions/0018-quote-lists-colour-volume-icons-and-paused-prices.md): the
 * price is green or red by its 24 h change, as the badge beside it. While prices are not live
 * (offline, feed reconnecting) the list is greyed under a "prices paused" notice. While an
 * instrument's 24 h figures are not whole yet (Ticker.complete24h: a first start still storing its
 * history), its change and volume are not shown as if they were: the row says "Loading history"
 * and the list says what follows. A row opens the instrument's chart.
 */
export function TickerList({ tickers, label, favorites = false }: TickerListProps) {
  const { t } = useTranslation();
  const language = useSessionStore((s) => s.language);
  const locale = htmlLang(language);
  const stale = usePricesStale('general');
  const painted = usePainted();
  const rows = painted ? tickers : tickers.slice(0, FIRST_ROWS);
  const loadingHistory = tickers.some((ticker) => !ticker.complete24h);
  return (
    <>
      {stale ? (
        <p className="prices-paused" role="status" data-testid="prices-paused">
          {t('marketList.pricesPaused')}
        </p>
      ) : null}
      {loadingHistory ? (
        <p className="history-loading" role="status" data-testid="history-loading">
          {t('marketList.historyLoading')}
        </p>
      ) : null}
      <ul
        className={`ticker-list${stale ? ' is-stale' : ''}`}
        aria-label={stale ? `${label} (${t('marketList.pausedShort')})` : label}
        data-stale={stale ? 'true' : undefined}
      >
        {rows.map((ticker) => (
          <TickerRow key={ticker.symbol} ticker={ticker} locale={locale} favorites={favorites} />
        ))}
      </ul>
    </>
  );
}

interface TickerRowProps {
  ticker: LiveTicker;
  locale: string;
  favorites: boolean;
}

/**
 * A crypto coin's icon; other markets get a letter badge. Both are decorative (empty alt): the
 * symbol and name written beside them already name the row's link
 * (docs/decisions/0018-quote-lists-colour-volume-icons-and-paused-prices.md).
 */
function RowIcon({ ticker }: { ticker: LiveTicker }) {
  const base = instrumentOf(ticker.symbol)?.base ?? ticker.displaySymbol;
  if (ticker.market === 'CRYPTO') return <CoinIcon symbol={base} size={28} />;
  return (
    <span className={`ticker-row__badge ticker-row__badge--${ticker.market.toLowerCase()}`} aria-hidden="true">
      {ticker.displaySymbol.slice(0, ticker.market === 'FOREX' ? 3 : 2)}
    </span>
  );
}

const TickerRow = memo(function TickerRow({ ticker, locale, favorites }: TickerRowProps) {
  const { t } = useTranslation();
  // 24 h figures still loading their history say nothing yet: no change, no colour, no volume.
  const loading = !ticker.complete24h;
  const sign = changeSign(loading ? null : ticker.changePercent24h);
  const quote = instrumentOf(ticker.symbol)?.quote ?? '';
  return (
    <li
      className={`ticker-row${favorites ? ' ticker-row--star' : ''}`}
      data-symbol={ticker.symbol}
      data-market={ticker.market}
    >
      <Link className="ticker-row__link" to={tradeChartPath(ticker.symbol)}>
        <RowIcon ticker={ticker} />
        <span className="ticker-row__name">
          <span className="ticker-row__symbol">{ticker.displaySymbol}</span>
          <span className="ticker-row__sub">{ticker.name}</span>
        </span>
        <span className="ticker-row__figures">
          <span className={`ticker-row__price mono change-text--${sign}`} data-testid="ticker-price" data-sign={sign}>
            {formatPrice(ticker.price, ticker.priceDecimals)}
          </span>
          <span className="ticker-row__sub-line">
            {ticker.open ? null : (
              <span className="ticker-row__closed" data-testid="ticker-closed">
                {t('marketList.closed')}
              </span>
            )}
            {/* Before its first price an instrument has traded nothing: its "Vol 0" would say nothing. */}
            {loading ? (
              <span className="ticker-row__sub" data-testid="ticker-volume" data-loading="true">
                {t('marketList.historyLoadingShort')}
              </span>
            ) : ticker.open || ticker.price !== null ? (
              <span className="ticker-row__sub" data-testid="ticker-volume">
                {t('marketList.volumeIn', { value: formatCompactWhole(ticker.quoteVolume24h, locale), unit: quote })}
              </span>
            ) : null}
          </span>
        </span>
        <span className={`change-pill change-pill--${sign}`} data-testid="ticker-change" data-sign={sign}>
          {formatPercent(loading ? null : ticker.changePercent24h)}
        </span>
      </Link>
      {favorites ? <FavoriteStar symbol={ticker.symbol} displaySymbol={ticker.displaySymbol} /> : null}
    </li>
  );
});
