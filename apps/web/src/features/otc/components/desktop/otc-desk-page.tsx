import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssetInfo, ExchangeInfo, OtcSide, OtcTrade } from '@app/contract';
import { useConfirmModal, type ModalQuestion } from '../../../../components/confirm-modal';
import { DelayedLoading } from '../../../../components/page-state';
import { SubmitButton } from '../../../../components/submit-button';
import { DesktopTabs, desktopTabPanel } from '../../../../components/desktop-tabs';
import { TextField } from '../../../../components/text-field';
import { confirmDemoInvestment } from '../../../../lib/feedback/demo-confirm';
import { toastSuccess } from '../../../../lib/feedback/toast';
import { formatAssetAmount, formatPrice, formatRatePercent } from '../../../../lib/format';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import type { OtcConfirmation } from '../../hooks/otc-prompts';
import { useOtcPage } from '../../hooks/use-otc-page';
import { OTC_QUOTE_ASSET, useOtcTrade } from '../../hooks/use-otc-trade';
import { CoinSelect, PreviewList } from '../trade-form';
import { TradeHistoryTable } from './trade-history-table';
import '../../otc.css';
import '../../otc-desktop.css';

const SIDES: readonly OtcSide[] = ['buy', 'sell', 'flash'];

interface DeskTradeFormProps {
  side: OtcSide;
  quote: ExchangeInfo | undefined;
  assets: readonly AssetInfo[] | undefined;
  requote: () => Promise<ExchangeInfo | undefined>;
  onTraded: (trade: OtcTrade) => void;
  ask: (question: ModalQuestion) => Promise<boolean>;
}

/** The OTC order form of the desktop page: the mobile form's flow (useOtcTrade), the desktop's dialog. */
function DeskTradeForm({ side, quote, assets, requote, onTraded, ask }: DeskTradeFormProps) {
  const { t } = useTranslation();
  const ids = { coin: useId(), to: useId() };
  const confirm = ({ preview, requoted }: OtcConfirmation) =>
    ask({
      title: requoted ? t('otc.newRatesTitle') : t('otc.confirmTitle'),
      content: (
        <div>
          {requoted ? <p className="otc-preview__note">{t('otc.newRatesText')}</p> : null}
          <PreviewList preview={preview} />
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
  const trade = useOtcTrade({ side, quote, assets, requote, onTraded, prompts: { confirmDemo: () => confirmDemoInvestment(ask), confirm, notify: toastSuccess } });
  const { coin, decimals, available, preview } = trade;
  return (
    <form
      ref={trade.formRef}
      className="form desk-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void trade.submit();
      }}
    >
      <CoinSelect id={ids.coin} label={side === 'flash' ? t('otc.fromCoin') : t('otc.coin')} value={coin} coins={trade.coins} onChange={trade.setCoin} />
      {side === 'flash' ? (
        <CoinSelect id={ids.to} label={t('otc.toCoin')} value={trade.target} coins={trade.coins} onChange={trade.setTarget} exclude={coin} invalid={!!trade.errors.toAsset} />
      ) : null}
      <TextField
        label={side === 'buy' ? t('otc.spendAmount', { asset: OTC_QUOTE_ASSET }) : t('otc.coinAmount', { asset: coin })}
        placeholder={t('otc.amountPlaceholder', { decimals })}
        inputMode="decimal"
        autoComplete="off"
        value={trade.amount}
        onChange={trade.setAmount}
        error={trade.errors.amount}
        hint={t('otc.available', { amount: formatAssetAmount(available, trade.payAsset), asset: trade.payAsset })}
      />
      <section className="otc-preview__card" aria-label={t('otc.preview')} aria-live="polite">
        {preview ? <PreviewList preview={preview} /> : <p className="desk-note">{t('otc.preview')}: —</p>}
      </section>
      <SubmitButton loading={trade.pending}>{t(`otc.submit.${side}`)}</SubmitButton>
    </form>
  );
}

/**
 * /pages/desktop/otc/index (spec §2 "OTC: buy, sell or flash-exchange"): the live rates of every
 * coin in a table beside the order form (buy, sell, flash), the trade history below.
 */
export function OtcDeskPage() {
  const { t } = useTranslation();
  const { tab, quote, seconds, result, ...page } = useOtcPage();
  const modal = useConfirmModal();
  const side: OtcSide = tab === 'history' ? 'buy' : tab;
  const sideTabs = SIDES.map((s) => ({ key: s, label: t(`otc.sides.${s}`) }));

  return (
    <div className="desk-page">
      <div className="desk-grid">
        <section className="desk-panel" aria-labelledby="otc-rates">
          <header className="desk-panel__head">
            <h2 id="otc-rates" className="desk-panel__title">
              {t('otc.rates')}
            </h2>
            {quote.data ? (
              <p className="desk-note otc-desk__quote">
                <span>{t('otc.feeRate', { rate: formatRatePercent(quote.data.feeRate) })}</span>
                <span role="timer" aria-live="off">
                  {quote.isFetching ? t('otc.refreshing') : t('otc.validFor', { seconds })}
                </span>
              </p>
            ) : quote.isError ? (
              <button type="button" className="desktop-button desktop-button--ghost" onClick={() => void quote.refetch()}>
                {t('app.retry')}
              </button>
            ) : null}
          </header>
          {quote.data ? (
            <div className="desk-table__scroll">
              <table className="desk-table" aria-labelledby="otc-rates">
                <thead>
                  <tr>
                    <th scope="col">{t('otc.coin')}</th>
                    <th scope="col" className="is-num">
                      {t('otc.buyAt')}
                    </th>
                    <th scope="col" className="is-num">
                      {t('otc.sellAt')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {quote.data.rates.map((r) => (
                    <tr key={r.asset}>
                      <th scope="row">{r.asset}</th>
                      <td className="is-num">{formatPrice(r.buyPrice, r.priceDecimals)}</td>
                      <td className="is-num">{formatPrice(r.sellPrice, r.priceDecimals)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : quote.isError ? null : (
            <DelayedLoading />
          )}
        </section>

        <section className="desk-panel" aria-labelledby="otc-order">
          <h2 id="otc-order" className="desk-panel__title">
            {t('routes.otc')}
          </h2>
          <DesktopTabs label={t('routes.otc')} idPrefix="otc-side" items={sideTabs} value={side} onChange={page.selectTab} />
          <div {...desktopTabPanel('otc-side', side)} className="otc-desk__form">
            {result ? (
              <section className="otc-result" role="status" aria-labelledby="otc-result-title">
                <h3 id="otc-result-title" className="otc-result__title">
                  {t('otc.success')}
                </h3>
                <p className="mono">
                  −{formatAssetAmount(result.fromAmount, result.fromAsset)} {result.fromAsset} · +{formatAssetAmount(result.toAmount, result.toAsset)}{' '}
                  {result.toAsset}
                </p>
                <Link className="link" to={DESKTOP_PATHS.asset}>
                  {t('otc.viewAssets')}
                </Link>
              </section>
            ) : null}
            <DeskTradeForm key={side} side={side} quote={quote.data} assets={page.assets} requote={page.requote} onTraded={page.setResult} ask={modal.ask} />
          </div>
        </section>
      </div>

      <section className="desk-panel" aria-labelledby="otc-history">
        <h2 id="otc-history" className="desk-panel__title">
          {t('otc.history')}
        </h2>
        <TradeHistoryTable />
      </section>
      {modal.element}
    </div>
  );
}
