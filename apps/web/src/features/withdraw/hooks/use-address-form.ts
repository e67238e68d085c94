import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositChainId, RechargeType, WithdrawAddress } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkRequired, collectErrors } from '../../../lib/forms/validation';
import { useInsertWithdrawAddress } from '../api/insert-withdraw-address';
import { fieldOfError, pickChain, pickCoin } from '../model/address-book';

type Field = 'address' | 'fundPassword' | 'form';

/**
 * The add-address form: coin, chain (the coin's first until one is picked), address, nickname and
 * fund password. Only empty fields are checked here; the server checks the address for its chain
 * and the fund password, and its refusal is shown beside the field it is about.
 */
export function useAddressForm(
  coins: readonly RechargeType[],
  initial: { currency?: string | null; chain?: string | null },
  onSaved: (a: WithdrawAddress) => void,
) {
  const { t } = useTranslation();
  const [symbol, setSymbol] = useState(() => pickCoin(coins, initial.currency)?.symbol ?? '');
  const coin = pickCoin(coins, symbol);
  const [chainWanted, setChain] = useState<string | null>(initial.chain ?? null);
  const chain = pickChain(coin, chainWanted);
  const [address, setAddress] = useState('');
  const [nickname, setNickname] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const insert = useInsertWithdrawAddress();

  const submit = () => {
    if (!coin || !chain) return;
    const invalid = report(
      collectErrors<Field>({ address: checkRequired(address), fundPassword: checkRequired(fundPassword), form: null }),
    );
    if (invalid) return;
    insert.mutate(
      {
        currency: coin.symbol,
        chainType: chain.chain,
        address: address.trim(),
        nickname: nickname.trim(),
        fundPassword,
      },
      {
        onSuccess: onSaved,
        onError: (e) => {
          const message = e instanceof ApiError ? e.message : t('network.serverError');
          report({ [e instanceof ApiError ? (fieldOfError(e.code) ?? 'form') : 'form']: message });
        },
      },
    );
  };

  return {
    coin,
    chain,
    setSymbol: edit('form', (next: string) => {
      setSymbol(next);
      setChain(null);
    }),
    setChain: edit('address', (next: DepositChainId) => setChain(next)),
    address,
    setAddress: edit('address', setAddress),
    nickname,
    setNickname,
    fundPassword,
    setFundPassword: edit('fundPassword', setFundPassword),
    errors,
    formRef,
    submit,
    pending: insert.isPending,
  };
}
