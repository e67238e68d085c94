import { useId, type ReactNode } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from 'react-i18next';
import type { AssetInfo, ExchangeInfo, OtcSide, OtcTrade } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { formatAssetAmount } from '../../../lib/format';
import { toastSuccess } from '../../../lib/feedback/toast';
import type { ModalQuestion } from '../../../components/confirm-modal';
import { formatOtcAmount, formatOtcPrice } from '../model/otc-figures';
import type { OtcPreview } from '../model/otc-preview';
import type { OtcConfirmation } from '../hooks/otc-prompts';
import { OTC_QUOTE_ASSET, useOtcTrade } from '../hooks/use-otc-trade';
import '../otc.css';
import { useOtcText } from '../strings';

interface TradeFormProps {
  side: OtcSide;
  quote: ExchangeInfo | undefined;
  assets: readonly AssetInfo[] | undefined;
  /** Fetches a new quote and resolves with it. */
  requote: () => Promise<ExchangeInfo | undefined>;
  onTraded: (trade: OtcTrade) => void;
  /**
   * How the form asks the user (the desktop page's modal); the phone's dialog when absent. With
   * `desk`, the desktop form's look: its class, and the preview's place kept while empty.
   */
  ask?: (question: ModalQuestion) => Promise<boolean>;
  desk?: boolean;
}

export function PreviewList({ preview }: { preview: OtcPreview }) {
  const o = useOtcText();
  const rows: Array<[string, ReactNode]> = [
    // As every OTC figure (model/otc-figures.ts): amounts in the coin's display decimals, the price formatted.
    [o('youPay'), formatOtcAmount(preview.pay, preview.payAsset)],
    [o('youGet'), formatOtcAmount(preview.get, preview.getAsset)],
    [o('fee'), formatOtcAmount(preview.fee, preview.feeAsset)],
    [o('price'), `${formatOtcPrice(preview.price)} ${OTC_QUOTE_ASSET}`],
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

interface CoinSelectProps {
  id: string;
  label: string;
  value: string;
  coins: readonly string[];
  onChange: (value: string) => void;
  exclude?: string;
  invalid?: boolean;
}

export function CoinSelect({ id, label, value, coins, onChange, exclude, invalid = false }: CoinSelectProps) {
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
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
}

/**
 * One OTC form: buy a coin with USDT, sell a coin for USDT, or flash-exchange two coins (the flow:
 * useOtcTrade), on the phone page and the desktop page.
 */
export function TradeForm({ side, quote, assets, requote, onTraded, ask, desk = false }: TradeFormProps) {
  const { t } = useTranslation();
  const o = useOtcText();
  const ids = { coin: useId(), to: useId() };
  const confirm = ({ preview, requoted }: OtcConfirmation) =>
    (ask ?? confirmDialog)({
      title: requoted ? o('newRatesTitle') : o('confirmTitle'),
      content: (
        <div>
          {requoted ? <p className="otc-preview__note">{o('newRatesText')}</p> : null}
          <PreviewList preview={preview} />
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
  const confirmDemo = () => confirmDemoInvestment(ask);
  const trade = useOtcTrade({
    side,
    quote,
    assets,
    requote,
    onTraded,
    prompts: { confirmDemo, confirm, notify: toastSuccess },
  });
  const { coin, decimals, available, preview } = trade;

  return (
    <form
      ref={trade.formRef}
      className={desk ? 'form desk-form' : 'form'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void trade.submit();
      }}
    >
      <CoinSelect
        id={ids.coin}
        label={side === 'flash' ? o('fromCoin') : o('coin')}
        value={coin}
        coins={trade.coins}
        onChange={trade.setCoin}
      />
      {side === 'flash' ? (
        <CoinSelect
          id={ids.to}
          label={o('toCoin')}
          value={trade.target}
          coins={trade.coins}
          onChange={trade.setTarget}
          exclude={coin}
          invalid={!!trade.errors.toAsset}
        />
      ) : null}
      <TextField
        label={side === 'buy' ? o('spendAmount', { asset: OTC_QUOTE_ASSET }) : o('coinAmount', { asset: coin })}
        placeholder={o('amountPlaceholder', { decimals })}
        inputMode="decimal"
        autoComplete="off"
        value={trade.amount}
        onChange={trade.setAmount}
        error={trade.errors.amount}
        hint={o('available', {
          amount: formatAssetAmount(available, trade.payAsset),
          asset: trade.payAsset,
        })}
      />
      {preview || desk ? (
        <section className="otc-preview__card" aria-label={o('preview')} aria-live="polite">
          {preview ? <PreviewList preview={preview} /> : <p className="desk-note">{o('preview')}: —</p>}
        </section>
      ) : null}
      <SubmitButton loading={trade.pending}>{o(`submit.${side}`)}</SubmitButton>
    </form>
  );
}
