import { useState } from 'react';
import {
  errorKeyByCode,
  type AssetInfo,
  type CurrencyBuyBody,
  type CurrencySellBody,
  type ExchangeInfo,
  type FlashExchangeBody,
  type OtcSide,
  type OtcTrade,
} from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { useKeyMemo } from '../../../lib/api/idempotency';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { useCurrencyBuy } from '../api/currency-buy';
import { useCurrencySell } from '../api/currency-sell';
import { useFlashExchange } from '../api/flash-exchange';
import { otcPreview } from '../model/otc-preview';
import type { OtcPrompts } from './otc-prompts';
import { useOtcText } from '../strings';

export const OTC_QUOTE_ASSET = 'USDT';
/** How many times a trade is re-confirmed at new rates after its quote expired or was used. */
const MAX_REQUOTES = 3;

type Field = 'amount' | 'toAsset';

export interface OtcTradeOptions {
  side: OtcSide;
  quote: ExchangeInfo | undefined;
  assets: readonly AssetInfo[] | undefined;
  /** Fetches a new quote and resolves with it. */
  requote: () => Promise<ExchangeInfo | undefined>;
  onTraded: (trade: OtcTrade) => void;
  prompts: OtcPrompts;
}

/** Sends one trade at quote `q`; one idempotency key per confirmation, reused only for a resend. */
function useOtcSend(side: OtcSide) {
  const buy = useCurrencyBuy();
  const sell = useCurrencySell();
  const flash = useFlashExchange();
  const keys = useKeyMemo<CurrencyBuyBody | CurrencySellBody | FlashExchangeBody>();
  const send = (q: ExchangeInfo, from: string, to: string, amount: string): Promise<OtcTrade> => {
    const single = { quoteId: q.quoteId, asset: from, amount };
    const pair = { quoteId: q.quoteId, fromAsset: from, toAsset: to, amount };
    // One key per confirmation; the same key only when this very request is sent again.
    const idempotencyKey = keys.keyFor(side === 'flash' ? pair : single);
    if (side === 'buy') return buy.mutateAsync({ body: single, idempotencyKey });
    if (side === 'sell') return sell.mutateAsync({ body: single, idempotencyKey });
    return flash.mutateAsync({ body: pair, idempotencyKey });
  };
  /** After an answer (not a lost connection) the next send is a new request with a new key. */
  const settle = () => keys.answered();
  return { send, settle, pending: buy.isPending || sell.isPending || flash.isPending };
}

/**
 * The OTC flow: buy a coin with USDT, sell a coin for USDT, or flash-exchange two coins at a
 * live quote. The coins, amount, preview, validation, confirmations (again at new rates when the
 * quote expired or was used, at most MAX_REQUOTES times) and the request.
 */
export function useOtcTrade({ side, quote, assets, requote, onTraded, prompts }: OtcTradeOptions) {
  const o = useOtcText();
  const coins = (quote?.rates ?? []).map((r) => r.asset);
  const [asset, setAsset] = useState('BTC');
  const [toAsset, setToAsset] = useState('ETH');
  const [amount, setAmountText] = useState('');
  const { errors, formRef, report, clear, edit } = useFormErrors<Field>();
  const sender = useOtcSend(side);

  const coin = coins.includes(asset) ? asset : (coins[0] ?? asset);
  const target = toAsset !== coin && coins.includes(toAsset) ? toAsset : (coins.find((c) => c !== coin) ?? toAsset);
  const payAsset = side === 'buy' ? OTC_QUOTE_ASSET : coin;
  const decimals = assets?.find((a) => a.symbol === payAsset)?.amountDecimals ?? 5;
  const balance = useValidAsset('currency', payAsset);
  const available = balance.data?.available;
  const input = { side, asset: coin, toAsset: side === 'flash' ? target : undefined, amount: amount.trim() };
  const preview = quote && assets && amount.trim() ? otcPreview(input, quote, assets) : null;

  const confirmAt = (q: ExchangeInfo, requoted: boolean) => {
    const p = assets ? otcPreview(input, q, assets) : null;
    return p ? prompts.confirm({ preview: p, requoted }) : Promise.resolve(false);
  };

  const submit = async () => {
    const amountError = checkAmount(amount, available, decimals);
    const invalid = report(
      collectErrors<Field>({
        amount: amountError ?? (preview ? null : catalogMessage('AMOUNT_OUT_OF_RANGE')),
        toAsset: side === 'flash' && coin === target ? catalogMessage('SAME_ASSET') : null,
      }),
    );
    if (invalid || !quote) return;
    if (!(await prompts.confirmDemo())) return;
    let q: ExchangeInfo | undefined = quote.expiresAt > Date.now() ? quote : await requote();
    let requoted = false;
    for (let attempt = 0; q && attempt <= MAX_REQUOTES; attempt += 1) {
      if (!(await confirmAt(q, requoted))) return;
      try {
        const trade = await sender.send(q, coin, target, input.amount);
        sender.settle();
        setAmountText('');
        prompts.notify(o('success'));
        onTraded(trade);
        return;
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind !== 'transport') sender.settle();
        const key: string | undefined = error instanceof ApiError ? errorKeyByCode(error.code) : undefined;
        // The quote's rule (docs/product.md §7): expired or already used means new rates, confirmed again.
        if (key !== 'QUOTE_EXPIRED' && key !== 'QUOTE_USED') return;
        q = await requote();
        requoted = true;
      }
    }
  };

  return {
    coins,
    coin,
    /** Another coin starts from an empty amount: its decimals and balance differ. */
    setCoin: (value: string) => {
      setAsset(value);
      setAmountText('');
      clear('amount');
    },
    target,
    setTarget: edit('toAsset', setToAsset),
    amount,
    setAmount: (value: string) => {
      setAmountText(decimalInput(value, decimals));
      clear('amount');
    },
    payAsset,
    decimals,
    available,
    preview,
    errors,
    formRef,
    pending: sender.pending,
    submit,
  };
}
