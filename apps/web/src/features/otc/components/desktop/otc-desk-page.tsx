import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OtcSide } from '@app/contract';
import { useConfirmModal } from '../../../../components/confirm-modal';
import { DelayedLoading } from '../../../../components/page-state';
import { DesktopTabs, desktopTabPanel } from '../../../../components/desktop-tabs';
import { formatPrice, formatRatePercent } from '../../../../lib/format';
import { DESKTOP_PATHS } from '../../../../lib/routing/paths';
import { useOtcPage } from '../../hooks/use-otc-page';
import { TradeForm } from '../trade-form';
import { TradeResult } from '../trade-result';
import { TradeHistoryTable } from './trade-history-table';
import '../../otc.css';
import '../../otc-desktop.css';
import { DeskTableHead, numeric } from '../../../../components/desk-table-head';
import { useOtcText } from '../../strings';

const SIDES: readonly OtcSide[] = ['buy', 'sell', 'flash'];

/**
 * /pages/desktop/otc/index (docs/product.md §2 "OTC: buy, sell or flash-exchange"): the live rates of every
 * coin in a table beside the order form (buy, sell, flash), the trade history below.
 */
export function OtcDeskPage() {
  const { t } = useTranslation();
  const o = useOtcText();
  const { tab, quote, seconds, result, ...page } = useOtcPage();
  const modal = useConfirmModal();
  const side: OtcSide = tab === 'history' ? 'buy' : tab;
  const sideTabs = SIDES.map((s) => ({ key: s, label: o(`sides.${s}`) }));

  return (
    <div className="desk-page">
      <div className="desk-grid">
        <section className="desk-panel" aria-labelledby="otc-rates">
          <header className="desk-panel__head">
            <h2 id="otc-rates" className="desk-panel__title">
              {o('rates')}
            </h2>
            {quote.data ? (
              <p className="desk-note otc-desk__quote">
                <span>{o('feeRate', { rate: formatRatePercent(quote.data.feeRate) })}</span>
                <span role="timer" aria-live="off">
                  {quote.isFetching ? o('refreshing') : o('validFor', { seconds })}
                </span>
              </p>
            ) : quote.isError ? (
              <button
                type="button"
                className="desktop-button desktop-button--ghost"
                onClick={() => void quote.refetch()}
              >
                {t('app.retry')}
              </button>
            ) : null}
          </header>
          {quote.data ? (
            <div className="desk-table__scroll">
              <table className="desk-table" aria-labelledby="otc-rates">
                <DeskTableHead columns={[o('coin'), numeric(o('buyAt')), numeric(o('sellAt'))]} />
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
          <header className="desk-panel__head">
            <h2 id="otc-order" className="desk-panel__title">
              {t('routes.otc')}
            </h2>
            <Link className="desktop-button desktop-button--ghost" to={DESKTOP_PATHS.recharge}>
              {t('routes.recharge')}
            </Link>
          </header>
          <DesktopTabs
            label={t('routes.otc')}
            idPrefix="otc-side"
            items={sideTabs}
            value={side}
            onChange={page.selectTab}
          />
          <div {...desktopTabPanel('otc-side', side)} className="otc-desk__form">
            {result ? <TradeResult result={result} assetsPath={DESKTOP_PATHS.asset} heading="h3" /> : null}
            <TradeForm
              key={side}
              side={side}
              quote={quote.data}
              assets={page.assets}
              requote={page.requote}
              onTraded={page.setResult}
              ask={modal.ask}
              desk
            />
          </div>
        </section>
      </div>

      <section className="desk-panel" aria-labelledby="otc-history">
        <h2 id="otc-history" className="desk-panel__title">
          {o('history')}
        </h2>
        <TradeHistoryTable />
      </section>
      {modal.element}
    </div>
  );
}
