import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_NAMES, type WalletName } from '@app/contract';
import { IconSwap } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import type { useTransferForm } from '../hooks/use-transfer-form';

/** The classes of the transfer form in one layout: the form, the from/to row and its swap button. */
export interface TransferFormClasses {
  form: string;
  accounts: string;
  swap: string;
}

/**
 * The transfer between accounts (docs/product.md §2): from, swap, to, coin, amount with "all", submit. One
 * form for both layouts (the mobile transfer page, the desktop assets page's panel); each passes
 * its state (`useTransferForm`) and its classes.
 */
export function TransferForm({
  form,
  classes,
}: {
  form: ReturnType<typeof useTransferForm>;
  classes: TransferFormClasses;
}) {
  const { t } = useTranslation();
  const walletOptions = WALLET_NAMES.map((w) => ({ value: w, label: t(`wallets.${w}`) }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form ref={form.formRef} className={classes.form} noValidate onSubmit={onSubmit}>
      <div className={classes.accounts}>
        <SelectField
          label={t('transfer.from')}
          value={form.fromAccount}
          options={walletOptions}
          onChange={(v) => form.setFromAccount(v as WalletName)}
        />
        <button
          type="button"
          className={`icon-button ${classes.swap}`}
          onClick={form.swap}
          aria-label={t('transfer.swap')}
        >
          <IconSwap />
        </button>
        <SelectField
          label={t('transfer.to')}
          value={form.toAccount}
          options={walletOptions}
          onChange={(v) => form.setToAccount(v as WalletName)}
          error={form.errors.toAccount}
        />
      </div>

      <SelectField
        label={t('transfer.coin')}
        value={form.asset}
        options={form.assetSymbols.map((symbol) => ({ value: symbol, label: symbol }))}
        onChange={form.setAsset}
      />

      <TextField
        label={t('transfer.amount')}
        placeholder={t('transfer.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onChange={form.setAmount}
        error={form.errors.amount}
        hint={t('transfer.available', { amount: form.availableText, asset: form.asset })}
        end={
          <button
            type="button"
            className="field__text-button"
            disabled={form.available === undefined}
            onClick={form.fillAll}
          >
            {t('transfer.all')}
          </button>
        }
      />
      <SubmitButton loading={form.pending}>{t('transfer.submit')}</SubmitButton>
    </form>
  );
}
