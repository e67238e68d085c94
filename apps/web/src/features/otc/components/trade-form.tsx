import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorKeyByCode, type AssetInfo, type ExchangeInfo, type OtcSide, type OtcTrade } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api/api-client';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { formatDecimal } from '../../../lib/format';
import { catalogMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkAmount, collectErrors, decimalInput } from '../../../lib/forms/validation';
import { useCurrencyBuy } from '../api/currency-buy';
import { useCurrencySell } from '../api/currency-sell';
import { useFlashExchange } from '../api/flash-exchange';
import { otcPreview, type OtcPreview } from '../hooks/otc-preview';

const QUOTE = 'USDT';
/** How many times a trade is re-confirmed at new rates after its quote expired or was used. */
const MAX_REQUOTES = 3;

type Field = 'amount' | 'toAsset';

interface TradeFormProps {
  side: OtcSide;
  quote: ExchangeInfo | undefined;
  assets: readonly AssetInfo[] | undefined;
  /** Fetches a new quote and resolves with it. */
  requote: () => Promise<ExchangeInfo | undefined>;
  onTraded: (trade: OtcTrade) => void;
}

function PreviewList({ preview }: { preview: OtcPreview }) {
  const { t } = useTranslation();
  const rows: Array<[string, ReactNode]> = [
    [t('otc.youPay'), `${preview.pay} ${preview.payAsset}`],
    [t('otc.youGet'), `${preview.get} ${preview.getAsset}`],
    [t('otc.fee'), `${preview.fee} ${preview.feeAsset}`],
    [t('otc.price'), `${preview.price} ${QUOTE}`],
  ];
  return (
    <dl className="otc-preview">
      {rows.map(([label, value]) => (
        <div key={label} className="otc-preview__row">
          <dt>{label}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One OTC form: buy a coin with USDT, sell a coin for USDT, or flash-exchange two coins. */
export function TradeForm({ side, quote, assets, requote, onTraded }: TradeFormProps) {
  const { t } = useTranslation();
  const coins = (quote?.rates ?? []).map((r) => r.asset);
  const [asset, setAsset] = useState('BTC');
  const [toAsset, setToAsset] = useState('ETH');
  const [amount, setAmount] = useState('');
  const { errors, formRef, report, clear, edit } = useFormErrors<Field>();
  const ids = { coin: useId(), to: useId() };
  const buy = useCurrencyBuy();
  const sell = useCurrencySell();
  const flash = useFlashExchange();
  const pending = buy.isPending || sell.isPending || flash.isPending;
  const pendingKey = useRef<{ body: string; key: string } | null>(null);

  const coin = coins.includes(asset) ? asset : (coins[0] ?? asset);
  const target = toAsset !== coin && coins.includes(toAsset) ? toAsset : (coins.find((c) => c !== coin) ?? toAsset);
  const payAsset = side === 'buy' ? QUOTE : coin;
  const payInfo = assets?.find((a) => a.symbol === payAsset);
  const decimals = payInfo?.amountDecimals ?? 5;
  const balance = useValidAsset('currency', payAsset);
  const available = balance.data?.available;
  const input = { side, asset: coin, toAsset: side === 'flash' ? target : undefined, amount: amount.trim() };
  const preview = quote && assets && amount.trim() ? otcPreview(input, quote, assets) : null;

  const send = (q: ExchangeInfo): Promise<OtcTrade> => {
    const single = { quoteId: q.quoteId, asset: coin, amount: input.amount };
    const pair = { quoteId: q.quoteId, fromAsset: coin, toAsset: target, amount: input.amount };
    const text = JSON.stringify(side === 'flash' ? pair : single);
    // One key per confirmation; the same key only when this very request is sent again.
    if (pendingKey.current?.body !== text) pendingKey.current = { body: text, key: crypto.randomUUID() };
    const idempotencyKey = pendingKey.current.key;
    if (side === 'buy') return buy.mutateAsync({ body: single, idempotencyKey });
    if (side === 'sell') return sell.mutateAsync({ body: single, idempotencyKey });
    return flash.mutateAsync({ body: pair, idempotencyKey });
  };

  const confirmAt = (q: ExchangeInfo, requoted: boolean) => {
    const p = assets ? otcPreview(input, q, assets) : null;
    if (!p) return Promise.resolve(false);
    return Dialog.confirm({
      title: requoted ? t('otc.newRatesTitle') : t('otc.confirmTitle'),
      content: (
        <div>
          {requoted ? <p className="otc-preview__note">{t('otc.newRatesText')}</p> : null}
          <PreviewList preview={p} />
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const amountError = checkAmount(amount, available, decimals);
    const invalid = report(
      collectErrors<Field>({
        amount: amountError ?? (preview ? null : catalogMessage('AMOUNT_OUT_OF_RANGE')),
        toAsset: side === 'flash' && coin === target ? catalogMessage('SAME_ASSET') : null,
      }),
    );
    if (invalid || !quote) return;
    if (!(await confirmDemoInvestment())) return;
    let q: ExchangeInfo | undefined = Date.parse(quote.expiresAt) > Date.now() ? quote : await requote();
    let requoted = false;
    for (let attempt = 0; q && attempt <= MAX_REQUOTES; attempt += 1) {
      if (!(await confirmAt(q, requoted))) return;
      try {
        const trade = await send(q);
        pendingKey.current = null;
        setAmount('');
        toastSuccess(t('otc.success'));
        onTraded(trade);
        return;
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind !== 'transport') pendingKey.current = null;
        const key: string | undefined = error instanceof ApiError ? errorKeyByCode(error.code) : undefined;
        // Spec of the quote: expired or already used means new rates, confirmed again.
        if (key !== 'QUOTE_EXPIRED' && key !== 'QUOTE_USED') return;
        q = await requote();
        requoted = true;
      }
    }
  };

  const coinSelect = (id: string, label: string, value: string, onChange: (v: string) => void, exclude?: string) => (
    <div className={`field${id === ids.to && errors.toAsset ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select id={id} className="field__input field__select" value={value} onChange={(e) => onChange(e.target.value)}>
          {coins
            .filter((c) => c !== exclude)
            .map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
        </select>
      </div>
    </div>
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {coinSelect(ids.coin, side === 'flash' ? t('otc.fromCoin') : t('otc.coin'), coin, (v) => {
        setAsset(v);
        setAmount('');
        clear('amount');
      })}
      {side === 'flash'
        ? coinSelect(ids.to, t('otc.toCoin'), target, edit('toAsset', setToAsset), coin)
        : null}
      <TextField
        label={side === 'buy' ? t('otc.spendAmount', { asset: QUOTE }) : t('otc.coinAmount', { asset: coin })}
        placeholder={t('otc.amountPlaceholder', { decimals })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(v) => {
          setAmount(decimalInput(v, decimals));
          clear('amount');
        }}
        error={errors.amount}
        hint={t('otc.available', {
          amount: available !== undefined ? formatDecimal(available, decimals) : '--',
          asset: payAsset,
        })}
      />
      {preview ? (
        <section className="otc-preview__card" aria-label={t('otc.preview')} aria-live="polite">
          <PreviewList preview={preview} />
        </section>
      ) : null}
      <SubmitButton loading={pending}>{t(`otc.submit.${side}`)}</SubmitButton>
    </form>
  );
}
