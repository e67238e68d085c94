import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Contract, DecidingTick, SpotOrder } from '@app/contract';
import { DelayedLoading, NotFound } from '../../../components/page-state';
import { formatRatePercent } from '../../../lib/format';
import {
  contractStatusKey,
  formatMoney,
  formatProfit,
  formatSymbolAmount,
  formatSymbolPrice,
  formatTime,
  priceSourceKey,
  signClass,
  spotStatusKey,
} from '../model/order-display';
import { useTradeDetail, type TradeDetail } from '../hooks/use-trade-detail';
import { ContractTitle, TimeLeft } from './contract-parts';
import { OrderStatus } from './order-status';
import { useConfirmCancel } from './spot-row';
import '../../../lib/market/market.css';
import '../trade.css';
import '../strings';

type Row = [label: string, value: ReactNode, testId?: string];

function DetailList({ rows, label }: { rows: Row[]; label: string }) {
  return (
    <dl className="detail-list" aria-label={label}>
      {rows.map(([name, value, testId]) => (
        <div key={name} className="detail-list__row">
          <dt>{name}</dt>
          <dd className="mono" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `t` of the `trade` namespace (locales/trade.ts), where these keys are: the built keys below, looked
 * up through `translation`'s fallback namespaces, send the compiler's key types too deep.
 */
function tickRows(t: TFunction<'trade'>, symbol: string, tick: DecidingTick | null, which: 'open' | 'close'): Row[] {
  return [
    [t(`orders.detail.${which}Price`), formatSymbolPrice(symbol, tick?.price), `${which}-price`],
    [t(`orders.detail.${which}TickTime`), formatTime(tick?.time)],
    [
      t(`orders.detail.${which}TickSource`),
      tick ? t(`orders.priceSources.${priceSourceKey(tick.source)}`) : '--',
      `${which}-source`,
    ],
  ];
}

function ContractDetail({ contract: c }: { contract: Contract }) {
  const { t } = useTranslation();
  const tr = useTranslation('trade').t;
  return (
    <article className="trade-detail" aria-labelledby="trade-detail-title">
      <header className="trade-detail__head">
        <h2 id="trade-detail-title" className="trade-detail__title">
          <ContractTitle symbol={c.displaySymbol} direction={c.direction} duration={c.duration} />
        </h2>
        <OrderStatus status={contractStatusKey(c)} result={c.result} />
      </header>
      {c.status === 'open' ? <TimeLeft expiresAt={c.expiresAt} /> : null}
      <DetailList
        label={t('orders.detail.contract')}
        rows={[
          [t('orders.detail.orderId'), c.id],
          [t('orders.detail.account'), t(`demo.${c.typeUser}`)],
          [t('orders.stake'), `${formatMoney(c.stake)} ${c.asset}`],
          [t('orders.detail.payoutRate'), formatRatePercent(c.payoutRate)],
          [t('orders.purchaseTime'), formatTime(c.openTime)],
          [t('orders.detail.expiry'), formatTime(c.expiresAt)],
          ...tickRows(tr, c.symbol, c.openTick, 'open'),
          ...tickRows(tr, c.symbol, c.closeTick, 'close'),
          [t('orders.detail.result'), c.result ? t(`orders.results.${c.result}`) : '--', 'contract-result'],
          [t('orders.payout'), c.payout === null ? '--' : `${formatMoney(c.payout)} ${c.asset}`],
          [
            t('orders.profit'),
            <span className={`record__amount${signClass(c.profit)}`}>
              {formatProfit(c.profit)} {c.asset}
            </span>,
            'contract-profit',
          ],
          [t('orders.detail.settledAt'), formatTime(c.settledAt)],
        ]}
      />
      <p className="trade-detail__rule">{t('orders.detail.rule')}</p>
    </article>
  );
}

/** `cancellable`: an open order offers its cancel button (not inside the desktop's modal, whose lists have their own). */
function SpotDetail({ order: o, cancellable }: { order: SpotOrder; cancellable: boolean }) {
  const { t } = useTranslation();
  const cancel = useConfirmCancel();
  return (
    <article className="trade-detail" aria-labelledby="trade-detail-title">
      <header className="trade-detail__head">
        <h2 id="trade-detail-title" className="trade-detail__title">
          <span className={`direction direction--${o.side}`}>{t(`orders.spot.sides.${o.side}`)}</span> ·{' '}
          {o.displaySymbol} · {t(`orders.spot.types.${o.type}`)}
        </h2>
        <OrderStatus status={spotStatusKey(o)} />
      </header>
      <DetailList
        label={t('orders.detail.spot')}
        rows={[
          [t('orders.detail.orderId'), o.id],
          [t('orders.detail.account'), t(`demo.${o.typeUser}`)],
          [
            t('orders.spot.price'),
            o.type === 'market' ? t('orders.spot.atMarket') : `${formatSymbolPrice(o.symbol, o.price)} ${o.quote}`,
          ],
          [t('orders.spot.amount'), `${formatSymbolAmount(o.symbol, o.amount)} ${o.base}`],
          [
            t('orders.spot.fillPrice'),
            o.fillPrice === null ? '--' : `${formatSymbolPrice(o.symbol, o.fillPrice)} ${o.quote}`,
          ],
          [t('orders.spot.total'), o.total === null ? '--' : `${formatMoney(o.total)} ${o.quote}`],
          [t('orders.spot.fee'), o.fee === null ? '--' : `${formatMoney(o.fee)} ${o.feeAsset}`],
          [t('orders.detail.createdAt'), formatTime(o.createdAt)],
          [t('orders.detail.closedAt'), formatTime(o.closedAt)],
        ]}
      />
      {o.status === 'open' && cancellable ? (
        <Button block shape="rounded" loading={cancel.pending} onClick={() => void cancel.run(o)}>
          {t('orders.spot.cancelOrder')}
        </Button>
      ) : null}
    </article>
  );
}

/** One order's detail as useTradeDetail found it (the phone's page and the desktop's dialog). */
export function TradeDetailContent({ detail, cancellable = true }: { detail: TradeDetail; cancellable?: boolean }) {
  if (detail.state === 'not-found') return <NotFound />;
  if (detail.state === 'contract') return <ContractDetail contract={detail.contract} />;
  if (detail.state === 'spot') return <SpotDetail order={detail.order} cancellable={cancellable} />;
  return <DelayedLoading />;
}

/** /pages/trade-detail/index?kind=contract|spot&id=…: one order, with the ticks that decided a contract. */
export function TradeDetailPage() {
  return <TradeDetailContent detail={useTradeDetail()} />;
}
