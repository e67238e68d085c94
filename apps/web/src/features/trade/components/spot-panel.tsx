import type { FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { confirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from 'react-i18next';
import { QUOTE_ASSET, type Instrument } from '@app/contract';
import { TextField } from '../../../components/text-field';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { toastSuccess } from '../../../lib/feedback/toast';
import { formatMoney, formatSymbolAmount, formatSymbolPrice } from '../model/order-display';
import { useSpotOrder, type SpotConfirmation } from '../hooks/use-spot-order';
import { ChoiceChips } from './choice-chips';
import '../strings';

/** Spot: buy or sell the instrument's coin against USDT (the flow: useSpotOrder). */
export function SpotPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const { symbol, base, amountDecimals, priceDecimals } = instrument;
  const confirm = ({ body, total }: SpotConfirmation) =>
    confirmDialog({
      title: t('orders.spot.confirmTitle'),
      content: (
        <dl className="order-summary">
          {[
            [t('orders.spot.side'), `${t(`orders.spot.sides.${body.side}`)} ${instrument.displaySymbol}`],
            [t('orders.spot.type'), t(`orders.spot.types.${body.type}`)],
            [
              t('orders.spot.price'),
              body.type === 'limit' ? formatSymbolPrice(symbol, body.price) : t('orders.spot.atMarket'),
            ],
            [t('orders.spot.amount'), `${formatSymbolAmount(symbol, body.amount)} ${base}`],
            [t('orders.spot.estimatedTotal'), total ? `≈ ${formatMoney(total)} ${QUOTE_ASSET}` : '--'],
          ].map(([label, value]) => (
            <div key={label} className="order-summary__row">
              <dt>{label}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
  const order = useSpotOrder(instrument, { confirmDemo: confirmDemoInvestment, confirm, notify: toastSuccess });
  const { side, type, available } = order;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void order.submit();
  };

  return (
    <form ref={order.formRef} className="form order-form" noValidate onSubmit={onSubmit}>
      <ChoiceChips
        legend={t('orders.spot.side')}
        options={(['buy', 'sell'] as const).map((s) => ({
          value: s,
          label: t(`orders.spot.sides.${s}`),
          tone: s === 'buy' ? 'up' : 'down',
        }))}
        value={side}
        onChange={order.setSide}
      />
      <ChoiceChips
        legend={t('orders.spot.type')}
        options={(['market', 'limit'] as const).map((k) => ({ value: k, label: t(`orders.spot.types.${k}`) }))}
        value={type}
        onChange={order.setType}
      />
      {type === 'limit' ? (
        <TextField
          label={t('orders.spot.priceIn', { asset: QUOTE_ASSET })}
          inputMode="decimal"
          autoComplete="off"
          value={order.price}
          onChange={order.setPrice}
          error={order.errors.price}
          hint={t('orders.spot.decimals', { decimals: priceDecimals })}
        />
      ) : (
        <p className="order-form__line">
          <span>{t('orders.spot.marketPrice')}</span>
          <span className="mono">{formatSymbolPrice(symbol, order.marketPrice)}</span>
        </p>
      )}
      <TextField
        label={t('orders.spot.amountIn', { asset: base })}
        placeholder={t('orders.spot.decimals', { decimals: amountDecimals })}
        inputMode="decimal"
        autoComplete="off"
        value={order.amount}
        onChange={order.setAmount}
        error={order.errors.amount}
        hint={t('orders.available', {
          amount: side === 'buy' ? formatMoney(available) : formatSymbolAmount(symbol, available),
          asset: order.payAsset,
          account: t('wallets.currency'),
        })}
      />
      <p className="order-form__line">
        <span>{t('orders.spot.estimatedTotal')}</span>
        <span className="mono">{order.total ? `≈ ${formatMoney(order.total)} ${QUOTE_ASSET}` : '--'}</span>
      </p>
      <Button
        type="submit"
        block
        size="large"
        className={`direction-button direction-button--${side === 'buy' ? 'up' : 'down'}`}
        loading={order.pending}
        loadingText={t('common.processing')}
      >
        {t(`orders.spot.submit.${side}`, { coin: base })}
      </Button>
    </form>
  );
}
