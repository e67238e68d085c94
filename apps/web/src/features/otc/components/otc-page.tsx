import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/page-state';
import { formatPrice, formatRatePercent } from '../../../lib/format';
import { ASSETS_PATH } from '../../../lib/routing/paths';
import { OTC_TABS, useOtcPage } from '../hooks/use-otc-page';
import { TradeForm } from './trade-form';
import { TradeResult } from './trade-result';
import { TradeHistory } from './trade-history';
import '../otc.css';
import { useOtcText } from '../strings';

/** /pages/otc/index: buy, sell or flash-exchange at a live quote; the trade history. */
export function OtcPage() {
  const { t } = useTranslation();
  const o = useOtcText();
  const { tab, quote, seconds, result, ...page } = useOtcPage();

  return (
    <div className="otc">
      <div className="otc-tabs" role="tablist" aria-label={t('routes.otc')}>
        {OTC_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`otc-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="otc-panel"
            className={`otc-tabs__tab${tab === name ? ' is-active' : ''}`}
            onClick={() => page.selectTab(name)}
          >
            {name === 'history' ? o('history') : o(`sides.${name}`)}
          </button>
        ))}
      </div>

      <div id="otc-panel" role="tabpanel" aria-labelledby={`otc-tab-${tab}`}>
        {tab === 'history' ? (
          <TradeHistory />
        ) : (
          <>
            <section className="quote-bar" aria-label={o('quote')}>
              {quote.data ? (
                <>
                  <span>{o('feeRate', { rate: formatRatePercent(quote.data.feeRate) })}</span>
                  <span className="quote-bar__timer" role="timer" aria-live="off">
                    {quote.isFetching ? o('refreshing') : o('validFor', { seconds })}
                  </span>
                </>
              ) : quote.isError ? (
                <button type="button" className="link" onClick={() => void quote.refetch()}>
                  {t('app.retry')}
                </button>
              ) : (
                <DelayedLoading />
              )}
            </section>
            {quote.data ? (
              <ul className="rate-list" aria-label={o('rates')}>
                {quote.data.rates.slice(0, 4).map((r) => (
                  <li key={r.asset} className="rate-list__item">
                    <span className="rate-list__coin">{r.asset}</span>
                    {/* The word and the price apart, each whole: a longer word (German "Verkauf") breaks no price. */}
                    <span className="rate-list__line">
                      <span>{o('buyAt')}</span> <span className="mono">{formatPrice(r.buyPrice, r.priceDecimals)}</span>
                    </span>
                    <span className="rate-list__line">
                      <span>{o('sellAt')}</span>{' '}
                      <span className="mono">{formatPrice(r.sellPrice, r.priceDecimals)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {result ? <TradeResult result={result} assetsPath={ASSETS_PATH} /> : null}
            <TradeForm
              key={tab}
              side={tab}
              quote={quote.data}
              assets={page.assets}
              requote={page.requote}
              onTraded={page.setResult}
            />
          </>
        )}
      </div>
    </div>
  );
}
