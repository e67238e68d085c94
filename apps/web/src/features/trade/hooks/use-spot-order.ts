import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QUOTE_ASSET,
  type Instrument,
  type SpotOrderBody,
  type SpotSide,
  type SpotType,
  type WsTick,
} from '@app/contract';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { newIdempotencyKey } from '../../../lib/api/idempotency';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useMarketStream } from '../../../lib/market';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { usePlaceSpotOrder } from '../api/place-spot-order';
import { atLeast } from '../model/contract-math';
import { spotTotal } from '../model/spot-math';
import type { OrderPrompts } from './order-prompts';
import '../strings';

type Field = 'price' | 'amount';

/** What the user confirms before a spot order is sent. */
export interface SpotConfirmation {
  body: SpotOrderBody;
  /** The estimated USDT total, before the fee; null while there is no price. */
  total: string | null;
}

/**
 * The spot flow: buy or sell the instrument's coin against USDT, at the market (the live ask
 * for a buy, bid for a sell) or at a limit price; validation, confirmations and the request.
 */
export function useSpotOrder(instrument: Instrument, prompts: OrderPrompts<SpotConfirmation>) {
  const { t } = useTranslation();
  const [side, setSideValue] = useState<SpotSide>('buy');
  const [type, setTypeValue] = useState<SpotType>('market');
  const [price, setPriceText] = useState('');
  const [amount, setAmountText] = useState('');
  const [tick, setTick] = useState<WsTick | null>(null);
  const { errors, formRef, report, clear, edit } = useFormErrors<Field>();
  const place = usePlaceSpotOrder();
  const { symbol, amountDecimals, priceDecimals } = instrument;

  useMarketStream(
    { channel: 'realtime', currency: symbol },
    {
      onData: (m) => {
        if (m.eventType === 'ticker') setTick(m.data);
      },
    },
  );

  const payAsset = side === 'buy' ? QUOTE_ASSET : instrument.base;
  const balance = useValidAsset('currency', payAsset);
  const available = balance.data?.available;
  // A market order fills at the ask (buy) or the bid (sell).
  const marketPrice = tick ? (side === 'buy' ? tick.ask : tick.bid) : null;
  const orderPrice = type === 'limit' ? price.trim() : marketPrice;
  const total = spotTotal(amount.trim(), orderPrice, amountDecimals, priceDecimals, side);

  const submit = async () => {
    const priceError = type === 'limit' ? checkAmount(price, undefined, priceDecimals) : null;
    const amountError = checkAmount(amount, side === 'sell' ? available : undefined, amountDecimals);
    const costError =
      side === 'buy' && total && available !== undefined && !atLeast(available, total)
        ? catalogMessage('BALANCE_NOT_ENOUGH')
        : null;
    if (report(collectErrors<Field>({ price: priceError, amount: amountError ?? costError }))) return;
    if (!(await prompts.confirmDemo())) return;
    const body: SpotOrderBody = {
      symbol,
      side,
      type,
      amount: amount.trim(),
      ...(type === 'limit' ? { price: price.trim() } : {}),
    };
    if (!(await prompts.confirm({ body, total }))) return;
    try {
      // Every confirmation is a new order: a new Idempotency-Key each time.
      const order = await place.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
      setAmountText('');
      prompts.notify(order.status === 'filled' ? t('orders.spot.filled') : t('orders.spot.placed'));
    } catch {
      // The API client already said why.
    }
  };

  return {
    side,
    setSide: edit('amount', setSideValue),
    type,
    /** Switching to limit starts from the market price, so the user edits a sensible number. */
    setType: (next: SpotType) => {
      setTypeValue(next);
      if (next === 'limit' && !price && marketPrice) setPriceText(marketPrice);
      clear('price');
    },
    price,
    setPrice: (value: string) => {
      setPriceText(decimalInput(value, priceDecimals));
      clear('price');
    },
    amount,
    setAmount: (value: string) => {
      setAmountText(decimalInput(value, amountDecimals));
      clear('amount');
    },
    payAsset,
    available,
    marketPrice,
    total,
    errors,
    formRef,
    pending: place.isPending,
    submit,
  };
}
