import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES, type TransferBody, type WalletName } from '@app/contract';
import { IconSwap } from '../../../components/icons';
import { SubmitButton } from '../../../components/submit-button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { confirmDemoInvestment } from '../../../lib/demo-confirm';
import { formatDecimal } from '../../../lib/format';
import { catalogMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkTransferAmount, collectErrors, decimalInput } from '../../../lib/validation';
import { useTransferAsset } from '../api/transfer-asset';
import { ASSETS_PATHS } from './assets-paths';

type Field = 'toAccount' | 'amount';

function walletOr(value: string | null, fallback: WalletName): WalletName {
  return WALLET_NAMES.includes(value as WalletName) ? (value as WalletName) : fallback;
}

/** /pages/assets/transfer: move a coin between the currency, option and financing accounts. */
export function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialFrom = walletOr(params.get('from'), 'currency');
  const [fromAccount, setFromAccount] = useState<WalletName>(initialFrom);
  const [toAccount, setToAccount] = useState<WalletName>(initialFrom === 'option' ? 'currency' : 'option');
  const [asset, setAsset] = useState(params.get('asset') ?? 'USDT');
  const [amount, setAmount] = useState('');
  const { errors, formRef, report, clear } = useFormErrors<Field>();
  const assets = useAssetList();
  const balance = useValidAsset(fromAccount, asset);
  const transfer = useTransferAsset();
  // The key of the confirmation in progress, reused only when that same transfer is retried
  // after its answer was lost (a transport failure), so the server moves the money once.
  const pendingKey = useRef<{ body: string; key: string } | null>(null);
  const walletOptions = WALLET_NAMES.map((w) => ({ value: w, label: t(`wallets.${w}`) }));

  const info = assets.data?.find((a) => a.symbol === asset);
  // Transfers move ledger amounts: the coin's full scale is allowed, so "All" always fits.
  const inputDecimals = info?.scale ?? 8;
  const available = balance.data?.available;

  const swap = () => {
    setFromAccount(toAccount);
    setToAccount(fromAccount);
    clear('toAccount');
    clear('amount');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        toAccount: fromAccount === toAccount ? catalogMessage('SAME_WALLET') : null,
        amount: checkTransferAmount(amount, available, inputDecimals),
      }),
    );
    if (invalid) return;
    if (!(await confirmDemoInvestment())) return;
    const body: TransferBody = { fromAccount, toAccount, asset, amount: amount.trim() };
    const confirmed = await Dialog.confirm({
      title: t('transfer.confirmTitle'),
      content: t('transfer.confirmText', {
        amount: formatDecimal(body.amount, info?.amountDecimals ?? inputDecimals),
        asset,
        from: t(`wallets.${fromAccount}`),
        to: t(`wallets.${toAccount}`),
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const text = JSON.stringify(body);
    if (pendingKey.current?.body !== text) pendingKey.current = { body: text, key: crypto.randomUUID() };
    transfer.mutate(
      { body, idempotencyKey: pendingKey.current.key },
      {
        onSuccess: () => {
          pendingKey.current = null;
          toastSuccess(t('transfer.success'));
          navigate(ASSETS_PATHS.index, { replace: true });
        },
        onError: (error) => {
          // A definite answer from the server: the next confirmation is a new transfer.
          if (!(error instanceof ApiError && error.kind === 'transport')) pendingKey.current = null;
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="transfer-accounts">
        <SelectField
          label={t('transfer.from')}
          value={fromAccount}
          options={walletOptions}
          onChange={(v) => {
            setFromAccount(v as WalletName);
            clear('toAccount');
            clear('amount');
          }}
        />
        <button type="button" className="icon-button transfer-accounts__swap" onClick={swap} aria-label={t('transfer.swap')}>
          <IconSwap />
        </button>
        <SelectField
          label={t('transfer.to')}
          value={toAccount}
          options={walletOptions}
          onChange={(v) => {
            setToAccount(v as WalletName);
            clear('toAccount');
          }}
          error={errors.toAccount}
        />
      </div>

      <SelectField
        label={t('transfer.coin')}
        value={asset}
        options={(assets.data ?? [{ symbol: asset }]).map((a) => ({ value: a.symbol, label: a.symbol }))}
        onChange={(v) => {
          setAsset(v);
          setAmount('');
          clear('amount');
        }}
      />

      <TextField
        label={t('transfer.amount')}
        placeholder={t('transfer.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(v) => {
          setAmount(decimalInput(v, inputDecimals));
          clear('amount');
        }}
        error={errors.amount}
        hint={t('transfer.available', {
          amount: available !== undefined ? formatDecimal(available, info?.amountDecimals ?? inputDecimals) : '--',
          asset,
        })}
        end={
          <button
            type="button"
            className="field__text-button"
            disabled={available === undefined}
            onClick={() => {
              if (available === undefined) return;
              setAmount(available);
              clear('amount');
            }}
          >
            {t('transfer.all')}
          </button>
        }
      />
      <SubmitButton loading={transfer.isPending}>{t('transfer.submit')}</SubmitButton>
    </form>
  );
}
