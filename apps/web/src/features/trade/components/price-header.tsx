import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Instrument, Ticker } from '@app/contract';
import { FavoriteStar } from '../../../components/favorite-star';
import { IconSearch } from '../../../components/icons';
import { htmlLang } from '../../../lib/i18n';
import {
  SEARCH_PATH,
  changeSign,
  formatCompact,
  formatPercent,
  formatPrice,
  formatSigned,
  type PriceDirection,
} from '../../../lib/market';
import { useSessionStore } from '../../../lib/session/session-store';
import { useVolumeUnit } from '../hooks/use-volume-unit';
import '../strings';

interface PriceHeaderProps {
  instrument: Instrument;
  ticker: Ticker | null;
  direction: PriceDirection;
}

/** The instrument, its live price and 24 h change, high, low and volume, and its favourite star. */
export function PriceHeader({ instrument, ticker, direction }: PriceHeaderProps) {
  const { t } = useTranslation();
  const language = useSessionStore((s) => s.language);
  const decimals = instrument.priceDecimals;
  const volumeUnit = useVolumeUnit(instrument);
  const sign = changeSign(ticker?.change24h);
  return (
    <section className="price-header" aria-labelledby="price-header-symbol">
      <div className="price-header__top">
        <div className="price-header__instrument">
          <h2 id="price-header-symbol" className="price-header__symbol">
            {instrument.displaySymbol}
          </h2>
          <span className="price-header__name">{instrument.name}</span>
        </div>
        <FavoriteStar symbol={instrument.symbol} displaySymbol={instrument.displaySymbol} />
        <Link className="price-header__switch" to={SEARCH_PATH}>
          <IconSearch size={16} />
          {t('chart.switchSymbol')}
        </Link>
      </div>
      <div className="price-header__quote">
        <span className="visually-hidden">{t('chart.lastPrice')}</span>
        {/* Green or red by the 24 h change, as the change beside it and the quote list
            (docs/decisions/0018-quote-lists-colour-volume-icons-and-paused-prices.md). */}
        <span
          className={`price-header__price mono${sign === 'flat' ? '' : ` is-${sign}`}`}
          data-testid="live-price"
          data-direction={direction ?? undefined}
        >
          {formatPrice(ticker?.price, decimals)}
        </span>
        <span className={`price-header__change${sign === 'flat' ? '' : ` is-${sign}`}`}>
          {formatSigned(ticker?.change24h, decimals)} ({formatPercent(ticker?.changePercent24h)})
        </span>
      </div>
      <dl className="stat-grid">
        <div>
          <dt>{t('chart.high24h')}</dt>
          <dd className="mono">{formatPrice(ticker?.high24h, decimals)}</dd>
        </div>
        <div>
          <dt>{t('chart.low24h')}</dt>
          <dd className="mono">{formatPrice(ticker?.low24h, decimals)}</dd>
        </div>
        <div>
          <dt>{t('chart.volume24h', { asset: volumeUnit })}</dt>
          <dd className="mono">{formatCompact(ticker?.volume24h, htmlLang(language))}</dd>
        </div>
        <div>
          <dt>{t('chart.volume24h', { asset: instrument.quote })}</dt>
          <dd className="mono">{formatCompact(ticker?.quoteVolume24h, htmlLang(language))}</dd>
        </div>
      </dl>
    </section>
  );
}
