import { Button } from 'antd-mobile';
import { confirmDialog } from '../../../components/confirm-dialog';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '@app/contract';
import { toastSuccess } from '../../../lib/feedback/toast';
import { dateTimeAttribute } from '../../../lib/format';
import { formatMoney, formatSymbolAmount, formatSymbolPrice, formatTime, spotStatusKey } from '../model/order-display';
import { useSpotCancel } from '../hooks/use-spot-cancel';
import { Figure } from './contract-parts';
import { OrderStatus } from './order-status';
import { tradeDetailPath } from './order-paths';
import '../strings';

/** The mobile binding of useSpotCancel: an antd-mobile dialog asks, a toast tells. */
export function useConfirmCancel() {
  const { t } = useTranslation();
  return useSpotCancel({
    confirm: (order: SpotOrder) =>
      confirmDialog({
        title: t('orders.spot.cancelTitle'),
        content: t('orders.spot.cancelText', {
          side: t(`orders.spot.sides.${order.side}`),
          amount: formatSymbolAmount(order.symbol, order.amount),
          coin: order.base,
        }),
        confirmText: t('orders.spot.confirmCancel'),
        cancelText: t('orders.spot.keepOrder'),
      }),
    notify: toastSuccess,
  });
}

/** One spot order in a list; an open one can be cancelled here. Opens its detail. */
export function SpotRow({ order: o }: { order: SpotOrder }) {
  const { t } = useTranslation();
  const cancel = useConfirmCancel();
  return (
    <li className="record order-row" data-testid="spot-row">
      <div className="record__main">
        <Link className="record__title order-row__link" to={tradeDetailPath('spot', o.id)}>
          <span className={`direction direction--${o.side}`}>{t(`orders.spot.sides.${o.side}`)}</span> ·{' '}
          {o.displaySymbol} · {t(`orders.spot.types.${o.type}`)}
        </Link>
        <OrderStatus status={spotStatusKey(o)} />
      </div>
      <dl className="record__details">
        <Figure label={t('orders.spot.price')}>
          {o.type === 'market' ? t('orders.spot.types.market') : formatSymbolPrice(o.symbol, o.price)}
        </Figure>
        <Figure label={t('orders.spot.amount')}>
          {formatSymbolAmount(o.symbol, o.amount)} {o.base}
        </Figure>
        {o.status === 'filled' ? (
          <>
            <Figure label={t('orders.spot.fillPrice')}>{formatSymbolPrice(o.symbol, o.fillPrice)}</Figure>
            <Figure label={t('orders.spot.total')}>
              {formatMoney(o.total)} {o.quote}
            </Figure>
          </>
        ) : null}
      </dl>
      <div className="record__meta">
        <time dateTime={dateTimeAttribute(o.createdAt)}>{formatTime(o.createdAt)}</time>
        {o.status === 'open' ? (
          <Button
            size="mini"
            shape="rounded"
            className="order-row__action"
            loading={cancel.pending}
            onClick={() => void cancel.run(o)}
          >
            {t('orders.spot.cancelOrder')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
