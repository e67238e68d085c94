import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransferBody, WalletName } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { useAssetList } from '../../../lib/api/get-asset-list';
import { useValidAsset } from '../../../lib/api/get-valid-asset';
import { useKeyMemo } from '../../../lib/api/idempotency';
import type { AskConfirm } from '../../../lib/feedback/confirm';
import { confirmDemoInvestment } from '../../../lib/feedback/demo-confirm';
import { formatAssetAmount, formatExact } from '../../../lib/format';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { decimalInput } from '../../../lib/forms/validation';
import { useTransferAsset } from '../api/transfer-asset';
import { ASSETS_PATHS } from '../components/assets-paths';
import { checkTransfer, initialAccounts, type TransferField } from '../model/transfer';

/**
 * The transfer between the currency, option and financing accounts: accounts, coin, amount,
 * the checks, the demo warning and the confirmation (asked through `confirm`, which the
 * rendering layout supplies), then the idempotent request. After a transfer the mobile page goes
 * back to the assets page; a layout that shows the form beside the balances passes `onDone`
 * instead (the amount is cleared and the page stays).
 */
export function useTransferForm(confirm: AskConfirm, onDone?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialAccounts(params.get('from'), params.get('to')));
  const [fromAccount, setFrom] = useState<WalletName>(initial.fromAccount);
  const [toAccount, setTo] = useState<WalletName>(initial.toAccount);
  const [asset, setAssetState] = useState(params.get('asset') ?? 'USDT');
  const [amount, setAmountState] = useState('');
  const { errors, formRef, report, clear } = useFormErrors<TransferField>();
  const assets = useAssetList();
  const balance = useValidAsset(fromAccount, asset);
  const transfer = useTransferAsset();
  // One Idempotency-Key per transfer confirmed: the same body sent again after a lost answer keeps it.
  const keys = useKeyMemo<TransferBody>();

  const info = assets.data?.find((a) => a.symbol === asset);
  // Transfers move ledger amounts: the coin's full scale is allowed, so "All" always fits.
  const inputDecimals = info?.scale ?? 8;
  const available = balance.data?.available;

  const setFromAccount = (wallet: WalletName) => {
    setFrom(wallet);
    clear('toAccount');
    clear('amount');
  };
  const setToAccount = (wallet: WalletName) => {
    setTo(wallet);
    clear('toAccount');
  };
  const swap = () => {
    setFrom(toAccount);
    setTo(fromAccount);
    clear('toAccount');
    clear('amount');
  };
  const setAsset = (symbol: string) => {
    setAssetState(symbol);
    setAmountState('');
    clear('amount');
  };
  const setAmount = (typed: string) => {
    setAmountState(decimalInput(typed, inputDecimals));
    clear('amount');
  };
  const fillAll = () => {
    if (available === undefined) return;
    setAmountState(available);
    clear('amount');
  };

  const submit = async () => {
    if (report(checkTransfer({ fromAccount, toAccount, amount, available, decimals: inputDecimals }))) return;
    if (!(await confirmDemoInvestment(confirm))) return;
    const body: TransferBody = { fromAccount, toAccount, asset, amount: amount.trim() };
    const confirmed = await confirm({
      title: t('transfer.confirmTitle'),
      content: t('transfer.confirmText', {
        amount: formatExact(body.amount),
        asset,
        from: t(`wallets.${fromAccount}`),
        to: t(`wallets.${toAccount}`),
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    transfer.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          keys.answered();
          toastSuccess(t('transfer.success'));
          if (onDone) {
            setAmountState('');
            onDone();
          } else {
            navigate(ASSETS_PATHS.index, { replace: true });
          }
        },
        onError: (error) => {
          // A definite answer from the server: the next confirmation is a new transfer.
          if (!(error instanceof ApiError && error.kind === 'transport')) keys.answered();
        },
      },
    );
  };

  return {
    fromAccount,
    setFromAccount,
    toAccount,
    setToAccount,
    swap,
    asset,
    setAsset,
    assetSymbols: (assets.data ?? [{ symbol: asset }]).map((a) => a.symbol),
    amount,
    setAmount,
    fillAll,
    available,
    availableText: formatAssetAmount(available, asset),
    errors,
    formRef,
    submit,
    pending: transfer.isPending,
  };
}
