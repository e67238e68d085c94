import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OtcTrade } from '@app/contract';
import { DelayedLoading } from '../../../components/page-state';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { formatDecimal, formatRatePercent } from '../../../lib/format';
import { ASSETS_PATH } from '../../../lib/routing/paths';
import { useExchangeInfo } from '../api/get-exchange-info';
import { useQuoteCountdown } from '../hooks/use-quote-countdown';
import { TradeForm } from './trade-form';
import { TradeHistory } from './trade-history';

const TABS = ['buy', 'sell', 'flash', 'history'] as const;
type Tab = (typeof TABS)[number];

/** /pages/otc/index: buy, sell or flash-exchange at a live quote; the trade history. */
export function OtcPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('buy');
  const [result, setResult] = useState<OtcTrade | null>(null);
  const quote = useExchangeInfo();
  const assets = useAssetList();
  const requote = async () => (await quote.refetch()).data;
  const seconds = useQuoteCountdown(quote.data?.expiresAt, () => {
    // The page is not trading at that moment: quietly fetch fresh rates.
    if (!quote.isFetching) void quote.refetch();
  });
  const decimalsOf = (symbol: string) => assets.data?.find((a) => a.symbol === symbol)?.amountDecimals ?? 5;

  return (
    <div className="otc">
      <div className="otc-tabs" role="tablist" aria-label={t('routes.otc')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`otc-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="otc-panel"
            className={`otc-tabs__tab${tab === name ? ' is-active' : ''}`}
            onClick={() => {
              setTab(name);
              setResult(null);
            }}
          >
            {name === 'history' ? t('otc.history') : t(`otc.sides.${name}`)}
          </button>
        ))}
      </div>

      <div id="otc-panel" role="tabpanel" aria-labelledby={`otc-tab-${tab}`}>
        {tab === 'history' ? (
          <TradeHistory />
        ) : (
          <>
            <section className="quote-bar" aria-label={t('otc.quote')}>
              {quote.data ? (
                <>
                  <span>{t('otc.feeRate', { rate: formatRatePercent(quote.data.feeRate) })}</span>
                  <span className="quote-bar__timer" role="timer" aria-live="off">
                    {quote.isFetching ? t('otc.refreshing') : t('otc.validFor', { seconds })}
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
              <ul className="rate-list" aria-label={t('otc.rates')}>
                {quote.data.rates.slice(0, 4).map((r) => (
                  <li key={r.asset} className="rate-list__item">
                    <span className="rate-list__coin">{r.asset}</span>
                    <span className="mono">
                      {t('otc.buyAt')} {formatDecimal(r.buyPrice, r.priceDecimals)}
                    </span>
                    <span className="mono">
                      {t('otc.sellAt')} {formatDecimal(r.sellPrice, r.priceDecimals)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {result ? (
              <section className="otc-result" role="status" aria-labelledby="otc-result-title">
                <h2 id="otc-result-title" className="otc-result__title">
                  {t('otc.success')}
                </h2>
                <p className="mono">
                  −{formatDecimal(result.fromAmount, decimalsOf(result.fromAsset))} {result.fromAsset} · +
                  {formatDecimal(result.toAmount, decimalsOf(result.toAsset))} {result.toAsset}
                </p>
                <Link className="link" to={ASSETS_PATH}>
                  {t('otc.viewAssets')}
                </Link>
              </section>
            ) : null}
            <TradeForm key={tab} side={tab} quote={quote.data} assets={assets.data} requote={requote} onTraded={setResult} />
          </>
        )}
      </div>
    </div>
  );
}
