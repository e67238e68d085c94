import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositChainId, RechargeType, WithdrawCreateBody, WithdrawQuote } from '@app/contract';
import { ApiError } from '../../../lib/api/api-client';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { collectErrors, decimalInput } from '../../../lib/forms/validation';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawAddressInfo } from '../api/get-withdraw-address-info';
import { useWithdrawFee } from '../api/get-withdraw-fee';
import { pickCoin } from '../model/address-book';
import {
  addressChoice,
  checkWithdrawAmount,
  expectedReceipt,
  isAmountError,
  maxSendable,
} from '../model/withdraw-form';

type Field = 'address' | 'amount' | 'form';

/**
 * The withdraw form: coin, network (the coin's chains from the address book's `info`), one of the
 * saved addresses usable now on that network, and the amount (the fee is inside it). The fee,
 * limits and balance come from `withdraw-fee`; the amount is checked against them here and again by
 * the server, whose quote (`create`) opens the confirmation with the fund password.
 */
export function useWithdrawForm(
  coins: readonly RechargeType[],
  initial: { currency?: string | null; chain?: string | null },
) {
  const { t } = useTranslation();
  const [symbol, setSymbolState] = useState(() => pickCoin(coins, initial.currency)?.symbol ?? '');
  const coin = pickCoin(coins, symbol);
  const [chainWanted, setChainWanted] = useState<string | null>(initial.chain ?? null);
  const [addressWanted, setAddressWanted] = useState<string | null>(null);
  const [amount, setAmountState] = useState('');
  const [quote, setQuote] = useState<WithdrawQuote | null>(null);
  const { errors, formRef, report, clear } = useFormErrors<Field>();
  const info = useWithdrawAddressInfo(coin?.symbol);
  const chains = info.data?.chains ?? [];
  const chain = chains.find((c) => c.chainType === chainWanted) ?? chains[0];
  // Withdrawals move real money only: the demo account is told so instead of asking (WITHDRAW_REAL_ONLY).
  const demo = useSessionStore((s) => s.typeUser === 'demo');
  const fee = useWithdrawFee(demo ? undefined : coin?.symbol, chain?.chainType);
  const feeInfo =
    fee.data?.currency === coin?.symbol && fee.data?.chainType === chain?.chainType ? fee.data : undefined;
  const choice = addressChoice(chain?.addresses ?? [], Date.now());
  const address = choice.usable.find((a) => a.id === addressWanted) ?? choice.usable[0];
  const create = useCreateWithdrawal();
  const receive = feeInfo ? expectedReceipt(amount, feeInfo.fee, feeInfo.amountDecimals) : null;

  const body = (): WithdrawCreateBody | null =>
    coin && chain && address
      ? { currency: coin.symbol, chainType: chain.chainType, addressId: address.id, amount: amount.trim() }
      : null;

  const submit = () => {
    if (!feeInfo) return;
    const problem = checkWithdrawAmount(amount, feeInfo);
    const next = body();
    const invalid = report(
      collectErrors<Field>({
        address: address ? null : catalogMessage('FIELD_REQUIRED'),
        amount: problem ? catalogMessage(problem.key, problem.params) : null,
        form: null,
      }),
    );
    if (invalid || !next) return;
    create.mutate(next, {
      onSuccess: setQuote,
      onError: (e) => {
        const message = e instanceof ApiError ? e.message : t('network.serverError');
        report({ [e instanceof ApiError && isAmountError(e.code) ? 'amount' : 'form']: message });
      },
    });
  };

  /** A new quote for the same withdrawal (the last one ran out while the user read it); null if it is refused. */
  const requote = async (): Promise<WithdrawQuote | null> => {
    const next = body();
    if (!next) return null;
    try {
      const fresh = await create.mutateAsync(next);
      setQuote(fresh);
      return fresh;
    } catch {
      return null;
    }
  };

  const resetChoice = () => {
    setAmountState('');
    setAddressWanted(null);
    clear('amount');
    clear('address');
    clear('form');
  };

  return {
    demo,
    coin,
    setSymbol: (next: string) => {
      setSymbolState(next);
      setChainWanted(null);
      resetChoice();
    },
    info,
    chain,
    setChain: (next: DepositChainId) => {
      setChainWanted(next);
      resetChoice();
    },
    fee,
    feeInfo,
    choice,
    address,
    setAddress: (id: string) => {
      setAddressWanted(id);
      clear('address');
    },
    amount,
    setAmount: (typed: string) => {
      setAmountState(decimalInput(typed, feeInfo?.amountDecimals ?? 8));
      clear('amount');
      clear('form');
    },
    fillAll: () => {
      if (!feeInfo) return;
      setAmountState(maxSendable(feeInfo));
      clear('amount');
    },
    receive,
    errors,
    formRef,
    submit,
    pending: create.isPending,
    quote,
    closeQuote: () => setQuote(null),
    requote,
    /** After a confirmed withdrawal the form starts again from an empty amount. */
    done: () => {
      setQuote(null);
      setAmountState('');
    },
  };
}

export type WithdrawFormState = ReturnType<typeof useWithdrawForm>;
