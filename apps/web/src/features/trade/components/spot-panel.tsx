import { useState, type FormEvent } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QUOTE_ASSET, type Instrument, type SpotOrderBody, type SpotSide, type SpotType, type WsTick } from '@app/contract';
import { TextField } from '../../../components/text-field';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { formatDecimal, USDT_DISPLAY_DECIMALS } from '../../../lib/format';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { catalogMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useMarketStream } from '../../../lib/use-market-stream';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { usePlaceSpotOrder } from '../api/place-spot-order';
import { atLeast } from '../hooks/contract-math';
import { formatMoney, formatSymbolAmount, formatSymbolPrice } from '../hooks/order-display';
import { spotTotal } from '../hooks/spot-math';
import { ChoiceChips } from './choice-chips';

type Field = 'price' | 'amount';

/** Spot: buy or sell the instrument's coin against USDT, at the market or at a limit price. */
export function SpotPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const [side, setSide] = useState<SpotSide>('buy');
  const [type, setType] = useState<SpotType>('market');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [tick, setTick] = useState<WsTick | null>(null);
  const { errors, formRef, report, clear, edit } = useFormErrors<Field>();
  const place = usePlaceSpotOrder();
  const { symbol, base, amountDecimals, priceDecimals } = instrument;

  useMarketStream({ channel: 'realtime', currency: symbol }, {
    onData: (m) => {
      if (m.eventType === 'ticker') setTick(m.data);
    },
  });

  const payAsset = side === 'buy' ? QUOTE_ASSET : base;
  const balance = useValidAsset('currency', payAsset);
  const available = balance.data?.available;
  // A market order fills at the ask (buy) or the bid (sell).
  const marketPrice = tick ? (side === 'buy' ? tick.ask : tick.bid) : null;
  const orderPrice = type === 'limit' ? price.trim() : marketPrice;
  const total = spotTotal(amount.trim(), orderPrice, amountDecimals, priceDecimals, side);

  const submit = async () => {
    const priceError = type === 'limit' ? checkAmount(price, undefined, priceDecimals) : null;
    const amountError = checkAmount(amount, side === 'sell' ? available : undefined, amountDecimals);
    const costError = side === 'buy' && total && available !== undefined && !atLeast(available, total) ? catalogMessage('BALANCE_NOT_ENOUGH') : null;
    if (report(collectErrors<Field>({ price: priceError, amount: amountError ?? costError }))) return;
    if (!(await confirmDemoInvestment())) return;
    const body: SpotOrderBody = { symbol, side, type, amount: amount.trim(), ...(type === 'limit' ? { price: price.trim() } : {}) };
    const ok = await Dialog.confirm({
      title: t('orders.spot.confirmTitle'),
      content: (
        <dl className="order-summary">
          {[
            [t('orders.spot.side'), `${t(`orders.spot.sides.${side}`)} ${instrument.displaySymbol}`],
            [t('orders.spot.type'), t(`orders.spot.types.${type}`)],
            [t('orders.spot.price'), type === 'limit' ? formatSymbolPrice(symbol, body.price) : t('orders.spot.atMarket')],
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
    if (!ok) return;
    try {
      const order = await place.mutateAsync({ body, idempotencyKey: crypto.randomUUID() });
      setAmount('');
      toastSuccess(order.status === 'filled' ? t('orders.spot.filled') : t('orders.spot.placed'));
    } catch {
      // The API client already said why.
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form ref={formRef} className="form order-form" noValidate onSubmit={onSubmit}>
      <ChoiceChips
        legend={t('orders.spot.side')}
        options={(['buy', 'sell'] as const).map((s) => ({ value: s, label: t(`orders.spot.sides.${s}`), tone: s === 'buy' ? 'up' : 'down' }))}
        value={side}
        onChange={edit('amount', setSide)}
      />
      <ChoiceChips
        legend={t('orders.spot.type')}
        options={(['market', 'limit'] as const).map((k) => ({ value: k, label: t(`orders.spot.types.${k}`) }))}
        value={type}
        onChange={(k) => {
          setType(k);
          if (k === 'limit' && !price && marketPrice) setPrice(marketPrice);
          clear('price');
        }}
      />
      {type === 'limit' ? (
        <TextField
          label={t('orders.spot.priceIn', { asset: QUOTE_ASSET })}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(v) => {
            setPrice(decimalInput(v, priceDecimals));
            clear('price');
          }}
          error={errors.price}
          hint={t('orders.spot.decimals', { decimals: priceDecimals })}
        />
      ) : (
        <p className="order-form__line">
          <span>{t('orders.spot.marketPrice')}</span>
          <span className="mono">{formatSymbolPrice(symbol, marketPrice)}</span>
        </p>
      )}
      <TextField
        label={t('orders.spot.amountIn', { asset: base })}
        placeholder={t('orders.spot.decimals', { decimals: amountDecimals })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(v) => {
          setAmount(decimalInput(v, amountDecimals));
          clear('amount');
        }}
        error={errors.amount}
        hint={t('orders.available', {
          amount: available !== undefined ? (side === 'buy' ? formatDecimal(available, USDT_DISPLAY_DECIMALS) : formatSymbolAmount(symbol, available)) : '--',
          asset: payAsset,
          account: t('wallets.currency'),
        })}
      />
      <p className="order-form__line">
        <span>{t('orders.spot.estimatedTotal')}</span>
        <span className="mono">{total ? `≈ ${formatMoney(total)} ${QUOTE_ASSET}` : '--'}</span>
      </p>
      <Button
        type="submit"
        block
        size="large"
        className={`direction-button direction-button--${side === 'buy' ? 'up' : 'down'}`}
        loading={place.isPending}
        loadingText={t('common.processing')}
      >
        {t(`orders.spot.submit.${side}`, { coin: base })}
      </Button>
    </form>
  );
}
