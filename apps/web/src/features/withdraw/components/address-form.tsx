import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_NICKNAME_MAX, type RechargeType, type WithdrawAddress } from '@app/contract';
import { ChoiceChips } from '../../../components/choice-chips';
import { PasswordField } from '../../../components/password-field';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useAddressForm } from '../hooks/use-address-form';
import { useWithdrawText } from '../strings';

/** Longest address of a catalogued chain is 62 characters (bech32m); a little room for a paste with spaces. */
const ADDRESS_INPUT_MAX = 128;

export interface AddressFormProps {
  coins: readonly RechargeType[];
  initial: { currency?: string | null; chain?: string | null };
  onSaved: (address: WithdrawAddress) => void;
}

/** Coin, network, address (pasted), nickname (optional) and fund password; saves with `currencyAddress/insert`. */
export function AddressForm({ coins, initial, onSaved }: AddressFormProps) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const form = useAddressForm(coins, initial, onSaved);
  const { errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form ref={form.formRef} className="form withdraw-form" noValidate onSubmit={onSubmit} aria-label={w('addAddress')}>
      <SelectField
        label={w('coin')}
        value={form.coin?.symbol ?? ''}
        options={coins.map((c) => ({ value: c.symbol, label: `${c.symbol} — ${c.name}` }))}
        onChange={form.setSymbol}
      />
      {form.coin ? (
        <ChoiceChips
          legend={w('network')}
          options={form.coin.chains.map((c) => ({ value: c.chain, label: c.protocol }))}
          value={form.chain?.chain}
          onChange={form.setChain}
        />
      ) : null}
      <TextField
        label={w('address')}
        hint={w('addressHint')}
        className="withdraw-form__address"
        value={form.address}
        onChange={form.setAddress}
        error={errors.address}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={ADDRESS_INPUT_MAX}
      />
      <TextField
        label={w('nickname')}
        optional
        value={form.nickname}
        onChange={form.setNickname}
        maxLength={WITHDRAW_NICKNAME_MAX}
        autoComplete="off"
      />
      <PasswordField
        label={t('fields.fundPassword')}
        autoComplete="off"
        value={form.fundPassword}
        onChange={form.setFundPassword}
        error={errors.fundPassword}
      />
      <p className="withdraw-note">{w('holdNote')}</p>
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <SubmitButton loading={form.pending}>{w('save')}</SubmitButton>
    </form>
  );
}
